import Diary
import FoodLogCore
import FoodLogEngine
import MealSyntax
import Nutrition

/// `foodlog export --meal`: the diary as a meal script that re-creates it.
///
/// Every text taken from the diary is written by the language's rules, so the script always
/// reads back as the same data and no stored text can become a statement: names through
/// ``QuotedName/quote(_:)``, meal tags and times only when they lex as one tag or time,
/// definitions on one line with their comments left out. Entries logged by scripts keep the
/// item text they were written with (the parser made it). Imported entries have no such text
/// and their foods are not in the library, so each imported food is written as a
/// `food "NAME" per 100 g = …` definition and its entries as `GRAMS g "NAME"`.
struct MealScriptExport {
    let diary: Diary
    let range: DayRange?
    /// The whole diary: the library, aliases, targets, weights and plan choices too.
    let whole: Bool

    func write(to sink: ExportSink) throws(DiaryError) {
        sink.write("# foodlog export" + (range.map { " \($0)" } ?? "") + " — run it with: foodlog run FILE\n")
        for line in try definitions() { sink.write(line + "\n") }
        if whole { try writeSettings(to: sink) }
        guard let range else { return }
        var currentDay: CalendarDate?
        var group: [Entry] = []
        func flush() {
            guard let line = MealScriptExport.logLine(group) else { return }
            sink.write(line + "\n")
            group = []
        }
        try diary.forEachEntry(from: range.first, to: range.last) { entry in
            if entry.day != currentDay {
                flush()
                sink.write(entry.day.description + "\n")
                currentDay = entry.day
            }
            if let last = group.last, last.group != entry.group { flush() }
            group.append(entry)
        }
        flush()
    }

    /// The library's definitions (whole exports) and one for each imported food the entries
    /// use, in the order a diary lists its library (kind, then key), so exporting the diary
    /// that this script creates gives the same lines. A library food wins over an imported
    /// one of the same key, and the first imported food of a key over later ones.
    func definitions() throws(DiaryError) -> [String] {
        var lines: [(kind: String, key: [UInt8], text: String)] = []
        var keys = Set<String>()
        if whole {
            for food in try diary.libraryFoods() {
                let key = TextNormalizer.key(food.name)
                if food.kind == .custom { keys.insert(key) }
                lines.append((food.kind.rawValue, Array(key.utf8), MealScriptExport.oneLine(food.definition)))
            }
        }
        if let range {
            for snapshot in try diary.snapshots(source: "imported", from: range.first, to: range.last) {
                let key = TextNormalizer.key(snapshot.name)
                guard keys.insert(key).inserted else { continue }
                lines.append(
                    (StoredFood.Kind.custom.rawValue, Array(key.utf8), MealScriptExport.foodDefinition(snapshot)))
            }
        }
        return lines.enumerated().sorted { left, right in
            if left.element.kind != right.element.kind { return left.element.kind < right.element.kind }
            if left.element.key != right.element.key {
                return left.element.key.lexicographicallyPrecedes(right.element.key)
            }
            return left.offset < right.offset
        }.map(\.element.text)
    }

    func writeSettings(to sink: ExportSink) throws(DiaryError) {
        for alias in try diary.aliases() {
            sink.write("alias \(QuotedName.quote(alias.name)) = \(QuotedName.quote(alias.target))\n")
        }
        // One line per day and scope (`target 15000 kcal per week from …`), in the order set.
        var targetLines: [(day: CalendarDate, scope: TargetScope, values: [String])] = []
        for target in try diary.targetHistory() {
            guard let written = MealScriptExport.amount(target.value, nutrient: target.nutrient) else { continue }
            if let line = targetLines.lastIndex(where: { $0.day == target.day && $0.scope == target.scope }) {
                targetLines[line].values.append(written)
            } else {
                targetLines.append((target.day, target.scope, [written]))
            }
        }
        for line in targetLines {
            sink.write(
                "target " + line.values.joined(separator: ", ") + (line.scope.phrase.map { " " + $0 } ?? "")
                    + " from \(line.day)\n")
        }
        for weight in try diary.weights() {
            sink.write("weight \(formatNumber(weight.kilograms)) kg on \(weight.day)\n")
        }
        for choice in try diary.planChoices() {
            let options =
                choice.options.isEmpty
                ? ""
                : " with "
                    + choice.options.map { $0.key + " " + MealScriptExport.optionValue($0.value) }
                    .joined(separator: ", ")
            sink.write(
                (choice.plan.map { "plan \(QuotedName.quote($0))\(options) from \(choice.day)" }
                    ?? "plan off from \(choice.day)") + "\n")
        }
    }

    // MARK: - Writing by the language's rules

    /// A plan option's value as the language reads it back: `30`, `"sunday"`, `false`.
    static func optionValue(_ value: PlanOptionValue) -> String {
        switch value {
        case .number(let number): return formatNumber(number, maxDecimals: 4)
        case .text(let text): return QuotedName.quote(text)
        case .flag(let flag): return flag ? "true" : "false"
        }
    }

    /// The `log` line of one statement group's entries (their meal and time are the first's);
    /// nil for no entries. `marked` ends a line with quick adds in a comment saying so.
    /// `foodlog edit` writes a day's entries with this too.
    static func logLine(_ group: [Entry], marked: Bool = true) -> String? {
        guard let first = group.first else { return nil }
        var line = "log " + group.map(MealScriptExport.itemText).joined(separator: ", ")
        if let meal = first.meal.flatMap(MealScriptExport.mealTag) { line += " " + meal }
        if let time = first.time.flatMap(MealScriptExport.time) { line += " at " + time }
        let quickAdds = group.filter { $0.food.source == QuickAdd.sourceName }.map(\.text)
        if marked, !quickAdds.isEmpty { line += " # quick add (energy only): " + quickAdds.joined(separator: ", ") }
        return line
    }

    /// The item as written: a script's own text, or `GRAMS g "NAME"` for an imported entry.
    static func itemText(_ entry: Entry) -> String {
        guard entry.food.source == "imported" else { return entry.text }
        return formatNumber(entry.grams, maxDecimals: 4) + " g " + QuotedName.quote(entry.food.name)
    }

    /// `@meal` when `meal` lexes as exactly one meal tag; nil otherwise (it is left out).
    static func mealTag(_ meal: String) -> String? {
        isOneToken("@" + meal, of: .mealTag) ? "@" + meal : nil
    }

    /// `time` when it lexes as exactly one time of day (`7:05`, `16:30`); nil otherwise.
    static func time(_ time: String) -> String? {
        isOneToken(time, of: .time) ? time : nil
    }

    static func isOneToken(_ text: String, of kind: TokenKind) -> Bool {
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(name: "<export>", text: text))
        return diagnostics.isEmpty && tokens.count == 2 && tokens[0].token.kind == kind && tokens[0].text == text
    }

    /// A definition as one line: its line breaks and continuation comments become one space
    /// (a comment kept inside a joined line would swallow the rest of it).
    static func oneLine(_ definition: String) -> String {
        let source = SourceFile(name: "<definition>", text: definition)
        let (tokens, _) = Lexer.tokenize(source)
        var result = ""
        var previousEnd: Int?
        for lexed in tokens where lexed.token.kind != .end {
            if lexed.token.kind == .newline { continue }
            if let previousEnd {
                let gap = source.text(SourceRange(previousEnd, lexed.token.range.start))
                result += gap.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "#" }) ? " " : gap
            }
            result += lexed.text
            previousEnd = lexed.token.range.end
        }
        return result
    }

    /// `food "NAME" per 100 g [TAGS] = …` for a food known only by its snapshot (every nutrient
    /// it has; the tags that lex as tag words, as an import took them from the food table).
    static func foodDefinition(_ snapshot: FoodSnapshot) -> String {
        var amounts: [String] = []
        // A food needs its energy: an imported row without one is written as 0 kcal.
        amounts.append(formatNumber(snapshot.per100g[Nutrient.kcal] ?? 0, maxDecimals: 4) + " kcal")
        for nutrient in Nutrient.all where nutrient != Nutrient.kcal {
            if let value = snapshot.per100g[nutrient], value.isFinite,
                let written = amount(value, nutrient: nutrient.key)
            {
                amounts.append(written)
            }
        }
        let tags = snapshot.tags.filter { isOneToken($0, of: .word) }
        return "food \(QuotedName.quote(snapshot.name)) per 100 g "
            + (tags.isEmpty ? "" : "[" + tags.joined(separator: ", ") + "] ") + "= " + amounts.joined(separator: ", ")
    }

    /// `120 kcal`, `24 g protein`, `5 mcg vit b12`, `400 iu vit a iu`: an amount as the language
    /// reads it (nil for a nutrient this build does not know).
    static func amount(_ value: Double, nutrient key: String) -> String? {
        let number = formatNumber(value, maxDecimals: 4)
        if key == "kcal" { return number + " kcal" }
        if key == "net_carbs" { return number + " g net carbs" }
        guard let nutrient = Nutrient.named(key) else { return nil }
        let unit: String
        switch nutrient.unit {
        case "µg": unit = "mcg"
        case "IU": unit = "iu"
        default: unit = nutrient.unit
        }
        return number + " " + unit + " " + nutrient.key.replacingUnderscores()
    }
}
