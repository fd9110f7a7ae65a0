import Diary
import FoodLogCore

/// One day's entries as `foodlog entries`, `remove` and `edit` see them: numbered 1, 2, … in the
/// order they were logged (the same numbers every time until the day changes), each with
/// where it came from.
struct DayEntries {
    let day: CalendarDate
    /// The entries in logging order; entry `n` is `entries[n - 1]`.
    let entries: [Entry]
    let sources: [EntrySource]

    static func load(_ day: CalendarDate, diary: Diary) throws(DiaryError) -> DayEntries {
        let entries = try diary.entries(from: day, to: day)
        let paths = try diary.originPaths()
        return DayEntries(
            day: day, entries: entries, sources: entries.map { EntrySource(originPath: paths[$0.originID] ?? "<>") })
    }

    /// The ids of the entries no script wrote: what `edit` and `remove` may change.
    var editableIDs: [Int64] {
        zip(entries, sources).compactMap { entry, source in
            if case .script = source { return nil }
            return entry.id
        }
    }

    /// The listing: `  1  @breakfast 08:00  2 eggs  143 kcal  typed`.
    func listing() -> String {
        var text = "\(day) (\(day.weekdayName))\n"
        guard !entries.isEmpty else { return text + "  nothing logged\n" }
        let numberWidth = String(entries.count).count
        let rows = entries.map { entry in
            [
                entry.meal.map { "@" + $0 } ?? "", entry.time ?? "",
                DayEntries.itemText(entry), formatThousands(entry.nutrients.amount(.kcal)) + " kcal",
            ]
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        for (index, row) in rows.enumerated() {
            let number = String(index + 1)
            var line = "  " + String(repeating: " ", count: numberWidth - number.count) + number
            line += "  " + pad(row[0], widths[0]) + " " + pad(row[1], widths[1]) + "  " + pad(row[2], widths[2])
            line += "  " + String(repeating: " ", count: widths[3] - row[3].count) + row[3]
            line += "  " + DayEntries.describe(sources[index])
            text += line + "\n"
        }
        return text
    }

    /// An entry's item as the user wrote it (imported ones as grams of the imported food).
    static func itemText(_ entry: Entry) -> String {
        MealScriptExport.itemText(entry)
    }

    /// `typed`, `day.meal`, `import servings.csv`.
    static func describe(_ source: EntrySource) -> String {
        switch source {
        case .typed: return "typed"
        case .script(let path): return baseName(path)
        case .imported(let path): return "import " + baseName(path)
        }
    }

    static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
