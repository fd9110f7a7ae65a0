import FoodLogCore
import Diary
import MealSyntax
import Nutrition

/// One day of the diary: its entries by meal, totals, targets and weight.
public struct DayReport: Sendable {
    public var day: CalendarDate
    public var entries: [Entry]
    public var totals: Nutrients
    /// Targets for that day, by nutrient key (`kcal`, `protein`, `net_carbs`): its weekend or
    /// weekday target where one is set, else the daily one (``TargetSchedule``).
    public var targets: [String: Double]
    public var weight: Double?
    /// Weekly targets in effect that day (`target 15000 kcal per week`), by nutrient key.
    public var weeklyTargets: [String: Double] = [:]
    /// What was eaten from the Monday of the day's week through the day (what a weekly target
    /// is compared with).
    public var weekTotals = Nutrients()
    /// Extra nutrients the user asked to see (`show today iron, vitamin c`).
    public var nutrients: [String] = []

    /// Entries grouped by meal in the day's order: breakfast, lunch, dinner, snack, then the
    /// other meals (and "unassigned", for entries without a meal) by their earliest time, those
    /// without a time last; ties in first-logged order. Entries keep their logged order.
    public var meals: [(meal: String, entries: [Entry], totals: Nutrients)] {
        var order: [String] = []
        var groups: [String: [Entry]] = [:]
        for entry in entries {
            let meal = entry.meal ?? "unassigned"
            if groups[meal] == nil { order.append(meal) }
            groups[meal, default: []].append(entry)
        }
        func rank(_ meal: String) -> (Int, String) {
            if let usual = DayReport.usualMealOrder.firstIndex(of: meal) { return (usual, "") }
            let earliest = groups[meal]!.compactMap(\.time).min()
            return (DayReport.usualMealOrder.count + (earliest == nil ? 1 : 0), earliest ?? "")
        }
        let sorted = order.enumerated().sorted { left, right in
            let (a, b) = (rank(left.element), rank(right.element))
            return a != b ? a < b : left.offset < right.offset
        }
        return sorted.map { _, meal in
            let items = groups[meal]!
            return (meal, items, items.totalNutrients)
        }
    }

    /// The meals that come first in a day, in this order.
    public static let usualMealOrder = ["breakfast", "lunch", "dinner", "snack"]

    public var estimateCount: Int { entries.filter { $0.food.source == "estimate" }.count }

    /// Reports for every day of a range from one entries query (targets and weights per day).
    public static func loadAll(_ range: DayRange, diary: Diary) throws(DiaryError) -> [DayReport] {
        // Each entry moves straight into its day's list (no range-wide array copied into days).
        // Entries come by day, and a day's list starts with room for as many entries as the
        // day before had: days log similar numbers of items, and growing each list of these
        // large values step by step took about 5% of a ten-year check.
        let firstDay = range.first.dayNumber
        var entriesByDay = [[Entry]](repeating: [], count: max(0, range.count))
        var previousCount = 0
        try diary.forEachEntry(from: range.first, to: range.last) { entry in
            let offset = entry.day.dayNumber - firstDay
            guard entriesByDay.indices.contains(offset) else { return }
            if entriesByDay[offset].isEmpty { entriesByDay[offset].reserveCapacity(previousCount) }
            entriesByDay[offset].append(entry)
            previousCount = entriesByDay[offset].count
        }
        var schedule = TargetSchedule(try diary.targetHistory())
        let weights = try diary.weights()
        var reports: [DayReport] = []
        reports.reserveCapacity(range.count)
        var weight: Double?
        var weightIndex = 0
        var weekTotals = try weekBefore(range.first, diary: diary)
        for (offset, day) in range.days.enumerated() {
            // Walk the (day-ordered) histories forward: the latest setting on or before each day.
            schedule.advance(to: day)
            while weightIndex < weights.count, weights[weightIndex].day <= day {
                weight = weights[weightIndex].kilograms
                weightIndex += 1
            }
            let entries = entriesByDay[offset]
            var totals = Nutrients()
            for index in entries.indices { totals.add(entries[index].food.per100g, times: entries[index].grams / 100) }
            if day.isoWeekday == 1 { weekTotals = Nutrients() }
            weekTotals.add(totals)
            var report = DayReport(
                day: day, entries: entries, totals: totals, targets: schedule.daily(on: day), weight: weight)
            report.weeklyTargets = schedule.weekly
            report.weekTotals = weekTotals
            reports.append(report)
        }
        return reports
    }

    /// What was eaten in `day`'s week before it (from its Monday).
    static func weekBefore(_ day: CalendarDate, diary: Diary) throws(DiaryError) -> Nutrients {
        var totals = Nutrients()
        guard day.isoWeekday > 1 else { return totals }
        for row in try diary.dailyTotals(from: day.startOfWeek, to: day.adding(days: -1)) { totals.add(row.nutrients) }
        return totals
    }

    /// Builds the report for one day from the diary.
    public static func load(_ day: CalendarDate, diary: Diary, nutrients: [String] = []) throws(DiaryError) -> DayReport
    {
        let entries = try diary.entries(from: day, to: day)
        let totals = entries.totalNutrients
        let targets = try diary.targets(on: day)
        var report = DayReport(
            day: day, entries: entries, totals: totals, targets: targets.daily,
            weight: try diary.weight(onOrBefore: day), nutrients: nutrients)
        report.weeklyTargets = targets.weekly
        report.weekTotals = try weekBefore(day, diary: diary)
        report.weekTotals.add(totals)
        return report
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
