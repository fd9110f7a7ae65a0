import FoodLogCore
import Diary
import FoodLogEngine
import MealSyntax
import Nutrition

/// `foodlog resolve`, `foodlog search`, `foodlog info`: the resolver chain and the food table.
enum FoodCommands {
    static let resolve = CommandSpec(
        name: "resolve", summary: "show how items resolve: food, grams and nutrients", arguments: "ITEMS",
        argumentCount: 1...Int.max,
        options: [
            RunCommands.dbOption, OptionSpec("json", help: "print JSON instead of the review"),
            OptionSpec("recipe", help: "read ITEMS as a recipe's lines: meat raw, rice and pasta dry"),
        ],
        details: """
            ITEMS are written as after 'log': quantities, units, names, separated by ',', 'and' or '+'.
            With --recipe they are read as the lines of a 'recipe' definition, weighed as a cook
            weighs them out (unless a line says cooked). Nothing is written to the diary.

            examples:
              foodlog resolve "2 eggs, 200g rice, and a coffee"
              foodlog resolve --json "1 1/2 cups of milk"
              foodlog resolve --recipe "300g basmati rice, 1 lb chicken thighs, 1 onion, diced"
            """
    ) { invocation in
        let text =
            (invocation.has("recipe") ? "recipe resolved = " : "log ") + invocation.positionals.joined(separator: " ")
        let source = SourceFile(name: "<items>", text: text)
        let script = Parser.parse(source)
        let renderer = DiagnosticRenderer(colored: invocation.console.colorOnErrors)
        let parsedItems: [Item]
        switch script.statements.first?.kind {
        case .log(let log)? where !script.hasErrors: parsedItems = log.items
        case .recipe(let recipe)? where !script.hasErrors: parsedItems = recipe.items
        default:
            invocation.console.err(renderer.render(script.diagnostics, in: source))
            return .dataError
        }
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        var items: [ResolvedItem] = []
        var errors: [Diagnostic] = []
        let results: [Result<ResolvedItem, Diagnostic>]
        do throws(DiaryError) { results = try session.resolver.resolveAll(parsedItems) } catch {
            return ioFailure(error, invocation)
        }
        for result in results {
            switch result {
            case .success(let item): items.append(item)
            case .failure(let diagnostic): errors.append(diagnostic)
            }
        }
        if !errors.isEmpty {
            invocation.console.err(renderer.render(errors, in: source))
            return .dataError
        }
        if invocation.has("json") {
            invocation.console.out(ReviewRenderer.json(items, source: source).render() + "\n")
        } else {
            invocation.console.out(ReviewRenderer(colored: invocation.console.colorOnOutput).render(items))
            RunCommands.reportBriefly(items.flatMap { $0.doubts() }, source: source, invocation)
        }
        return .ok
    }

    static let search = CommandSpec(
        name: "search", summary: "search the food table", arguments: "WORDS", argumentCount: 1...Int.max,
        options: [
            RunCommands.dbOption,
            OptionSpec("limit", short: "n", value: "N", help: "show at most N foods (default 10)"),
            OptionSpec("json", help: "print JSON"),
        ],
        details:
            "Your own foods, recipes, saved meals and aliases that have all the words come first, then the table's.\n\nexamples:\n  foodlog search egg\n  foodlog search -n 20 brown rice"
    ) { invocation in
        let limitText = invocation.value("limit") ?? "10"
        guard let limit = Int(limitText), limit > 0 else {
            invocation.console.err("foodlog search: --limit needs a positive number, not '\(limitText)'\n")
            return .usage
        }
        let words = invocation.positionals.joined(separator: " ")
        guard words.utf8.count <= SaneRanges.nameBytes, TextNormalizer.words(words).count <= SaneRanges.nameWords else {
            invocation.console.err(
                "foodlog search: search for at most \(SaneRanges.nameWords) words and \(SaneRanges.nameBytes) bytes, as long as a food name\n"
            )
            return .usage
        }
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        let tables: (table: FoodTable, matcher: FoodMatcher)
        var own: [FoodReference] = []
        do throws(DiaryError) {
            tables = try session.tables.get()
            own = try libraryMatches(words, session)
        } catch { return ioFailure(error, invocation) }
        own = Array(own.prefix(limit))
        let ownKcal = { (reference: FoodReference) -> Double? in
            (try? session.resolver.choose(reference.name))?.per100g[.kcal]
        }
        let found =
            own.map { (id: $0.id, name: $0.name, group: $0.group, kcal: ownKcal($0)) }
            + tables.matcher.search(words, limit: limit - own.count).map {
                (id: $0.food.id, name: $0.food.name, group: $0.food.group, kcal: $0.food.per100g[.kcal])
            }
        if invocation.has("json") {
            let rows = found.map { row -> JSON in
                .object([
                    ("id", .string(row.id)), ("name", .string(row.name)),
                    ("group", .string(row.group)), ("kcal_per_100g", .optional(row.kcal)),
                ])
            }
            invocation.console.out(JSON.object([("foods", .array(rows))]).render() + "\n")
            return .ok
        }
        if found.isEmpty {
            invocation.console.out("no foods match '\(invocation.positionals.joined(separator: " "))'\n")
            return .ok
        }
        for row in found {
            let kcal = row.kcal.map { formatAmount($0) + " kcal/100 g" } ?? "no kcal"
            invocation.console.out(row.id + "  " + row.name + "  (" + row.group + ", " + kcal + ")\n")
        }
        return .ok
    }

    /// The user's foods, recipes, saved meals and aliases whose names hold every search word.
    static func libraryMatches(_ words: String, _ session: Session) throws(DiaryError) -> [FoodReference] {
        let wanted = Set(TextNormalizer.foldedWords(words))
        let hasAll = { (name: String) in wanted.isSubset(of: Set(TextNormalizer.foldedWords(name))) }
        var found: [FoodReference] = []
        for food in try session.diary.libraryFoods() where hasAll(food.name) {
            let group = food.kind == .custom ? "Custom foods" : (food.kind == .recipe ? "Recipes" : "Saved meals")
            found.append(
                FoodReference(
                    id: food.kind.rawValue + ":" + TextNormalizer.key(food.name), name: food.name, group: group))
        }
        for alias in try session.diary.aliases() where hasAll(alias.name) {
            found.append(
                FoodReference(
                    id: "alias:" + TextNormalizer.key(alias.name), name: alias.name, group: "Aliases → " + alias.target)
            )
        }
        return found
    }

    static let info = CommandSpec(
        name: "info", summary: "a food's nutrients per 100 g and its portions", arguments: "FOOD",
        argumentCount: 1...Int.max, options: [RunCommands.dbOption, OptionSpec("json", help: "print JSON")],
        details:
            "FOOD is a name as in 'log' or an id such as usda:01123.\n\nexamples:\n  foodlog info egg\n  foodlog info usda:20045"
    ) { invocation in
        let name = invocation.positionals.joined(separator: " ")
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        let found: FoodChoice?
        do throws(DiaryError) { found = try session.resolver.choose(name) } catch {
            return ioFailure(error, invocation)
        }
        guard let choice = found else {
            invocation.console.err("foodlog info: no food matches '\(name)'\n")
            return .dataError
        }
        if invocation.has("json") {
            invocation.console.out(
                JSON.object([
                    ("id", .string(choice.food.id)), ("name", .string(choice.food.name)),
                    ("group", .string(choice.food.group)),
                    ("source", .string(choice.source.rawValue)), ("tags", .array(choice.tags.map(JSON.string))),
                    ("estimate", .bool(choice.estimateReason != nil)),
                    ("per_100g", ReviewRenderer.nutrientsJSON(choice.per100g)),
                    (
                        "portions",
                        .array(
                            choice.portions.map {
                                .object([
                                    ("amount", .number($0.amount)), ("unit", .string($0.unit)),
                                    ("grams", .number($0.grams)),
                                ])
                            })
                    ),
                ]).render() + "\n")
            return .ok
        }
        var text = "\(choice.food.name) [\(choice.food.id)]\n\(choice.food.group) · \(choice.source.rawValue)"
        if !choice.tags.isEmpty { text += " · tags: " + choice.tags.joined(separator: " ") }
        text += "\n"
        if let reason = choice.estimateReason { text += "estimate: \(reason)\n" }
        text += "\nper 100 g:\n"
        for nutrient in Nutrient.all {
            guard let value = choice.per100g[nutrient] else { continue }
            text += "  " + nutrient.name.padding(to: 22) + formatAmount(value) + " " + nutrient.unit + "\n"
        }
        text += "\nportions:\n"
        if choice.portions.isEmpty { text += "  (none: give grams)\n" }
        for portion in choice.portions { text += "  " + portion.label + "\n" }
        invocation.console.out(text)
        return .ok
    }

    /// The diary or the food table could not be read (exit 74).
    static func ioFailure(_ error: DiaryError, _ invocation: Invocation) -> ExitCode {
        invocation.console.err("foodlog: \(error.message)\n")
        return .ioError
    }
}
