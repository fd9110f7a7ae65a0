import FoodLogCore
import FoodLogEngine
import MealSyntax
import Nutrition

/// Shows resolved items for review: the user's words, the source, the matched food, grams,
/// kcal, estimates marked, assumed alternatives; and the same as JSON.
struct ReviewRenderer {
    var colored = false

    /// The review text for items, with a total line.
    func render(_ items: [ResolvedItem]) -> String {
        var output = ""
        // Texts up to 28 columns share one column; a longer text has its arrow on the next line.
        let width = min(28, (items.map { $0.text.displayWidth }.max() ?? 0))
        for item in items {
            let marker = item.isEstimate ? paint("~", "33") : " "
            let text =
                item.text.displayWidth <= width
                ? item.text.padding(to: width + 1) : item.text + "\n" + String(repeating: " ", count: width + 4)
            output += " \(marker) " + text + "→ " + paint(item.food.name, "1") + " [\(item.food.id)]\n"
            let grams = formatGrouped(item.grams, maxDecimals: 2) + " g"
            // A weight is said once: "150 g", not "150 g = 150 g"; "1 × cup (158 g)", not "… = 158 g".
            let said = [grams, formatAmount(item.grams) + " g"]
            let weight =
                said.contains(item.basis) || said.contains(where: { item.basis.hasSuffix("(" + $0 + ")") })
                ? item.basis : item.basis + " = " + grams
            // A quick add has no weight: its grams only carry its energy.
            var detail =
                (item.source == .quickAdd ? "quick add · energy only" : item.source.rawValue + " · " + weight) + " · "
                + DayReportRenderer.amount(item.nutrients[.kcal] ?? 0, key: "kcal") + " kcal"
            if let note = item.note { detail += " · note: " + note }
            output += String(repeating: " ", count: width + 6) + detail + "\n"
            if let reason = item.choice.estimateReason {
                output += String(repeating: " ", count: width + 6) + paint("estimate: " + reason, "33") + "\n"
            }
            if let corrected = item.choice.correctedPhrase {
                output +=
                    String(repeating: " ", count: width + 6) + paint("assumed you meant '\(corrected)'", "33") + "\n"
            }
            if !item.choice.assumed.isEmpty {
                output +=
                    String(repeating: " ", count: width + 6) + "assumed over: "
                    + item.choice.assumed.map { $0.name }.joined(separator: "; ") + "\n"
            }
        }
        if items.count > 1 || !items.isEmpty {
            output += "   total: " + Self.macroLine(items.reduce(into: Nutrients()) { $0.add($1.nutrients) }) + "\n"
        }
        return output
    }

    /// `612 kcal · protein 31.2 g · carbs 90.1 g · fat 12.3 g`.
    static func macroLine(_ nutrients: Nutrients) -> String {
        DayReportRenderer.amount(nutrients.amount(.kcal), key: "kcal") + " kcal · protein "
            + DayReportRenderer.amount(nutrients.amount(.protein), key: "protein") + " · carbs "
            + DayReportRenderer.amount(nutrients.amount(.carbs), key: "carbs") + " · fat "
            + DayReportRenderer.amount(nutrients.amount(.fat), key: "fat")
    }

    func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The resolve JSON: `{"items": [{"text", "quantity", "unit", "source", "food", "grams",
    /// "nutrients", "estimate", "assumed", …}]}`.
    static func json(_ items: [ResolvedItem], source: SourceFile? = nil) -> JSON {
        .object([("items", .array(items.map { json($0, source: source) }))])
    }

    /// One item: its words and parsed parts (`parsed`: name, size, note, quantity and unit as
    /// written), what it resolved to, and why it may be wrong (`amount_assumed`, `estimate`,
    /// `warnings` with their line and column in `source`).
    static func json(_ item: ResolvedItem, source: SourceFile? = nil) -> JSON {
        let nutrients = item.nutrients
        let warnings = item.doubts().map { diagnostic -> JSON in
            var pairs: [(String, JSON)] = [("id", .string(diagnostic.id)), ("message", .string(diagnostic.message))]
            if let source {
                let location = source.location(of: diagnostic.range.start)
                pairs += [("line", .number(Double(location.line))), ("column", .number(Double(location.column)))]
            }
            return .object(pairs)
        }
        return .object([
            ("text", .string(item.text)),
            (
                "parsed",
                .object([
                    ("name", .string(item.name)), ("size", .optional(item.size)), ("note", .optional(item.note)),
                    ("quantity", .optional(item.quantityText)), ("unit", .optional(item.unit)),
                    ("unit_canonical", .optional(item.unitCanonical)),
                ])
            ),
            ("quantity", .number(item.quantity)),
            ("unit", .optional(item.unit)),
            ("source", .string(item.source.rawValue)),
            (
                "food",
                .object([
                    ("id", .string(item.food.id)), ("name", .string(item.food.name)),
                    ("group", .string(item.food.group)),
                ])
            ),
            ("grams", .number(rounded(item.grams))),
            ("basis", .string(item.basis)),
            ("nutrients", nutrientsJSON(nutrients)),
            ("estimate", .bool(item.isEstimate)),
            ("estimate_reason", .optional(item.choice.estimateReason)),
            (
                "assumed",
                .array(item.choice.assumed.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) })
            ),
            ("note", .optional(item.note)),
            ("amount_assumed", .optional(item.assumption)),
            ("warnings", .array(warnings)),
        ])
    }

    /// Every nutrient by key (missing values as null), plus `net_carbs`.
    static func nutrientsJSON(_ nutrients: Nutrients) -> JSON {
        var pairs: [(String, JSON)] = Nutrient.all.map { ($0.key, .optional(nutrients[$0].map(rounded))) }
        pairs.append(("net_carbs", .number(rounded(nutrients.netCarbs))))
        return .object(pairs)
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
