import FoodLogCore
import Diary
import FoodLogEngine
import MealSyntax
import Nutrition

/// Text for a day's totals against targets, by meal, with estimates marked.
struct DayReportRenderer {
    var ascii = false

    static let macroKeys = ["kcal", "protein", "carbs", "fat", "fiber", "sugar", "sodium", "net_carbs"]

    func render(_ report: DayReport) -> String {
        var output = "\(report.day) (\(report.day.weekdayName))"
        if let weight = report.weight { output += " · weight \(formatAmount(weight)) kg" }
        output += "\n"
        if report.entries.isEmpty {
            output += "  nothing logged\n"
        }
        let keys = (report.nutrients.isEmpty ? DayReportRenderer.macroKeys : report.nutrients).filter { key in
            !report.nutrients.isEmpty || report.targets[key] != nil
                || ["kcal", "protein", "carbs", "fat"].contains(key)
        }
        let labelWidth = max(10, (keys.map { DayReportRenderer.label($0).displayWidth }.max() ?? 0) + 1)
        for key in keys {
            let value = report.totals.value(forKey: key)
            var line =
                "  " + DayReportRenderer.label(key).padding(to: labelWidth)
                + DayReportRenderer.amount(value, key: key).leftPadded(to: 10)
            if let target = report.targets[key], target > 0 {
                line +=
                    " / " + DayReportRenderer.amount(target, key: key).leftPadded(to: 9) + "  " + bar(value / target)
                    + " " + formatPercent(value / target)
            }
            output += line + "\n"
        }
        output += weekLines(report, labelWidth: labelWidth)
        for meal in report.meals {
            output += "\(meal.meal) · \(DayReportRenderer.amount(meal.totals.amount(.kcal), key: "kcal")) kcal\n"
            for entry in meal.entries {
                let marker = entry.food.source == "estimate" ? "~" : " "
                let kcal = DayReportRenderer.amount(entry.nutrients.amount(.kcal), key: "kcal") + " kcal"
                let amount =
                    entry.food.source == QuickAdd.sourceName
                    ? "quick add"
                    : entry.food.source == "imported" && !(entry.unit ?? "").hasSuffix(" g")
                        ? (entry.unit ?? "") : formatGrouped(entry.grams, maxDecimals: 0) + " g"
                // An imported entry's text is its food's name: shown once.
                let food = entry.food.name == entry.text ? "" : entry.food.name
                output +=
                    "  \(marker) " + entry.text.truncated(to: 23).padding(to: 24)
                    + food.truncated(to: 44).padding(to: 45)
                    + amount.truncated(to: 12).leftPadded(to: 8) + " " + kcal.leftPadded(to: 9) + "\n"
            }
        }
        if report.estimateCount > 0 {
            output += "~ estimate (\(report.estimateCount) item\(report.estimateCount == 1 ? "" : "s"))\n"
        }
        return output
    }

    /// The week so far (its Monday through the day) against each weekly target, with what is
    /// left for the rest of the week; nothing without weekly targets.
    func weekLines(_ report: DayReport, labelWidth: Int) -> String {
        let keys = DayReportRenderer.ordered(report.weeklyTargets.keys)
        guard !keys.isEmpty else { return "" }
        let monday = report.day.startOfWeek
        let daysLeft = 7 - report.day.isoWeekday
        var output = "  this week (\(monday)..\(report.day), \(report.day.isoWeekday) of 7 days):\n"
        for key in keys {
            guard let target = report.weeklyTargets[key], target > 0 else { continue }
            let value = report.weekTotals.value(forKey: key)
            let rest =
                value > target
                ? "\(DayReportRenderer.amount(value - target, key: key))\(key == "kcal" ? " kcal" : "") over"
                : "\(DayReportRenderer.amount(target - value, key: key))\(key == "kcal" ? " kcal" : "") left"
                    + (daysLeft > 0 ? " for \(daysLeft) day\(daysLeft == 1 ? "" : "s")" : "")
            output +=
                "  " + DayReportRenderer.label(key).padding(to: labelWidth)
                + DayReportRenderer.amount(value, key: key).leftPadded(to: 10) + " / "
                + DayReportRenderer.amount(target, key: key).leftPadded(to: 9) + "  " + bar(value / target) + " "
                + formatPercent(value / target) + " · " + rest + "\n"
        }
        return output
    }

    /// Nutrient keys in the order the day view lists them (macros first, then by key).
    static func ordered(_ keys: some Sequence<String>) -> [String] {
        keys.sorted { left, right in
            let (a, b) = (
                macroKeys.firstIndex(of: left) ?? macroKeys.count, macroKeys.firstIndex(of: right) ?? macroKeys.count
            )
            return a != b ? a < b : left < right
        }
    }

    /// A bar of 20 cells for a fraction of a target. Over the target the bar is full and its
    /// part past the target is drawn in `▓` (ASCII `+`): at 150% the last third is `▓`.
    func bar(_ fraction: Double) -> String {
        let width = 20
        let full = ascii ? "#" : "█"
        let over = ascii ? "+" : "▓"
        let empty = ascii ? "." : "░"
        let cells: String
        if fraction > 1 {
            let target = max(1, min(width - 1, Int(saturating: Double(width) / fraction, rounding: .down)))
            cells = String(repeating: full, count: target) + String(repeating: over, count: width - target)
        } else {
            let filled = max(0, min(width, Int(saturating: fraction * Double(width))))
            cells = String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
        }
        return ascii ? "[" + cells + "]" : cells
    }

    static func label(_ key: String) -> String { DashboardRenderer.label(key) }

    /// An amount of a nutrient as every terminal table shows it: kcal whole (`2,198`), grams to
    /// one decimal (`132.3 g`, `1,250.5 g`), smaller units whole (`2,300 mg`).
    static func amount(_ value: Double, key: String) -> String {
        if key == "kcal" { return formatThousands(value) }
        let unit = key == "net_carbs" ? "g" : (Nutrient.named(key)?.unit ?? "g")
        return formatGrouped(value, maxDecimals: unit == "g" ? 1 : 0) + " " + unit
    }
}
