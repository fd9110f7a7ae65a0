import Diary
import MealSyntax
import Nutrition

/// One day of the diary: its entries by meal, totals, targets and weight.
public struct DayReport: Sendable {
    public var day: CalendarDate
    public var entries: [Entry]
    public var totals: Nutrients
    /// Targets in effect that day, by nutrient key (`kcal`, `protein`, `net_carbs`).
    public var targets: [String: Double]
    public var weight: Double?
    /// Extra nutrients the user asked to see (`show today iron, vitamin c`).
    public var nutrients: [String] = []

    /// Entries grouped by meal in first-logged order (`nil` meal shown as "unassigned").
    public var meals: [(meal: String, entries: [Entry], totals: Nutrients)] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries {
            let meal = entry.meal ?? "unassigned"
            if groups[meal] == nil { order.append(meal) }
            groups[meal, default: []].append(entry)
        }
        return order.map { meal in
            let items = groups[meal]!
            return (meal, items, items.reduce(into: Nutrients()) { $0.add($1.nutrients) })
        }
    }

    public var estimateCount: Int { entries.filter { $0.food.source == "estimate" }.count }

    /// Builds the report for one day from the diary.
    public static func load(_ day: CalendarDate, diary: Diary, nutrients: [String] = []) throws(DiaryError) -> DayReport {
        let entries = try diary.entries(from: day, to: day)
        let totals = entries.reduce(into: Nutrients()) { $0.add($1.nutrients) }
        return DayReport(day: day, entries: entries, totals: totals, targets: try diary.targets(on: day),
                         weight: try diary.weight(onOrBefore: day), nutrients: nutrients)
    }
}

extension Nutrients {
    /// A nutrient by key, including the derived `net_carbs`.
    public func value(forKey key: String) -> Double {
        if key == "net_carbs" { return netCarbs }
        guard let nutrient = Nutrient.named(key) else { return 0 }
        return amount(nutrient)
    }
}
