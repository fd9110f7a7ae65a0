import FoodLogCore
import Diary
import MealSyntax
import Nutrition

/// A period's totals grouped by day, meal or food, with averages and targets.
public struct PeriodReport: Sendable {
    public var range: DayRange
    /// The nutrient keys to show (`kcal`, `protein`, `net_carbs`, …).
    public var nutrients: [String]
    public var grouping: Grouping
    public var rows: [GroupTotals]
    public var totals: Nutrients
    public var entries: Int
    public var estimates: Int
    /// Days with at least one entry.
    public var loggedDays: Int
    /// The daily targets the daily average is compared with: each nutrient's day target
    /// averaged over the logged days that had one (so a weekend target counts on weekends);
    /// the last day's when no logged day had one.
    public var targets: [String: Double]
    /// Weekly targets in effect on the last day (`target 15000 kcal per week`).
    public var weeklyTargets: [String: Double] = [:]

    /// Average per logged day.
    public func dailyAverage(_ key: String) -> Double {
        loggedDays > 0 ? totals.value(forKey: key) / Double(loggedDays) : 0
    }

    /// Whether the period is at most a week long: its total is what a weekly target is
    /// compared with; a longer period compares its average per week.
    public var isWeekOrLess: Bool { range.count <= 7 }

    /// What a weekly target is compared with: the total of a period of up to 7 days, else the
    /// average per logged day times 7.
    public func weekly(_ key: String) -> Double {
        isWeekOrLess ? totals.value(forKey: key) : dailyAverage(key) * 7
    }
}

/// One nutrient day by day, with the target line.
public struct ChartSeries: Sendable {
    public var nutrient: String
    public var range: DayRange
    /// nil where nothing was logged that day.
    public var points: [(day: CalendarDate, value: Double?, estimates: Int)]
    /// The target on the period's last day (nil: none).
    public var target: Double?
    /// The target in effect on each day of `points` (nil before a target was first set), so a
    /// chart draws the target line only where it applied.
    public var dailyTargets: [Double?] = []
    /// The settings in force on the last day, by scope (daily, weekends, weekdays, weekly), for
    /// a heading that names each (`target 2,000, 2,500 on weekends (│), 15,000 per week`).
    public var targetsByScope: [(scope: TargetScope, value: Double)] = []

    /// The first day of the last run of days with `target`, when the target did not hold on
    /// every day of the period (it began or changed within it); nil when it held throughout.
    public var targetSince: CalendarDate? {
        guard let target, dailyTargets.contains(where: { $0 != target }) else { return nil }
        var index = dailyTargets.count - 1
        while index > 0, dailyTargets[index - 1] == target { index -= 1 }
        return points[index].day
    }
}

/// Body weight day by day with its trend: each day's weighing (nil: none) and the 7-day moving
/// average (the mean of the weighings of that day and the 6 before it; nil when there were none).
public struct WeightSeries: Sendable {
    public var range: DayRange
    public var points: [(day: CalendarDate, kilograms: Double?, average: Double?)]
    /// The latest weighing on or before the period's last day, for a period without one.
    public var lastKnown: (day: CalendarDate, kilograms: Double)?

    /// Days of the moving average.
    public static let averageDays = 7

    /// The change of the moving average from the first to the last weighing of the period.
    public var trend: Double? {
        let weighed = points.filter { $0.kilograms != nil }
        guard weighed.count > 1, let first = weighed.first?.average, let last = weighed.last?.average else {
            return nil
        }
        return last - first
    }
}

/// The biggest contributors of a nutrient over a period.
public struct TopList: Sendable {
    public var nutrient: String
    public var grouping: Grouping
    public var range: DayRange
    public var rows: [(name: String, value: Double, entries: Int, estimates: Int)]
    public var total: Double
}

/// Dashboard queries over the diary: aggregates come from single SQL queries.
public enum Dashboard {
    /// The nutrients a query shows when none are named.
    public static let defaultNutrients = ["kcal", "protein", "carbs", "fat"]

    public static func period(_ diary: Diary, range: DayRange, nutrients: [String], grouping: Grouping)
        throws(DiaryError) -> PeriodReport
    {
        let daily = try diary.dailyTotals(from: range.first, to: range.last)
        let rows = grouping == .day ? daily : try diary.totals(by: grouping.rawValue, from: range.first, to: range.last)
        var totals = Nutrients()
        var entries = 0
        var estimates = 0
        for day in daily {
            totals.add(day.nutrients)
            entries += day.entries
            estimates += day.estimates
        }
        // Each logged day's own targets, averaged; the last day's where no logged day had one.
        var schedule = TargetSchedule(try diary.targetHistory())
        var sums: [String: (total: Double, days: Int)] = [:]
        for row in daily {
            guard let day = CalendarDate(iso: row.key) else { continue }
            schedule.advance(to: day)
            for (key, value) in schedule.daily(on: day) {
                sums[key, default: (0, 0)].total += value
                sums[key, default: (0, 0)].days += 1
            }
        }
        schedule.advance(to: range.last)
        var targets = schedule.daily(on: range.last)
        for (key, sum) in sums { targets[key] = sum.total / Double(sum.days) }
        var report = PeriodReport(
            range: range, nutrients: nutrients.isEmpty ? defaultNutrients : nutrients, grouping: grouping,
            rows: rows, totals: totals, entries: entries, estimates: estimates, loggedDays: daily.count,
            targets: targets)
        report.weeklyTargets = schedule.weekly
        return report
    }

    public static func chart(_ diary: Diary, nutrient: String, range: DayRange) throws(DiaryError) -> ChartSeries {
        let daily = try diary.dailyTotals(from: range.first, to: range.last)
        var byDay: [String: GroupTotals] = [:]
        for row in daily { byDay[row.key] = row }
        let points = range.days.map { day -> (day: CalendarDate, value: Double?, estimates: Int) in
            guard let row = byDay[day.description] else { return (day, nil, 0) }
            return (day, row.nutrients.value(forKey: nutrient), row.estimates)
        }
        // The nutrient's target settings once, oldest first; each day takes its own (a weekend
        // or weekday target on those days, else the daily one).
        var schedule = TargetSchedule(try diary.targetHistory().filter { $0.nutrient == nutrient })
        var dailyTargets: [Double?] = []
        for day in range.days {
            schedule.advance(to: day)
            dailyTargets.append(schedule.daily(on: day)[nutrient])
        }
        var series = ChartSeries(
            nutrient: nutrient, range: range, points: points, target: dailyTargets.last ?? nil,
            dailyTargets: dailyTargets)
        for scope in [TargetScope.day, .weekends, .weekdays, .week] {
            if let value = schedule.inForce(scope)[nutrient] { series.targetsByScope.append((scope, value)) }
        }
        return series
    }

    /// Body weight over `range`, with the 7-day moving average (weighings before the range count
    /// toward its first days' averages).
    public static func weights(_ diary: Diary, range: DayRange) throws(DiaryError) -> WeightSeries {
        let all = try diary.weights()
        let windowStart = range.first.adding(days: -(WeightSeries.averageDays - 1))
        var byDay: [Int: Double] = [:]
        var lastKnown: (day: CalendarDate, kilograms: Double)?
        for weight in all where weight.day <= range.last {
            if weight.day >= windowStart { byDay[weight.day.dayNumber] = weight.kilograms }
            lastKnown = (weight.day, weight.kilograms)
        }
        let points = range.days.map { day -> (day: CalendarDate, kilograms: Double?, average: Double?) in
            let window = (day.dayNumber - WeightSeries.averageDays + 1...day.dayNumber).compactMap { byDay[$0] }
            return (day, byDay[day.dayNumber], window.isEmpty ? nil : window.reduce(0, +) / Double(window.count))
        }
        return WeightSeries(range: range, points: points, lastKnown: lastKnown)
    }

    public static func top(_ diary: Diary, count: Int, grouping: Grouping, range: DayRange, nutrient: String)
        throws(DiaryError) -> TopList
    {
        let groups = try diary.totals(by: grouping == .meal ? "meal" : "food", from: range.first, to: range.last)
        let rows = groups.map {
            (name: $0.key, value: $0.nutrients.value(forKey: nutrient), entries: $0.entries, estimates: $0.estimates)
        }
        .sorted { $0.value != $1.value ? $0.value > $1.value : $0.name < $1.name }
        return TopList(
            nutrient: nutrient, grouping: grouping, range: range, rows: Array(rows.prefix(count)),
            total: rows.reduce(0) { $0 + $1.value })
    }
}
