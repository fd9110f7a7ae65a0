import Diary
import FoodLogCore
import MealSyntax
import Nutrition

/// A name of the library where it is defined or used: custom foods, recipes, saved meals,
/// aliases.
struct NameSite {
    /// The resolver's key of the name (case and spacing folded), what sites are matched by.
    var key: String
    var name: String
    /// `food`, `recipe`, `meal`, `alias`; `use` for a reference.
    var kind: String
    var range: SourceRange
    var statement: SourceRange

    /// The definitions and uses in a script's statements (the uses left out when not wanted:
    /// a long diary has tens of thousands).
    static func sites(in statements: [Statement], uses wanted: Bool = true) -> (
        definitions: [NameSite], uses: [NameSite]
    ) {
        var definitions: [NameSite] = []
        var uses: [NameSite] = []
        func define(_ name: FoodName, _ kind: String, _ statement: Statement) {
            definitions.append(
                NameSite(
                    key: TextNormalizer.key(name.text), name: name.text, kind: kind, range: name.range,
                    statement: statement.range))
        }
        func use(_ items: [Item], _ statement: Statement) {
            guard wanted else { return }
            for item in items {
                uses.append(
                    NameSite(
                        key: TextNormalizer.key(item.name.text), name: item.name.text, kind: "use",
                        range: item.name.range, statement: statement.range))
            }
        }
        for statement in statements {
            switch statement.kind {
            case .food(let food): define(food.name, "food", statement)
            case .recipe(let recipe):
                define(recipe.name, "recipe", statement)
                use(recipe.items, statement)
            case .meal(let meal):
                define(meal.name, "meal", statement)
                use(meal.items, statement)
            case .alias(let alias):
                define(alias.alias, "alias", statement)
                guard wanted else { break }
                uses.append(
                    NameSite(
                        key: TextNormalizer.key(alias.target.text), name: alias.target.text, kind: "use",
                        range: alias.target.range, statement: statement.range))
            case .log(let log): use(log.items, statement)
            default: break
            }
        }
        return (definitions, uses)
    }
}

/// The `.meal` files of the workspace, read when a request needs them (open documents are
/// taken as the editor has them).
struct Workspace {
    var roots: [String] = []
    /// At most this many files are read, each of at most ``fileLimit`` bytes.
    static let fileCountLimit = 2_000
    static let fileLimit = 8 << 20

    /// Paths of the `.meal` files below the roots (hidden folders and `.build` skipped).
    func mealFiles() -> [String] {
        var found: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth < 12, found.count < Workspace.fileCountLimit else { return }
            for name in Files.names(inFolder: folder) where !name.hasPrefix(".") && name != "node_modules" {
                let path = folder + "/" + name
                if name.hasSuffix(".meal") {
                    if found.count < Workspace.fileCountLimit { found.append(path) }
                } else {
                    walk(path, depth: depth + 1)  // a file reads as an empty folder
                }
            }
        }
        for root in roots { walk(root, depth: 0) }
        return found
    }
}

extension LanguageServer {
    /// Every workspace script and open document, parsed: (URI, document) pairs.
    func workspaceDocuments() -> [TextDocument] {
        var result = Array(documents.values).sorted { $0.uri < $1.uri }
        let open = Set(result.map(\.uri))
        for path in workspace.mealFiles() {
            let uri = TextDocument.uri(ofPath: path)
            guard !open.contains(uri), let bytes = try? Files.read(path, limit: Workspace.fileLimit) else { continue }
            result.append(TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self)))
        }
        return result
    }

    /// The statements of a document (its analysis when open, else a parse).
    func statements(of document: TextDocument) -> [Statement] {
        documents[document.uri] != nil ? analysis(of: document).statements : Parser.parse(document.source).statements
    }

    func location(_ range: SourceRange, in document: TextDocument) -> JSON {
        .object([("uri", .string(document.uri)), ("range", document.range(range, encoding: encoding))])
    }

    /// The name under the cursor (a definition's or a use's) and the document it is in.
    func name(at params: JSON) throws(Failure) -> (NameSite, TextDocument)? {
        let document = try document(params)
        guard let position = Position(params["position"]) else {
            throw Failure(code: .invalidParams, message: "position is missing")
        }
        let offset = document.offset(of: position, encoding: encoding)
        let sites = NameSite.sites(in: statements(of: document))
        let site = (sites.definitions + sites.uses).first { $0.range.start <= offset && offset <= $0.range.end }
        return site.map { ($0, document) }
    }

    /// Where the name under the cursor is defined: in the workspace's scripts, else in the
    /// script the diary says defined it.
    func definition(_ params: JSON) throws(Failure) -> JSON {
        guard let (site, _) = try name(at: params) else { return .null }
        var found: [JSON] = []
        for document in workspaceDocuments() {
            for definition in NameSite.sites(in: statements(of: document), uses: false).definitions
            where definition.key == site.key {
                found.append(location(definition.range, in: document))
            }
        }
        if found.isEmpty, let diary = analyzer.currentDiary(), let origins = try? diary.definitionOrigins() {
            for origin in origins where TextNormalizer.key(origin.name) == site.key && origin.origin.hasPrefix("/") {
                guard let bytes = try? Files.read(origin.origin, limit: Workspace.fileLimit) else { continue }
                let document = TextDocument(
                    uri: TextDocument.uri(ofPath: origin.origin), version: 0,
                    text: String(decoding: bytes, as: UTF8.self))
                for definition in NameSite.sites(in: Parser.parse(document.source).statements, uses: false).definitions
                where definition.key == site.key {
                    found.append(location(definition.range, in: document))
                }
            }
        }
        return .array(found)
    }

    /// Every use of the name under the cursor in the workspace (and its definitions when the
    /// client asks for the declaration too).
    func references(_ params: JSON) throws(Failure) -> JSON {
        guard let (site, _) = try name(at: params) else { return .null }
        let withDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        var found: [JSON] = []
        for document in workspaceDocuments() {
            let sites = NameSite.sites(in: statements(of: document))
            for use in (withDeclaration ? sites.definitions : []) + sites.uses where use.key == site.key {
                found.append(location(use.range, in: document))
            }
        }
        return .array(found)
    }

    /// The outline: each day (with its logs inside) and each definition.
    func documentSymbols(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        let statements = statements(of: document)
        var symbols: [JSON] = []
        var day: (date: DayWord, range: SourceRange, children: [JSON])?
        func symbol(_ name: String, _ kind: Int, _ range: SourceRange, _ selection: SourceRange, children: [JSON] = [])
            -> JSON
        {
            var fields: [(String, JSON)] = [
                ("name", .string(name)), ("kind", .number(Double(kind))),
                ("range", document.range(range, encoding: encoding)),
                ("selectionRange", document.range(selection, encoding: encoding)),
            ]
            if !children.isEmpty { fields.append(("children", .array(children))) }
            return .object(fields)
        }
        /// Inside the open day, else at the top.
        func add(_ entry: JSON, _ statement: Statement) {
            guard var open = day else {
                symbols.append(entry)
                return
            }
            open.children.append(entry)
            open.range = open.range.union(statement.range)
            day = open
        }
        func closeDay() {
            guard let open = day else { return }
            symbols.append(symbol(open.date.description, 3, open.range, open.range.prefix(10), children: open.children))
            day = nil
        }
        for statement in statements {
            switch statement.kind {
            case .date(let date):
                closeDay()
                day = (date, statement.range, [])
            case .food(let food): add(symbol("food " + food.name.text, 12, statement.range, food.name.range), statement)
            case .recipe(let recipe):
                add(symbol("recipe " + recipe.name.text, 12, statement.range, recipe.name.range), statement)
            case .meal(let meal): add(symbol("meal " + meal.name.text, 12, statement.range, meal.name.range), statement)
            case .alias(let alias):
                add(symbol("alias " + alias.alias.text, 13, statement.range, alias.alias.range), statement)
            case .log(let log):
                let text = document.source.text(statement.range)
                let name = log.meal.map { "@" + $0.text } ?? String(text.prefix(40))
                add(symbol(name, 6, statement.range, statement.range), statement)
            default: break
            }
        }
        closeDay()
        return .array(symbols)
    }

    /// A quick fix for each diagnostic in the range that carries a suggestion.
    func codeActions(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        let result = analysis(of: document)
        let (first, last) = requestedBytes(params, in: document)
        var actions: [JSON] = []
        for diagnostic in result.diagnostics where diagnostic.range.end >= first && diagnostic.range.start <= last {
            guard let fix = diagnostic.fixIt else { continue }
            let edit = JSON.object([
                ("range", document.range(fix.range, encoding: encoding)), ("newText", .string(fix.replacement)),
            ])
            actions.append(
                .object([
                    ("title", .string(diagnostic.help ?? "replace with '\(fix.replacement)'")),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([lspDiagnostic(diagnostic, in: document)])),
                    ("isPreferred", .bool(true)),
                    ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
                ]))
        }
        return .array(actions)
    }

    /// The canonical layout (``Formatter``, as `foodlog fmt`): one edit over the whole text,
    /// none when it is already formatted, null when the script has errors.
    func formatting(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        guard let formatted = Formatter.format(document.source) else { return .null }
        if Array(formatted.utf8) == document.source.bytes { return .array([]) }
        return .array([
            .object([
                ("range", document.range(SourceRange(0, document.source.bytes.count), encoding: encoding)),
                ("newText", .string(formatted)),
            ])
        ])
    }
}

extension SourceRange {
    /// The first `count` bytes of the range.
    func prefix(_ count: Int) -> SourceRange { SourceRange(start, min(end, start + count)) }
}
