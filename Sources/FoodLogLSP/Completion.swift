import FoodLogCore
import FoodLogEngine
import MealSyntax

extension LanguageServer {
    /// Completion at the cursor from the one context logic the REPL uses
    /// (``CompletionContext``, ``Completer``): the library is the diary's plus this document's
    /// own definitions.
    func completion(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        guard let position = Position(params["position"]) else {
            throw Failure(code: .invalidParams, message: "position is missing")
        }
        let source = document.source
        let offset = document.offset(of: position, encoding: encoding)
        let lineIndex = source.lineIndex(of: offset)
        let lineStart = source.lineStarts[lineIndex]
        let prefix = source.text(SourceRange(lineStart, offset))
        let context = CompletionContext.at(linePrefix: prefix, continuing: continuedKeyword(before: lineIndex, source))
        var library: [LibraryName] = []
        if context.slots.contains(.food) {
            // The document's own definitions first (they may not be in the diary yet), from
            // the analysis the diagnostics were published from (not a parse at each keystroke).
            let sites = NameSite.sites(in: statements(of: document), uses: false).definitions
            library = sites.map {
                LibraryName(name: $0.name, kind: $0.kind == "food" ? "custom" : $0.kind, kcalPer100g: nil)
            }
            if let diary = analyzer.currentDiary() { library += LibraryName.all(in: diary) }
        }
        let (candidates, complete) = completer.candidates(for: context, library: library)
        let replaced = JSON.object([
            ("start", document.position(of: lineStart + context.start, encoding: encoding).json),
            ("end", document.position(of: offset, encoding: encoding).json),
        ])
        let kinds: [CompletionContext.Slot: Double] = [
            .keyword: 14, .unit: 11, .meal: 20, .plan: 9, .food: 6, .phrase: 14,
        ]
        let items = candidates.enumerated().map { index, candidate -> JSON in
            var fields: [(String, JSON)] = [
                ("label", .string(candidate.text)), ("kind", .number(kinds[candidate.slot] ?? 1)),
                ("sortText", .string(sortKey(index))), ("filterText", .string(candidate.text)),
                ("textEdit", .object([("range", replaced), ("newText", .string(candidate.text))])),
            ]
            if let detail = candidate.detail, !detail.isEmpty { fields.append(("detail", .string(detail))) }
            return .object(fields)
        }
        return .object([("isIncomplete", .bool(!complete)), ("items", .array(items))])
    }

    /// The first word of the statement the line continues, when the line before it (blank
    /// and comment lines skipped) ends in `,` `+` `and` or `=`.
    func continuedKeyword(before lineIndex: Int, _ source: SourceFile) -> String? {
        func code(_ index: Int) -> Substring {
            source.text(source.lineRange(index)).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                .first ?? ""
        }
        func previousCodeLine(_ index: Int) -> Int? {
            var line = index - 1
            while line >= 0, code(line).allSatisfy({ $0 == " " || $0 == "\t" }) { line -= 1 }
            return line >= 0 ? line : nil
        }
        guard var first = previousCodeLine(lineIndex), CompletionContext.lineContinues(String(code(first))) else {
            return nil
        }
        while let earlier = previousCodeLine(first), CompletionContext.lineContinues(String(code(earlier))) {
            first = earlier
        }
        let statement = code(first).split(separator: ";").last ?? ""
        return statement.split(separator: " ").first.map(String.init)
    }
}

/// A number as three digits or more (`007`), for sort keys that keep the server's order.
func sortKey(_ number: Int) -> String {
    let digits = number.description
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
}
