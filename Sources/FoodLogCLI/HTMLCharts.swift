import FoodLogCore
import FoodLogEngine

/// The SVG charts of the HTML report and of `report --svg`: bars of a nutrient per day with a
/// dashed target line, and a line of body weight. Axes have round ticks (0, 500, 1,000 …), and
/// every bar whose slot is wide enough has its date under it (`Sun 29`, or `29`; when even that
/// does not fit, every second, third … bar is labelled).
enum HTMLCharts {
    /// The size of one chart: `wide` for desktops (760 wide), `narrow` for phones (360 wide,
    /// drawn at about its own size on a 400 px screen, so its text stays readable).
    struct Size {
        var width: Double
        var height: Double
        var fontSize: Double
        /// Room for the axis labels, from the longest one (``fitting(_:)``).
        var left = 40.0

        /// This size with room on the left for `labels`.
        func fitting(_ labels: [String]) -> Size {
            var size = self
            size.left = max(30, Double(labels.map(\.count).max() ?? 0) * fontSize * 0.62 + 10)
            return size
        }
        static let wide = Size(width: 760, height: 220, fontSize: 11)
        static let narrow = Size(width: 360, height: 220, fontSize: 11)
    }

    static let right = 10.0
    static let top = 10.0
    static let bottom = 34.0

    /// Round tick values from `low` to at least `high`: a step of 1, 2, 2.5 or 5 × 10ⁿ giving
    /// at most `count` steps (0, 500, 1,000, 1,500 for a high of 1,400).
    static func ticks(low: Double, high: Double, count: Int = 4) -> [Double] {
        guard high > low, (high - low).isFinite else { return [low, low + 1] }
        let rough = (high - low) / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        let step =
            [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 * Double(count) >= high - low } ?? magnitude * 10
        let first = (low / step).rounded(.down) * step
        var values: [Double] = []
        var value = first
        while values.count < 50 {
            values.append(value)
            if value >= high { break }
            value += step
        }
        return values
    }

    /// The label under each day's slot, or nil where it is left out so labels never overlap.
    static func dayLabels(_ days: [CalendarDate], slot: Double, fontSize: Double) -> [String?] {
        let character = fontSize * 0.62
        func fits(_ characters: Int) -> Bool { Double(characters) * character + 4 <= slot }
        if fits(6) {
            return days.map {
                $0.weekdayName.prefix(1).uppercased() + $0.weekdayName.dropFirst().prefix(2) + " \($0.day)"
            }
        }
        let every = fits(2) ? 1 : Int((2 * character + 4) / max(slot, 0.1)) + 1
        return days.enumerated().map { index, day in index % every == 0 ? "\(day.day)" : nil }
    }

    /// A bar chart of one nutrient per day with a dashed target line; estimated days are lighter.
    static func bars(_ series: ChartSeries, size: Size, className: String? = nil) -> String {
        let values = series.points.compactMap(\.value)
        let tickValues = ticks(low: 0, high: max(values.max() ?? 0, series.dailyTargets.compactMap { $0 }.max() ?? 0))
        let labels = tickValues.map { DayReportRenderer.amount($0, key: series.nutrient) }
        let size = size.fitting(labels)
        let left = size.left
        let plotWidth = size.width - left - right
        let plotHeight = size.height - bottom - top
        let maximum = tickValues.last ?? 1
        let color = HTMLReport.colors[series.nutrient] ?? "#5b6abf"
        var svg = open(size, label: "\(series.nutrient) per day", className: className)
        svg += axis(tickValues, labels, maximum: maximum, minimum: 0, size: size)
        let slot = plotWidth / Double(max(1, series.points.count))
        for (index, point) in series.points.enumerated() {
            guard let value = point.value else { continue }
            let barHeight = maximum > 0 ? value / maximum * plotHeight : 0
            let x = left + Double(index) * slot + slot * 0.1
            let shown = HTMLReport.escape(DayReportRenderer.amount(value, key: series.nutrient))
            svg +=
                "<rect x=\"\(n(x))\" y=\"\(n(top + plotHeight - barHeight))\" width=\"\(n(max(1, slot * 0.8)))\" "
                + "height=\"\(n(barHeight))\" fill=\"\(color)\" fill-opacity=\"\(point.estimates > 0 ? "0.5" : "0.9")\" "
                + "data-date=\"\(point.day)\" data-value=\"\(n(value))\"><title>\(point.day): \(shown)"
                + (point.estimates > 0 ? " (includes estimates)" : "") + "</title></rect>\n"
        }
        svg += dates(series.points.map(\.day), size: size)
        // One dashed segment per run of days with the same target, over those days only.
        var start = 0
        while maximum > 0, start < series.dailyTargets.count {
            var end = start
            while end + 1 < series.dailyTargets.count, series.dailyTargets[end + 1] == series.dailyTargets[start] {
                end += 1
            }
            if let target = series.dailyTargets[start] {
                let y = top + plotHeight - target / maximum * plotHeight
                let x1 = left + Double(start) * slot
                let x2 = left + Double(end + 1) * slot
                svg +=
                    "<line x1=\"\(n(x1))\" y1=\"\(n(y))\" x2=\"\(n(x2))\" y2=\"\(n(y))\" stroke=\"#222\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"6 4\" data-target=\"\(n(target))\" />\n"
            }
            start = end + 1
        }
        return svg + "</svg>"
    }

    /// Body weight on the days it was logged, as points joined by a line over the period's days.
    static func weight(
        _ weights: [(day: CalendarDate, kilograms: Double)], range: DayRange, size: Size,
        className: String? = nil
    ) -> String {
        let kilograms = weights.map(\.kilograms)
        let low = (kilograms.min() ?? 0) - 0.5
        let high = (kilograms.max() ?? 1) + 0.5
        let tickValues = ticks(low: low, high: high)
        let labels = tickValues.map { formatGrouped($0) + " kg" }
        let size = size.fitting(labels)
        let left = size.left
        let plotWidth = size.width - left - right
        let plotHeight = size.height - bottom - top
        let minimum = tickValues.first ?? low
        let maximum = tickValues.last ?? high
        var svg = open(size, label: "weight per day", className: className)
        svg += axis(tickValues, labels, maximum: maximum, minimum: minimum, size: size)
        let days = range.days
        let slot = plotWidth / Double(max(1, days.count))
        func point(_ entry: (day: CalendarDate, kilograms: Double)) -> (x: Double, y: Double) {
            let index = Double(entry.day.dayNumber - range.first.dayNumber)
            return (
                left + (index + 0.5) * slot,
                top + plotHeight - (entry.kilograms - minimum) / (maximum - minimum) * plotHeight
            )
        }
        let points = weights.map(point)
        svg +=
            "<polyline fill=\"none\" stroke=\"#5b6abf\" stroke-width=\"2\" points=\""
            + points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\" />\n"
        for (entry, at) in zip(weights, points) {
            svg +=
                "<circle cx=\"\(n(at.x))\" cy=\"\(n(at.y))\" r=\"3.5\" fill=\"#5b6abf\" data-date=\"\(entry.day)\" "
                + "data-value=\"\(n(entry.kilograms))\"><title>\(entry.day): \(formatGrouped(entry.kilograms)) kg</title></circle>\n"
        }
        svg += dates(days, size: size)
        return svg + "</svg>"
    }

    static func open(_ size: Size, label: String, className: String?) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\"" + (className.map { " class=\"\($0)\"" } ?? "")
            + " viewBox=\"0 0 \(n(size.width)) \(n(size.height))\" width=\"\(n(size.width))\" height=\"\(n(size.height))\""
            + " font-size=\"\(n(size.fontSize))\" role=\"img\" aria-label=\"\(HTMLReport.escape(label))\">\n"
    }

    /// Grid lines and labels at the ticks, and the x axis.
    static func axis(_ ticks: [Double], _ labels: [String], maximum: Double, minimum: Double, size: Size) -> String {
        let left = size.left
        let plotWidth = size.width - left - right
        let plotHeight = size.height - bottom - top
        var svg = ""
        for (value, label) in zip(ticks, labels) {
            let y = top + plotHeight - (value - minimum) / max(maximum - minimum, 1e-9) * plotHeight
            svg +=
                "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(y))\" stroke=\"#eee\" />\n"
                + "<text x=\"\(n(left - 6))\" y=\"\(n(y + 4))\" text-anchor=\"end\" fill=\"#666\">"
                + HTMLReport.escape(label) + "</text>\n"
        }
        svg +=
            "<line x1=\"\(n(left))\" y1=\"\(n(top + plotHeight))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(top + plotHeight))\" stroke=\"#999\" />\n"
        return svg
    }

    /// The day labels under the slots, and the month of the first day at the left.
    static func dates(_ days: [CalendarDate], size: Size) -> String {
        let left = size.left
        let plotWidth = size.width - left - right
        let slot = plotWidth / Double(max(1, days.count))
        let baseline = size.height - bottom + size.fontSize + 4
        var svg = ""
        for (index, label) in dayLabels(days, slot: slot, fontSize: size.fontSize).enumerated() {
            guard let label else { continue }
            svg +=
                "<text x=\"\(n(left + (Double(index) + 0.5) * slot))\" y=\"\(n(baseline))\" text-anchor=\"middle\" fill=\"#666\">"
                + label + "</text>\n"
        }
        if let first = days.first, let last = days.last {
            let span = first.month == last.month && first.year == last.year
            let months = span ? monthName(first) : monthName(first) + " – " + monthName(last)
            svg +=
                "<text x=\"\(n(left))\" y=\"\(n(baseline + size.fontSize + 3))\" fill=\"#999\">\(months)</text>\n"
        }
        return svg
    }

    static func monthName(_ date: CalendarDate) -> String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return names[max(0, min(11, date.month - 1))] + " \(date.year)"
    }

    /// A coordinate or a value in an attribute: at most two decimals.
    static func n(_ value: Double) -> String { formatNumber(value, maxDecimals: 2) }
}
