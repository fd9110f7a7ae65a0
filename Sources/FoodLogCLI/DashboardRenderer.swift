import FoodLogCore
import Diary
import FoodLogEngine
import Glibc
import MealSyntax
import Nutrition

/// Terminal tables, bars and sparklines for dashboard queries, and their JSON.
/// JSON schemas are documented in grammar/dashboard.md.
struct DashboardRenderer {
    var ascii = false
    var width = 100
    /// `chart` lists days with nothing logged too (`foodlog chart --empty-days`); by default
    /// they are left out and counted.
    var showsEmptyDays = false

    /// The terminal's width (`COLUMNS` first), 100 when not a terminal.
    static func terminalWidth(_ environment: Environment) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns >= 40 { return min(columns, 300) }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 40 { return Int(size.ws_col) }
        return 100
    }

    static func unit(_ key: String) -> String {
        key == "kcal" ? "kcal" : (key == "net_carbs" ? "g" : (Nutrient.named(key)?.unit ?? "g"))
    }

    /// Column titles: the key for plain names (`kcal`, `protein`), the full name for codes (`vit_c`).
    static func label(_ key: String) -> String {
        if key == "net_carbs" { return "net carbs" }
        guard key.contains("_"), let nutrient = Nutrient.named(key) else { return key }
        return nutrient.name
    }

    static func amount(_ value: Double, _ key: String) -> String {
        DayReportRenderer.amount(value, key: key)
    }

    // MARK: Period

    func period(_ report: PeriodReport) -> String {
        let keys = report.nutrients
        let keyTitle = report.grouping == .day ? "day" : report.grouping.rawValue
        let columnWidth = max(11, keys.map { DashboardRenderer.label($0).displayWidth + 2 }.max() ?? 11)
        let nameWidth = max(
            15,
            min(
                width - columnWidth * keys.count - 4,
                (report.rows.map(\.key.displayWidth).max() ?? 10) + 2))
        var output = "\(report.range) by \(keyTitle) · \(report.loggedDays) of \(report.range.count) days logged"
        if report.estimates > 0 {
            output += " · ~ \(report.estimates) estimated item\(report.estimates == 1 ? "" : "s")"
        }
        output +=
            "\n" + keyTitle.padding(to: nameWidth)
            + keys.map { DashboardRenderer.label($0).leftPadded(to: columnWidth) }.joined() + "\n"
        for row in report.rows {
            output +=
                row.key.truncated(to: nameWidth - 1).padding(to: nameWidth)
                + keys.map { DashboardRenderer.amount(row.nutrients.value(forKey: $0), $0).leftPadded(to: columnWidth) }
                .joined()
                + (row.estimates > 0 ? " ~" : "") + "\n"
        }
        if report.rows.isEmpty { output += "  nothing logged\n" }
        output +=
            "total".padding(to: nameWidth)
            + keys.map { DashboardRenderer.amount(report.totals.value(forKey: $0), $0).leftPadded(to: columnWidth) }
            .joined() + "\n"
        if report.loggedDays > 0 {
            output +=
                "daily average".padding(to: nameWidth)
                + keys.map { DashboardRenderer.amount(report.dailyAverage($0), $0).leftPadded(to: columnWidth) }
                .joined() + "\n"
        }
        if keys.contains(where: { report.targets[$0] != nil }) {
            output +=
                "target".padding(to: nameWidth)
                + keys.map { key in
                    (report.targets[key].map { DashboardRenderer.amount($0, key) } ?? "-").leftPadded(to: columnWidth)
                }.joined() + "\n"
            output +=
                "% of target".padding(to: nameWidth)
                + keys.map { key in
                    guard let target = report.targets[key], target > 0, report.loggedDays > 0 else {
                        return "-".leftPadded(to: columnWidth)
                    }
                    return formatPercent(report.dailyAverage(key) / target).leftPadded(to: columnWidth)
                }.joined() + "\n"
        }
        if keys.contains(where: { report.weeklyTargets[$0] != nil }) {
            func row(_ title: String, _ cell: (String) -> String) -> String {
                title.padding(to: nameWidth) + keys.map { cell($0).leftPadded(to: columnWidth) }.joined() + "\n"
            }
            if !report.isWeekOrLess {
                output += row("per week (avg)") { key in
                    report.loggedDays > 0 ? DashboardRenderer.amount(report.weekly(key), key) : "-"
                }
            }
            output += row("weekly target") { key in
                report.weeklyTargets[key].map { DashboardRenderer.amount($0, key) } ?? "-"
            }
            output += row("% of weekly") { key in
                guard let target = report.weeklyTargets[key], target > 0, report.loggedDays > 0 else { return "-" }
                return formatPercent(report.weekly(key) / target)
            }
        }
        let kcal = report.totals.amount(.kcal)
        if kcal > 0 {
            output +=
                "kcal from: protein \(percent(report.totals.amount(.protein) * 4 / kcal)) · carbs \(percent(report.totals.amount(.carbs) * 4 / kcal)) · fat \(percent(report.totals.amount(.fat) * 9 / kcal))\n"
        }
        if report.grouping == .day, report.range.count >= 3, report.range.count <= 400 {
            var byDay: [String: Double] = [:]
            for row in report.rows { byDay[row.key] = row.nutrients.value(forKey: keys[0]) }
            let values = report.range.days.map { byDay[$0.description] }
            output +=
                DashboardRenderer.label(keys[0]) + " " + sparkline(values, target: report.targets[keys[0]])
                + (report.targets[keys[0]].map { " (target \(DashboardRenderer.amount($0, keys[0])))" } ?? "") + "\n"
        }
        return output
    }

    func percent(_ fraction: Double) -> String { formatPercent(fraction) }

    /// `▁▃▅█` (or `_.-^` in ASCII); a blank for days with nothing logged.
    func sparkline(_ values: [Double?], target: Double?) -> String {
        let levels: [Character] = ascii ? ["_", ".", "-", "=", "^"] : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let top = max(values.compactMap { $0 }.max() ?? 0, target ?? 0)
        guard top > 0 else { return String(repeating: " ", count: values.count) }
        return String(
            values.map { value -> Character in
                guard let value else { return " " }
                return levels[max(0, min(levels.count - 1, Int(saturating: (value / top) * Double(levels.count - 1))))]
            })
    }

    // MARK: Chart

    func chart(_ series: ChartSeries) -> String {
        let key = series.nutrient
        var output = "\(DashboardRenderer.label(key)) per day, \(series.range)"
        let scoped = series.targetsByScope.filter { $0.scope != .day }
        if scoped.isEmpty, let target = series.target {
            output +=
                " · target \(DashboardRenderer.amount(target, key))"
                + (series.targetSince.map { " from \($0)" } ?? "") + " (\(ascii ? "|" : "│"))"
        } else if !scoped.isEmpty {
            // Each setting with the days it is for; the day-sized ones are drawn on their days.
            func named(_ setting: (scope: TargetScope, value: Double)) -> String {
                DashboardRenderer.amount(setting.value, key) + (setting.scope.phrase.map { " " + $0 } ?? "")
            }
            let drawn = series.targetsByScope.filter { $0.scope != .week }.map(named)
            let weekly = series.targetsByScope.filter { $0.scope == .week }.map(named)
            output +=
                " · target "
                + ((drawn.isEmpty ? [] : [drawn.joined(separator: ", ") + " (\(ascii ? "|" : "│"))"]) + weekly)
                .joined(separator: ", ")
        }
        output += "\n"
        let logged = series.points.compactMap(\.value)
        guard !logged.isEmpty else { return output + "  nothing logged\n" }
        if series.points.count <= 62 {
            let barWidth = max(10, width - 30)
            let top = max(logged.max() ?? 0, series.dailyTargets.compactMap { $0 }.max() ?? 0)
            var emptyDays = 0
            for (index, point) in series.points.enumerated() {
                guard let value = point.value else {
                    if showsEmptyDays {
                        output += point.day.description + (ascii ? "  .\n" : "  ·\n")
                    } else {
                        emptyDays += 1
                    }
                    continue
                }
                var bar = Array(bar(value / max(top, 1e-9), width: barWidth))
                // The target only on days it applied to (and at that day's value).
                if index < series.dailyTargets.count, let target = series.dailyTargets[index], top > 0 {
                    let column = max(0, min(barWidth - 1, Int(saturating: target / top * Double(barWidth))))
                    // Past the target the bar is drawn in ▓ (ASCII +), so an over-target day
                    // never looks like a day that just fills the chart.
                    for cell in bar.indices where cell >= column && bar[cell] != " " {
                        bar[cell] = ascii ? "+" : "▓"
                    }
                    while bar.count <= column { bar.append(" ") }
                    if bar[column] == " " { bar[column] = ascii ? "|" : "│" }
                }
                output +=
                    point.day.description + "  " + String(bar).padding(to: barWidth + 1)
                    + DashboardRenderer.amount(value, key).leftPadded(to: 10) + (point.estimates > 0 ? " ~" : "")
                    + "\n"
            }
            if emptyDays > 0 {
                output +=
                    "(\(emptyDays) day\(emptyDays == 1 ? "" : "s") with nothing logged not shown; "
                    + "foodlog chart --empty-days lists them)\n"
            }
        }
        output += sparkline(series.points.map(\.value), target: series.target) + "\n"
        let average = logged.reduce(0, +) / Double(logged.count)
        output +=
            "min \(DashboardRenderer.amount(logged.min()!, key)) · average \(DashboardRenderer.amount(average, key)) · max \(DashboardRenderer.amount(logged.max()!, key)) over \(logged.count) logged day\(logged.count == 1 ? "" : "s")\n"
        return output
    }

    func bar(_ fraction: Double, width: Int) -> String {
        let cells = fraction.isNaN ? 0 : max(0, min(Double(width), fraction * Double(width)))
        let whole = Int(saturating: cells, rounding: .down)
        if ascii { return String(repeating: "#", count: whole) }
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: whole)
            + eighths[max(0, min(7, Int(saturating: (cells - Double(whole)) * 8, rounding: .down)))]
    }

    // MARK: Top

    func top(_ list: TopList) -> String {
        let key = list.nutrient
        var output =
            "top \(list.rows.count) \(list.grouping.rawValue)s by \(DashboardRenderer.label(key)), \(list.range) (total \(DashboardRenderer.amount(list.total, key)))\n"
        guard let first = list.rows.first else { return output + "  nothing logged\n" }
        let nameWidth = min(44, max(12, list.rows.map(\.name.displayWidth).max() ?? 12) + 1)
        let barWidth = max(8, width - nameWidth - 36)
        for (index, row) in list.rows.enumerated() {
            let share = list.total > 0 ? row.value / list.total : 0
            output +=
                String(index + 1).leftPadded(to: 3) + ". "
                + row.name.truncated(to: nameWidth - 1).padding(to: nameWidth)
                + DashboardRenderer.amount(row.value, key).leftPadded(to: 11) + percent(share).leftPadded(to: 5) + "  "
                + bar(first.value > 0 ? row.value / first.value : 0, width: barWidth).padding(to: barWidth)
                + " (\(row.entries) item\(row.entries == 1 ? "" : "s")\(row.estimates > 0 ? ", ~\(row.estimates) estimated" : ""))\n"
        }
        return output
    }

    // MARK: JSON

    static func nutrientObject(_ nutrients: Nutrients, keys: [String]) -> JSON {
        .object(keys.map { ($0, .number(ReviewRenderer.rounded(nutrients.value(forKey: $0)))) })
    }

    /// `totals` as a percent of each positive target, by the targets' keys in order.
    static func percentObject(_ totals: Nutrients, of targets: [String: Double]) -> JSON {
        .object(
            targets.keys.sorted().compactMap { key in
                guard let target = targets[key], target > 0 else { return nil }
                return (key, .number(ReviewRenderer.rounded(totals.value(forKey: key) / target * 100)))
            })
    }

    static func json(_ report: DayReport) -> JSON {
        let kcal = report.totals.amount(.kcal)
        return .object(
            [
                ("type", .string("day")), ("date", .string(report.day.description)),
                ("weekday", .string(report.day.weekdayName)),
                ("weight", .optional(report.weight)),
                ("totals", ReviewRenderer.nutrientsJSON(report.totals)),
                ("targets", .object(report.targets.keys.sorted().map { ($0, .number(report.targets[$0]!)) })),
                ("percent_of_target", percentObject(report.totals, of: report.targets)),
                (
                    "macro_percent",
                    .object([
                        (
                            "protein",
                            .number(kcal > 0 ? ReviewRenderer.rounded(report.totals.amount(.protein) * 400 / kcal) : 0)
                        ),
                        (
                            "carbs",
                            .number(kcal > 0 ? ReviewRenderer.rounded(report.totals.amount(.carbs) * 400 / kcal) : 0)
                        ),
                        (
                            "fat",
                            .number(kcal > 0 ? ReviewRenderer.rounded(report.totals.amount(.fat) * 900 / kcal) : 0)
                        ),
                    ])
                ),
                (
                    "meals",
                    .array(
                        report.meals.map { meal in
                            .object([
                                ("meal", .string(meal.meal)),
                                ("totals", nutrientObject(meal.totals, keys: DayView.totalKeys)),
                                (
                                    "entries",
                                    .array(
                                        meal.entries.map { entry in
                                            .object([
                                                ("text", .string(entry.text)), ("time", .optional(entry.time)),
                                                (
                                                    "food",
                                                    .object([
                                                        ("id", .string(entry.food.foodID)),
                                                        ("name", .string(entry.food.name)),
                                                        ("group", .string(entry.food.group)),
                                                    ])
                                                ),
                                                ("source", .string(entry.food.source)),
                                                ("grams", .number(ReviewRenderer.rounded(entry.grams))),
                                                (
                                                    "kcal",
                                                    .number(ReviewRenderer.rounded(entry.nutrients.amount(.kcal)))
                                                ),
                                                ("estimate", .bool(entry.food.source == "estimate")),
                                            ])
                                        })
                                ),
                            ])
                        })
                ),
                ("estimates", .number(Double(report.estimateCount))),
            ] + (report.weeklyTargets.isEmpty ? [] : [("week", weekJSON(report))]))
    }

    /// The day's week so far against the weekly targets (keys: the nutrients with one).
    static func weekJSON(_ report: DayReport) -> JSON {
        let keys = report.weeklyTargets.keys.sorted()
        return .object([
            ("from", .string(report.day.startOfWeek.description)), ("to", .string(report.day.description)),
            ("targets", .object(keys.map { ($0, .number(report.weeklyTargets[$0]!)) })),
            ("totals", nutrientObject(report.weekTotals, keys: keys)),
            ("percent_of_target", percentObject(report.weekTotals, of: report.weeklyTargets)),
        ])
    }

    static func json(_ report: PeriodReport) -> JSON {
        .object(
            [
                ("type", .string("period")), ("from", .string(report.range.first.description)),
                ("to", .string(report.range.last.description)),
                ("grouping", .string(report.grouping.rawValue)),
                ("nutrients", .array(report.nutrients.map(JSON.string))),
                ("logged_days", .number(Double(report.loggedDays))), ("entries", .number(Double(report.entries))),
                ("estimates", .number(Double(report.estimates))),
                (
                    "rows",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("key", .string(row.key)), ("entries", .number(Double(row.entries))),
                                ("estimates", .number(Double(row.estimates))),
                                ("values", nutrientObject(row.nutrients, keys: report.nutrients)),
                            ])
                        })
                ),
                ("totals", nutrientObject(report.totals, keys: report.nutrients)),
                (
                    "daily_average",
                    .object(report.nutrients.map { ($0, .number(ReviewRenderer.rounded(report.dailyAverage($0)))) })
                ),
                (
                    "targets",
                    .object(report.nutrients.compactMap { key in report.targets[key].map { (key, JSON.number($0)) } })
                ),
                ("percent_of_target", percents(report, of: report.targets, report.dailyAverage)),
            ] + (report.weeklyTargets.isEmpty ? [] : weeklyJSON(report)))
    }

    /// Each shown nutrient's `value` as a percent of its target in `targets` (none before a day is logged).
    static func percents(_ report: PeriodReport, of targets: [String: Double], _ value: (String) -> Double) -> JSON {
        .object(
            report.nutrients.compactMap { key in
                guard let target = targets[key], target > 0, report.loggedDays > 0 else { return nil }
                return (key, JSON.number(ReviewRenderer.rounded(value(key) / target * 100)))
            })
    }

    /// A period's weekly targets and how the period compares (present when one is set).
    static func weeklyJSON(_ report: PeriodReport) -> [(String, JSON)] {
        [
            (
                "weekly_targets",
                .object(report.nutrients.compactMap { key in report.weeklyTargets[key].map { (key, JSON.number($0)) } })
            ),
            ("percent_of_weekly_target", percents(report, of: report.weeklyTargets, report.weekly)),
        ]
    }

    static func json(_ series: ChartSeries) -> JSON {
        .object(
            [
                ("type", .string("chart")), ("nutrient", .string(series.nutrient)),
                ("unit", .string(unit(series.nutrient))),
                ("from", .string(series.range.first.description)), ("to", .string(series.range.last.description)),
                ("target", .optional(series.target)),
                (
                    "points",
                    .array(
                        series.points.enumerated().map { index, point in
                            .object([
                                ("date", .string(point.day.description)),
                                ("value", point.value.map { .number(ReviewRenderer.rounded($0)) } ?? .null),
                                ("estimates", .number(Double(point.estimates))),
                                ("target", .optional(series.dailyTargets[safe: index] ?? nil)),
                            ])
                        })
                ),
            ]
                + (series.targetsByScope.contains { $0.scope != .day }
                    ? [
                        (
                            "targets_by_scope",
                            .object(series.targetsByScope.map { ($0.scope.rawValue, JSON.number($0.value)) })
                        )
                    ]
                    : []))
    }

    static func json(_ list: TopList) -> JSON {
        .object([
            ("type", .string("top")), ("nutrient", .string(list.nutrient)), ("unit", .string(unit(list.nutrient))),
            ("grouping", .string(list.grouping.rawValue)), ("from", .string(list.range.first.description)),
            ("to", .string(list.range.last.description)), ("total", .number(ReviewRenderer.rounded(list.total))),
            (
                "rows",
                .array(
                    list.rows.enumerated().map { index, row in
                        .object([
                            ("rank", .number(Double(index + 1))), ("name", .string(row.name)),
                            ("value", .number(ReviewRenderer.rounded(row.value))),
                            (
                                "share",
                                .number(list.total > 0 ? ReviewRenderer.rounded(row.value / list.total * 100) : 0)
                            ),
                            ("entries", .number(Double(row.entries))), ("estimates", .number(Double(row.estimates))),
                        ])
                    })
            ),
        ])
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
