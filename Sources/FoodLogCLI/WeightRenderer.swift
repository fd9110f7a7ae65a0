import FoodLogCore
import FoodLogEngine

/// `show weight` and `chart weight`: body weight with its 7-day moving average, as text or JSON.
struct WeightRenderer {
    var ascii = false
    var width = 80

    /// The weighings of the period, each with the moving average, and the trend.
    func list(_ series: WeightSeries) -> String {
        var output = "weight, \(series.range) (kg; average: the last \(WeightSeries.averageDays) days' weighings)\n"
        let weighed = series.points.filter { $0.kilograms != nil }
        guard !weighed.isEmpty else { return output + nothingRecorded(series) }
        for point in weighed {
            output +=
                "\(point.day)  " + kilograms(point.kilograms!).leftPadded(to: 9)
                + "  average " + kilograms(point.average ?? point.kilograms!) + "\n"
        }
        return output + trendLine(series)
    }

    /// One row a day: the weighing (`●`) and the moving average (`│`) on a scale from the
    /// period's lowest to its highest value, then the numbers.
    func chart(_ series: WeightSeries) -> String {
        var output =
            "weight per day, \(series.range) · \(ascii ? "o" : "●") weighing, \(ascii ? "|" : "│") "
            + "\(WeightSeries.averageDays)-day average\n"
        let values = series.points.flatMap { [$0.kilograms, $0.average].compactMap { $0 } }
        guard let low = values.min(), let high = values.max(), series.points.contains(where: { $0.kilograms != nil })
        else { return output + nothingRecorded(series) }
        let track = max(10, width - 40)
        func column(_ value: Double) -> Int {
            high > low ? Int(((value - low) / (high - low) * Double(track - 1)).rounded()) : track / 2
        }
        for point in series.points {
            output += point.day.description + "  "
            guard point.kilograms != nil || point.average != nil else {
                output += "·\n"
                continue
            }
            var cells = Array(repeating: Character(" "), count: track)
            if let average = point.average { cells[column(average)] = ascii ? "|" : "│" }
            if let weight = point.kilograms { cells[column(weight)] = ascii ? "o" : "●" }
            output += String(cells) + "  " + (point.kilograms.map(kilograms) ?? "").leftPadded(to: 8)
            output += point.average.map { "  avg " + kilograms($0) } ?? ""
            output += "\n"
        }
        output += "scale \(kilograms(low)) to \(kilograms(high))\n"
        return output + trendLine(series)
    }

    /// `{"type": "weight", "from", "to", "points": [{"date", "kilograms", "average"}], "trend"}`.
    static func json(_ series: WeightSeries) -> JSON {
        .object([
            ("type", .string("weight")), ("unit", .string("kg")),
            ("from", .string(series.range.first.description)), ("to", .string(series.range.last.description)),
            (
                "points",
                .array(
                    series.points.map { point in
                        .object([
                            ("date", .string(point.day.description)),
                            ("kilograms", .optional(point.kilograms.map(ReviewRenderer.rounded))),
                            ("average", .optional(point.average.map(ReviewRenderer.rounded))),
                        ])
                    })
            ),
            ("trend", .optional(series.trend.map(ReviewRenderer.rounded))),
        ])
    }

    func kilograms(_ value: Double) -> String { formatNumber((value * 10).rounded() / 10, maxDecimals: 1) + " kg" }

    func trendLine(_ series: WeightSeries) -> String {
        guard let trend = series.trend else { return "" }
        let rounded = (trend * 10).rounded() / 10
        return "trend: " + (rounded > 0 ? "+" : "") + kilograms(rounded) + " (the average, first to last weighing)\n"
    }

    func nothingRecorded(_ series: WeightSeries) -> String {
        if let known = series.lastKnown {
            return "  no weight recorded in \(series.range); the last: \(kilograms(known.kilograms)) on \(known.day)\n"
        }
        return "  no weight recorded yet (record one: weight 72.4 kg)\n"
    }
}
