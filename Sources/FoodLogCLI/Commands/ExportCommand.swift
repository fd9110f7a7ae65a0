import FoodLogCore
import Diary
import FoodLogEngine
import MealCompiler
import MealSyntax
import Nutrition

/// `foodlog export --meal|--csv [--daily] [PERIOD]`.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export", summary: "the diary as a meal script (re-creates it) or as CSV", arguments: "[PERIOD]",
        argumentCount: 0...Int.max,
        options: [RunCommands.dbOption, OptionSpec("meal", help: "a meal script: definitions, targets, weights, plans and every log line"),
                  OptionSpec("csv", help: "CSV: one row per entry with date, time, meal, text, food, grams and all nutrients"),
                  OptionSpec("daily", help: "with --csv: one row per day instead"),
                  OptionSpec("output", short: "o", value: "FILE", help: "write to FILE instead of standard output")],
        details: """
        PERIOD defaults to the whole diary. 'foodlog export --meal > all.meal' then
        'foodlog run all.meal' into an empty diary re-creates it (and exporting that gives
        the same file again).

        examples:
          foodlog export --meal > diary.meal
          foodlog export --csv this month -o month.csv
          foodlog export --csv --daily last 30 days
        """
    ) { invocation in
        guard invocation.has("meal") != invocation.has("csv") else {
            invocation.console.err("foodlog export: choose --meal or --csv\nhelp: usage: \(invocation.command.usage)\n")
            return .usage
        }
        guard let diary = Session.open(invocation, access: .readOnly)?.diary else { return .ioError }
        do throws(DiaryError) {
            var range = try diary.dayBounds()
            // Everything (`all`, or no period): definitions, targets and plans come too.
            var whole = true
            if !invocation.positionals.isEmpty {
                let source = SourceFile(name: "<period>", text: "check " + invocation.positionals.joined(separator: " "))
                let script = Parser.parse(source)
                let (ops, diagnostics) = Compiler.compile(script, today: invocation.environment.today,
                                                          firstDay: try diary.firstDay())
                guard case .check(let period)? = ops.first?.kind,
                      !(script.diagnostics + diagnostics).contains(where: { $0.severity == .error }) else {
                    RunCommands.report(script.diagnostics + diagnostics, source: source, invocation)
                    return .usage
                }
                range = period
                whole = script.statements.first?.kind.period == .all
            }
            let text: String
            if invocation.has("meal") {
                text = try mealScript(diary, range: range, whole: whole)
            } else if invocation.has("daily") {
                text = try dailyCSV(diary, range: range)
            } else {
                text = try entryCSV(diary, range: range)
            }
            if let path = invocation.value("output") { return ReportCommand.write(text, to: path, invocation) }
            invocation.console.out(text)
            return .ok
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }

    static func quoted(_ text: String) -> String { "\"" + text.filter { $0 != "\"" && $0 != "\n" } + "\"" }

    /// A script that re-creates the diary (the library and settings only for a whole export).
    static func mealScript(_ diary: Diary, range: DayRange?, whole: Bool) throws(DiaryError) -> String {
        var lines = ["# foodlog export" + (range.map { " \($0)" } ?? "") + " — run it with: foodlog run FILE"]
        if whole {
            for food in try diary.libraryFoods() { lines.append(food.definition.replacingNewlines()) }
            for alias in try diary.aliases() { lines.append("alias \(quoted(alias.name)) = \(quoted(alias.target))") }
            var targetsByDay: [(CalendarDate, [String])] = []
            for target in try diary.targetHistory() {
                let unit = target.nutrient == "kcal" ? "kcal" : (target.nutrient == "net_carbs" ? "g" : (Nutrient.named(target.nutrient)?.unit ?? "g"))
                let written = formatNumber(target.value) + " " + unit + (target.nutrient == "kcal" ? "" : " " + target.nutrient.replacingUnderscores())
                if targetsByDay.last?.0 == target.day { targetsByDay[targetsByDay.count - 1].1.append(written) } else { targetsByDay.append((target.day, [written])) }
            }
            for (day, values) in targetsByDay { lines.append("target " + values.joined(separator: ", ") + " from \(day)") }
            for weight in try diary.weights() { lines.append("weight \(formatNumber(weight.kilograms)) kg on \(weight.day)") }
            for choice in try diary.planChoices() {
                lines.append(choice.plan.map { "plan \(quoted($0)) from \(choice.day)" } ?? "plan off from \(choice.day)")
            }
        }
        guard let range else { return lines.joined(separator: "\n") + "\n" }
        var currentDay: CalendarDate?
        var group: [Entry] = []
        func flush() {
            guard let first = group.first else { return }
            var line = "log " + group.map(\.text).joined(separator: ", ")
            if let meal = first.meal { line += " @" + meal }
            if let time = first.time { line += " at " + time }
            lines.append(line)
            group = []
        }
        for entry in try diary.entries(from: range.first, to: range.last) {
            if entry.day != currentDay {
                flush()
                lines.append(entry.day.description)
                currentDay = entry.day
            }
            if let last = group.last, last.group != entry.group { flush() }
            group.append(entry)
        }
        flush()
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }

    static func csvNumber(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return formatNumber((value * 10000).rounded() / 10000, maxDecimals: 4)
    }

    static func entryCSV(_ diary: Diary, range: DayRange?) throws(DiaryError) -> String {
        var lines = [(["date", "time", "meal", "text", "food_id", "food_name", "food_group", "source", "estimate", "quantity", "unit", "grams"]
                      + Nutrient.all.map(\.key) + ["net_carbs"]).joined(separator: ",")]
        guard let range else { return lines.joined(separator: "\n") + "\n" }
        for entry in try diary.entries(from: range.first, to: range.last) {
            let nutrients = entry.nutrients
            lines.append(([entry.day.description, entry.time ?? "", entry.meal ?? "", entry.text, entry.food.foodID, entry.food.name,
                           entry.food.group, entry.food.source, entry.food.source == "estimate" ? "yes" : "no",
                           csvNumber(entry.quantity), entry.unit ?? "", csvNumber(entry.grams)].map(csvField)
                          + Nutrient.all.map { csvNumber(nutrients[$0]) } + [csvNumber(nutrients.netCarbs)]).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func dailyCSV(_ diary: Diary, range: DayRange?) throws(DiaryError) -> String {
        var lines = ((["date", "entries", "estimates"] + Nutrient.all.map(\.key) + ["net_carbs"]).joined(separator: ","))
        guard let range else { return lines + "\n" }
        for day in try diary.dailyTotals(from: range.first, to: range.last) {
            lines += "\n" + ([day.key, String(day.entries), String(day.estimates)] + Nutrient.all.map { csvNumber(day.nutrients[$0]) }
                             + [csvNumber(day.nutrients.netCarbs)]).joined(separator: ",")
        }
        return lines + "\n"
    }
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
