import FoodLogCore
import Diary
import FoodLogEngine
import MealSyntax
import Nutrition

/// A self-contained HTML report (inline CSS and SVG, no scripts, no external assets), written as
/// well-formed XHTML so any XML parser can read it; and single SVG charts.
struct HTMLReport {
    var period: PeriodReport
    var lastDay: DayReport
    var series: [ChartSeries]
    var meals: PeriodReport
    var topFoods: TopList
    /// Body weights logged in the period (a chart when there are any).
    var weights: [(day: CalendarDate, kilograms: Double)] = []

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20, character != "\n" {
                    result += "\u{FFFD}"
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }

    static func number(_ value: Double, _ key: String) -> String { escape(DayReportRenderer.amount(value, key: key)) }

    static let colors = [
        "kcal": "#e4572e", "protein": "#17bebb", "carbs": "#ffc914", "fat": "#76b041", "fiber": "#8d6a9f",
        "sodium": "#4d7ea8",
    ]

    /// Charts drawn after the macros' only when some day of the period has a value.
    static let chartsWhenLogged = ["fiber", "sodium"]

    func render() -> String {
        let range = period.range
        var html = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>FoodLog report \(range)</title>
            <style>
            body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 60rem; color: #222; padding: 0 1rem; }
            h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: 0.3rem; }
            .sub { color: #666; margin-top: 0; } .cards { display: flex; flex-wrap: wrap; gap: 0.8rem; }
            .card { border: 1px solid #e3e3e3; border-radius: 8px; padding: 0.7rem 1rem; min-width: 9rem; flex: 1 1 9rem; }
            .card b { display: block; font-size: 1.4rem; } .card span { color: #666; font-size: 0.85rem; }
            .scroll { overflow-x: auto; }
            table { border-collapse: collapse; width: 100%; font-size: 0.92rem; } th, td { text-align: right; padding: 0.3rem 0.5rem; border-bottom: 1px solid #eee; white-space: nowrap; }
            th:first-child, td:first-child { text-align: left; white-space: normal; min-width: 8rem; } .est { color: #b26b00; }
            svg { display: block; width: 100%; max-width: 760px; height: auto; } svg.narrow { display: none; max-width: 460px; }
            .macros { display: grid; grid-template-columns: auto 1fr auto; gap: 0.5rem 0.8rem; align-items: center; }
            .track { position: relative; height: 1.1rem; background: #f1f1f1; border-radius: 3px; }
            .fill { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 3px; }
            .over { position: absolute; top: 0; bottom: 0; right: 0; border-radius: 0 3px 3px 0; background: repeating-linear-gradient(45deg, #222 0 3px, transparent 3px 6px); opacity: 0.35; }
            .mark { position: absolute; top: -0.2rem; bottom: -0.2rem; border-left: 2px dashed #222; }
            .value { font-size: 0.9rem; white-space: nowrap; }
            .note { color: #777; font-size: 0.85rem; }
            @media (max-width: 600px) {
              body { margin: 1rem auto; padding: 0 0.6rem; } h1 { font-size: 1.3rem; }
              .card { min-width: 7rem; padding: 0.5rem 0.7rem; } .card b { font-size: 1.15rem; }
              svg.wide { display: none; } svg.narrow { display: block; }
              table { font-size: 0.82rem; } th, td { padding: 0.25rem 0.25rem; } th:first-child, td:first-child { min-width: 5rem; }
            }
            </style>
            </head>
            <body>
            <h1>FoodLog report</h1>
            <p class="sub">\(range) · \(period.loggedDays) of \(range.count) days logged · \(period.entries) items\(period.estimates > 0 ? " · <span class=\"est\">~ \(period.estimates) estimated</span>" : "")</p>

            """
        html += "<div class=\"cards\">\n"
        for key in ["kcal", "protein", "carbs", "fat"] {
            let average = period.dailyAverage(key)
            var detail = "daily average"
            if let target = period.targets[key], target > 0 {
                detail += " · \(formatPercent(average / target)) of \(HTMLReport.number(target, key))"
            }
            if let weekly = period.weeklyTargets[key], weekly > 0, period.loggedDays > 0 {
                detail +=
                    " · \(period.isWeekOrLess ? "the period" : "per week") \(formatPercent(period.weekly(key) / weekly))"
                    + " of \(HTMLReport.number(weekly, key)) a week"
            }
            html +=
                "<div class=\"card\" data-nutrient=\"\(key)\"><b>\(HTMLReport.number(average, key))</b><span>\(key) \(detail)</span></div>\n"
        }
        html += "</div>\n"
        html += "<h2>\(lastDay.day): macros against targets</h2>\n" + macroBars() + "\n"
        for chart in series {
            html +=
                "<h2>\(HTMLReport.escape(DashboardRenderer.label(chart.nutrient))) per day</h2>\n"
                + HTMLCharts.bars(chart, size: .wide, className: "wide") + "\n"
                + HTMLCharts.bars(chart, size: .narrow, className: "narrow") + "\n"
        }
        if !weights.isEmpty {
            html +=
                "<h2>weight</h2>\n" + HTMLCharts.weight(weights, range: range, size: .wide, className: "wide") + "\n"
                + HTMLCharts.weight(weights, range: range, size: .narrow, className: "narrow") + "\n"
        }
        html +=
            "<h2>Meals</h2>\n<div class=\"scroll\"><table><thead><tr><th>meal</th><th>items</th><th>kcal</th><th>protein</th><th>carbs</th><th>fat</th></tr></thead><tbody>\n"
        for row in meals.rows {
            html +=
                "<tr><td>\(HTMLReport.escape(row.key))\(row.estimates > 0 ? " <span class=\"est\">~</span>" : "")</td><td>\(row.entries)</td>"
                + ["kcal", "protein", "carbs", "fat"].map {
                    "<td>\(HTMLReport.number(row.nutrients.value(forKey: $0), $0))</td>"
                }.joined() + "</tr>\n"
        }
        html +=
            "</tbody></table></div>\n<h2>Top foods by kcal</h2>\n<div class=\"scroll\"><table><thead><tr><th>food</th><th>items</th><th>kcal</th><th>share</th></tr></thead><tbody>\n"
        for row in topFoods.rows {
            let share = topFoods.total > 0 ? row.value / topFoods.total : 0
            html +=
                "<tr><td>\(HTMLReport.escape(row.name))\(row.estimates > 0 ? " <span class=\"est\">~ estimated</span>" : "")</td><td>\(row.entries)</td><td>\(HTMLReport.number(row.value, "kcal"))</td><td>\(formatPercent(share))</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if period.estimates > 0 {
            html +=
                "<p class=\"note\"><span class=\"est\">~</span> marks estimated items: no food in your library or the USDA table matched, so FoodLog estimated them.</p>\n"
        }
        html +=
            "<p class=\"note\">Made by foodlog from the USDA SR26 and FNDDS food tables and your diary. Charts are inline SVG; the dashed line is your target.</p>\n</body>\n</html>\n"
        return html
    }

    /// The last day's kcal and macros as bars against their targets (HTML, so they fit any
    /// width): the target is a dashed mark, and the part of a bar past it is hatched.
    func macroBars() -> String {
        var html = "<div class=\"macros\">\n"
        for key in ["kcal", "protein", "carbs", "fat"] {
            let value = lastDay.totals.value(forKey: key)
            let target = lastDay.targets[key]
            let scale = max(value, target ?? 0) * 1.1
            let width = scale > 0 ? value / scale * 100 : 0
            var track =
                "<span class=\"fill\" style=\"width: \(formatNumber(width, maxDecimals: 1))%; background: \(HTMLReport.colors[key] ?? "#888")\" data-value=\"\(formatNumber(value, maxDecimals: 1))\"></span>"
            if let target, scale > 0 {
                let mark = target / scale * 100
                if value > target {
                    track +=
                        "<span class=\"over\" style=\"left: \(formatNumber(mark, maxDecimals: 1))%; right: \(formatNumber(100 - width, maxDecimals: 1))%\"></span>"
                }
                track += "<span class=\"mark\" style=\"left: \(formatNumber(mark, maxDecimals: 1))%\"></span>"
            }
            let label = HTMLReport.number(value, key) + (target.map { " / " + HTMLReport.number($0, key) } ?? "")
            html += "<span>\(key)</span><span class=\"track\">\(track)</span><span class=\"value\">\(label)</span>\n"
        }
        return html + "</div>"
    }

    /// One chart for `report --svg`.
    static func svg(_ series: ChartSeries) -> String { HTMLCharts.bars(series, size: .wide) }
}
