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
        let keys = report.nutrients.isEmpty ? DayReportRenderer.macroKeys : report.nutrients
        for key in keys {
            let value = report.totals.value(forKey: key)
            guard
                !report.nutrients.isEmpty || report.targets[key] != nil
                    || ["kcal", "protein", "carbs", "fat"].contains(key)
            else { continue }
            var line =
                "  " + DayReportRenderer.label(key).padding(to: 10)
                + DayReportRenderer.amount(value, key: key).leftPadded(to: 10)
            if let target = report.targets[key], target > 0 {
                line +=
                    " / " + DayReportRenderer.amount(target, key: key).leftPadded(to: 9) + "  " + bar(value / target)
                    + " " + formatPercent(value / target)
            }
            output += line + "\n"
        }
        for meal in report.meals {
            output += "\(meal.meal) · \(formatAmount(meal.totals.amount(.kcal).rounded())) kcal\n"
            for entry in meal.entries {
                let marker = entry.food.source == "estimate" ? "~" : " "
                let kcal = formatAmount(entry.nutrients.amount(.kcal).rounded()) + " kcal"
                let amount =
                    entry.food.source == "imported" && !(entry.unit ?? "").hasSuffix(" g")
                    ? (entry.unit ?? "") : formatAmount(entry.grams.rounded()) + " g"
                output +=
                    "  \(marker) " + entry.text.truncated(to: 23).padding(to: 24)
                    + entry.food.name.truncated(to: 44).padding(to: 45)
                    + amount.leftPadded(to: 8) + kcal.leftPadded(to: 10) + "\n"
            }
        }
        if report.estimateCount > 0 {
            output += "~ estimate (\(report.estimateCount) item\(report.estimateCount == 1 ? "" : "s"))\n"
        }
        return output
    }

    func bar(_ fraction: Double) -> String {
        let width = 20
        let filled = max(0, min(width, Int(saturating: fraction * Double(width))))
        return ascii
            ? "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
            : String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    static func label(_ key: String) -> String { DashboardRenderer.label(key) }

    static func amount(_ value: Double, key: String) -> String {
        if key == "kcal" { return formatThousands(value) }
        let unit = key == "net_carbs" ? "g" : (Nutrient.named(key)?.unit ?? "g")
        let shown = unit == "g" ? (value * 10).rounded() / 10 : value.rounded()
        return formatAmount(shown) + " " + unit
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func truncated(to width: Int) -> String {
        count <= width ? self : String(prefix(width - 1)) + "…"
    }
}
