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
        options: [
            RunCommands.dbOption,
            OptionSpec("meal", help: "a meal script: definitions, targets, weights, plans and every log line"),
            OptionSpec(
                "csv", help: "CSV: one row per entry with date, time, meal, text, food, grams and all nutrients"),
            OptionSpec("daily", help: "with --csv: one row per day instead"),
            OptionSpec("output", short: "o", value: "FILE", help: "write to FILE instead of standard output"),
        ],
        details: """
            PERIOD defaults to the whole diary. 'foodlog export --meal > all.meal' then
            'foodlog run all.meal' into an empty diary re-creates it (and exporting that gives
            the same file again). Names are written as quoted names with the language's escapes,
            so no stored text can turn into a statement; imported foods become 'food' definitions.

            In --csv, a text field that starts with = + - @, a tab or a carriage return is written
            quoted with a ' in front ("'=1+1"), so a spreadsheet shows it as text instead of
            running it as a formula. Rows are written as they are read: memory stays small for
            any size of diary.

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
        let sink: ExportSink
        do throws(DiaryError) {
            var range = try diary.dayBounds()
            // Everything (`all`, or no period): definitions, targets and plans come too.
            var whole = true
            if !invocation.positionals.isEmpty {
                var failure = ExitCode.usage
                guard
                    let (days, period, _) = RunCommands.days(
                        of: invocation.positionals.joined(separator: " "), in: diary, invocation, failure: &failure)
                else { return failure }
                range = days
                whole = period == .all
            }
            sink = ExportSink(path: invocation.value("output"), console: invocation.console)
            do throws(DiaryError) {
                if invocation.has("meal") {
                    try MealScriptExport(diary: diary, range: range, whole: whole).write(to: sink)
                } else if invocation.has("daily") {
                    try dailyCSV(diary, range: range, to: sink)
                } else {
                    try entryCSV(diary, range: range, to: sink)
                }
            } catch {
                sink.abandon()
                throw error
            }
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
        if let failure = sink.finish() {
            invocation.console.err("foodlog: \(failure)\n")
            return .ioError
        }
        if let path = invocation.value("output"), path != "-" { invocation.console.err("wrote \(path)\n") }
        return .ok
    }

    /// A CSV field: quoted when it holds a comma, quote or line break; a text a spreadsheet
    /// would run as a formula (first character = + - @, tab or CR) gets a ' in front, quoted.
    static func csvText(_ text: String) -> String {
        let formula = text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
        let field = formula ? "'" + text : text
        let quoted = formula || field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return quoted ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
    }

    static func csvNumber(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return formatNumber((value * 10000).rounded() / 10000, maxDecimals: 4)
    }

    static func entryCSV(_ diary: Diary, range: DayRange?, to sink: ExportSink) throws(DiaryError) {
        sink.write(
            ([
                "date", "time", "meal", "text", "food_id", "food_name", "food_group", "source", "estimate", "quantity",
                "unit", "grams",
            ]
                + Nutrient.all.map(\.key) + ["net_carbs"]).joined(separator: ",") + "\n")
        guard let range else { return }
        try diary.forEachEntry(from: range.first, to: range.last) { entry in
            let nutrients = entry.nutrients
            let texts = [
                entry.day.description, entry.time ?? "", entry.meal ?? "", entry.text, entry.food.foodID,
                entry.food.name,
                entry.food.group, entry.food.source, entry.food.source == "estimate" ? "yes" : "no",
            ].map(csvText)
            // A quick add has no weight (its grams only carry its energy): the grams cell is empty.
            let grams = entry.food.source == QuickAdd.sourceName ? nil : entry.grams
            let numbers = [csvNumber(entry.quantity), csvText(entry.unit ?? ""), csvNumber(grams)]
            sink.write(
                (texts + numbers + Nutrient.all.map { csvNumber(nutrients[$0]) } + [csvNumber(nutrients.netCarbs)])
                    .joined(separator: ",") + "\n")
        }
    }

    static func dailyCSV(_ diary: Diary, range: DayRange?, to sink: ExportSink) throws(DiaryError) {
        sink.write(
            (["date", "entries", "estimates"] + Nutrient.all.map(\.key) + ["net_carbs"]).joined(separator: ",") + "\n")
        guard let range else { return }
        for day in try diary.dailyTotals(from: range.first, to: range.last) {
            sink.write(
                ([day.key, String(day.entries), String(day.estimates)]
                    + Nutrient.all.map { csvNumber(day.nutrients[$0]) }
                    + [csvNumber(day.nutrients.netCarbs)]).joined(separator: ",") + "\n")
        }
    }
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
