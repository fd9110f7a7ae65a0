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

    static let colors = ["kcal": "#e4572e", "protein": "#17bebb", "carbs": "#ffc914", "fat": "#76b041"]

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
            .card { border: 1px solid #e3e3e3; border-radius: 8px; padding: 0.7rem 1rem; min-width: 9rem; }
            .card b { display: block; font-size: 1.4rem; } .card span { color: #666; font-size: 0.85rem; }
            table { border-collapse: collapse; width: 100%; font-size: 0.92rem; } th, td { text-align: right; padding: 0.3rem 0.5rem; border-bottom: 1px solid #eee; }
            th:first-child, td:first-child { text-align: left; } .est { color: #b26b00; } svg { max-width: 100%; height: auto; }
            .note { color: #777; font-size: 0.85rem; }
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
            html +=
                "<div class=\"card\" data-nutrient=\"\(key)\"><b>\(HTMLReport.number(average, key))</b><span>\(key) \(detail)</span></div>\n"
        }
        html += "</div>\n"
        html += "<h2>\(lastDay.day): macros against targets</h2>\n" + macroBars() + "\n"
        for chart in series {
            html +=
                "<h2>\(HTMLReport.escape(DashboardRenderer.label(chart.nutrient))) per day</h2>\n"
                + HTMLReport.svg(chart, width: 760, height: 200) + "\n"
        }
        html +=
            "<h2>Meals</h2>\n<table><thead><tr><th>meal</th><th>items</th><th>kcal</th><th>protein</th><th>carbs</th><th>fat</th></tr></thead><tbody>\n"
        for row in meals.rows {
            html +=
                "<tr><td>\(HTMLReport.escape(row.key))\(row.estimates > 0 ? " <span class=\"est\">~</span>" : "")</td><td>\(row.entries)</td>"
                + ["kcal", "protein", "carbs", "fat"].map {
                    "<td>\(HTMLReport.number(row.nutrients.value(forKey: $0), $0))</td>"
                }.joined() + "</tr>\n"
        }
        html +=
            "</tbody></table>\n<h2>Top foods by kcal</h2>\n<table><thead><tr><th>food</th><th>items</th><th>kcal</th><th>share</th></tr></thead><tbody>\n"
        for row in topFoods.rows {
            let share = topFoods.total > 0 ? row.value / topFoods.total : 0
            html +=
                "<tr><td>\(HTMLReport.escape(row.name))\(row.estimates > 0 ? " <span class=\"est\">~ estimated</span>" : "")</td><td>\(row.entries)</td><td>\(HTMLReport.number(row.value, "kcal"))</td><td>\(formatPercent(share))</td></tr>\n"
        }
        html += "</tbody></table>\n"
        if period.estimates > 0 {
            html +=
                "<p class=\"note\"><span class=\"est\">~</span> marks estimated items: no food in your library or the USDA table matched, so FoodLog estimated them.</p>\n"
        }
        html +=
            "<p class=\"note\">Made by foodlog from the USDA SR26 and FNDDS food tables and your diary. Charts are inline SVG; the dashed line is your target.</p>\n</body>\n</html>\n"
        return html
    }

    /// The last day's kcal and macros as bars against their targets.
    func macroBars() -> String {
        let keys = ["kcal", "protein", "carbs", "fat"]
        let rowHeight = 34
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 760 \(keys.count * rowHeight + 10)\" width=\"760\" height=\"\(keys.count * rowHeight + 10)\" role=\"img\" aria-label=\"macros against targets\">\n"
        for (index, key) in keys.enumerated() {
            let value = lastDay.totals.value(forKey: key)
            let target = lastDay.targets[key]
            let scale = max(value, target ?? 0) * 1.1
            let y = index * rowHeight + 5
            let width = scale > 0 ? value / scale * 520 : 0
            svg += "<text x=\"0\" y=\"\(y + 18)\" font-size=\"13\">\(key)</text>\n"
            svg += "<rect x=\"90\" y=\"\(y + 4)\" width=\"520\" height=\"18\" fill=\"#f1f1f1\" rx=\"3\" />\n"
            svg +=
                "<rect x=\"90\" y=\"\(y + 4)\" width=\"\(formatNumber(width, maxDecimals: 1))\" height=\"18\" fill=\"\(HTMLReport.colors[key] ?? "#888")\" rx=\"3\" data-value=\"\(formatNumber(value, maxDecimals: 1))\" />\n"
            if let target, scale > 0 {
                let x = 90 + target / scale * 520
                svg +=
                    "<line x1=\"\(formatNumber(x, maxDecimals: 1))\" y1=\"\(y)\" x2=\"\(formatNumber(x, maxDecimals: 1))\" y2=\"\(y + 26)\" stroke=\"#222\" stroke-width=\"2\" stroke-dasharray=\"4 3\" />\n"
            }
            let label = HTMLReport.number(value, key) + (target.map { " / " + HTMLReport.number($0, key) } ?? "")
            svg += "<text x=\"620\" y=\"\(y + 18)\" font-size=\"13\">\(label)</text>\n"
        }
        return svg + "</svg>"
    }

    /// A bar chart of one nutrient per day with a dashed target line; estimated days are lighter.
    static func svg(_ series: ChartSeries, width: Int, height: Int) -> String {
        let left = 56.0
        let bottom = 24.0
        let top = 10.0
        let plotWidth = Double(width) - left - 10
        let plotHeight = Double(height) - bottom - top
        let values = series.points.compactMap(\.value)
        let maximum = max(values.max() ?? 0, series.target ?? 0) * 1.1
        let color = colors[series.nutrient] ?? "#5b6abf"
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\" aria-label=\"\(escape(series.nutrient)) per day\">\n"
        svg +=
            "<line x1=\"\(left)\" y1=\"\(top + plotHeight)\" x2=\"\(left + plotWidth)\" y2=\"\(top + plotHeight)\" stroke=\"#999\" />\n"
        if maximum > 0 {
            for step in 0...4 {
                let value = maximum / 4 * Double(step)
                let y = top + plotHeight - value / maximum * plotHeight
                svg +=
                    "<text x=\"\(formatNumber(left - 6, maxDecimals: 1))\" y=\"\(formatNumber(y + 4, maxDecimals: 1))\" font-size=\"10\" text-anchor=\"end\" fill=\"#666\">\(escape(DayReportRenderer.amount(value, key: series.nutrient)))</text>\n"
            }
            let slot = plotWidth / Double(max(1, series.points.count))
            for (index, point) in series.points.enumerated() {
                guard let value = point.value else { continue }
                let barHeight = value / maximum * plotHeight
                let x = left + Double(index) * slot + slot * 0.1
                svg +=
                    "<rect x=\"\(formatNumber(x, maxDecimals: 2))\" y=\"\(formatNumber(top + plotHeight - barHeight, maxDecimals: 2))\" width=\"\(formatNumber(max(1, slot * 0.8), maxDecimals: 2))\" height=\"\(formatNumber(barHeight, maxDecimals: 2))\" fill=\"\(color)\" fill-opacity=\"\(point.estimates > 0 ? "0.5" : "0.9")\" data-date=\"\(point.day)\" data-value=\"\(formatNumber(value, maxDecimals: 2))\"><title>\(point.day): \(escape(DayReportRenderer.amount(value, key: series.nutrient)))\(point.estimates > 0 ? " (includes estimates)" : "")</title></rect>\n"
            }
            if let target = series.target {
                let y = top + plotHeight - target / maximum * plotHeight
                svg +=
                    "<line x1=\"\(left)\" y1=\"\(formatNumber(y, maxDecimals: 2))\" x2=\"\(left + plotWidth)\" y2=\"\(formatNumber(y, maxDecimals: 2))\" stroke=\"#222\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" data-target=\"\(formatNumber(target, maxDecimals: 2))\" />\n"
            }
        }
        svg += "<text x=\"\(left)\" y=\"\(height - 6)\" font-size=\"10\" fill=\"#666\">\(series.range.first)</text>\n"
        svg +=
            "<text x=\"\(formatNumber(left + plotWidth, maxDecimals: 1))\" y=\"\(height - 6)\" font-size=\"10\" fill=\"#666\" text-anchor=\"end\">\(series.range.last)</text>\n"
        return svg + "</svg>"
    }
}
