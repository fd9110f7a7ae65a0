import FoodLogCore
import FoodLogEngine
import MealSyntax
import Nutrition

/// Inlay hints and hovers: what a line means, where it is written.
extension LanguageServer {
    /// The byte offsets a request's optional `range` covers; the whole document without one.
    func requestedBytes(_ params: JSON, in document: TextDocument) -> (first: Int, last: Int) {
        guard let range = params["range"], let start = Position(range["start"]), let end = Position(range["end"]) else {
            return (0, document.source.bytes.count)
        }
        return (document.offset(of: start, encoding: encoding), document.offset(of: end, encoding: encoding))
    }

    /// `≈ 405 kcal` after each `log` statement (`≈ 405 kcal · 1 estimated`), and after each
    /// date line the day's total against its target (`Σ 1,850 / 2,200 kcal`).
    func inlayHints(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        let result = analysis(of: document)
        let (first, last) = requestedBytes(params, in: document)
        var hints: [JSON] = []
        func hint(at offset: Int, _ label: String, tooltip: String? = nil) {
            var fields: [(String, JSON)] = [
                ("position", document.position(of: offset, encoding: encoding).json),
                ("label", .string(label)), ("paddingLeft", .bool(true)),
            ]
            if let tooltip { fields.append(("tooltip", .string(tooltip))) }
            hints.append(.object(fields))
        }
        for statement in result.statements where statement.range.end >= first && statement.range.start <= last {
            if case .date(let word) = statement.kind, let totals = result.days[word.day(today: result.today)] {
                hint(
                    at: statement.range.end, LanguageServer.dayLabel(totals),
                    tooltip: "the day's total in the diary once this file is run")
            }
        }
        for entry in result.logged where entry.statement.range.end >= first && entry.statement.range.start <= last {
            var label = "≈ " + formatThousands(entry.kcal) + " kcal"
            if entry.estimates > 0 { label += " · \(entry.estimates) estimated" }
            hint(at: entry.statement.range.end, label)
        }
        return .array(hints)
    }

    /// `Σ 1,850 / 2,200 kcal` (or `Σ 1,850 kcal` without a target), and with a weekly target
    /// the week so far against it: `Σ 638 / 500 kcal · week 1,041 / 3,000 kcal`.
    static func dayLabel(_ day: Analysis.Day) -> String {
        var label = "Σ " + formatThousands(day.total.amount(.kcal).finiteOrZero)
        if let target = day.targets["kcal"] { label += " / " + formatThousands(target) }
        label += " kcal"
        if let weekly = day.weekTargets["kcal"] {
            label +=
                " · week " + formatThousands(day.weekTotal.amount(.kcal).finiteOrZero) + " / "
                + formatThousands(weekly) + " kcal"
        }
        if day.estimates > 0 { label += " · \(day.estimates) estimated" }
        return label
    }

    /// On an item: its food, source, grams and how they were worked out, main nutrients; on
    /// its unit: what one weighs for that food; on a date line: the day against its targets.
    func hover(_ params: JSON) throws(Failure) -> JSON {
        let document = try document(params)
        guard let position = Position(params["position"]) else {
            throw Failure(code: .invalidParams, message: "position is missing")
        }
        let offset = document.offset(of: position, encoding: encoding)
        let result = analysis(of: document)
        if let (entry, item) = result.item(at: offset) {
            return hoverResult(
                itemHover(item, entry: entry, unitHover: isOnUnit(item, offset, result)), item.range, document)
        }
        for statement in result.statements where statement.range.start <= offset && offset <= statement.range.end {
            if case .date(let word) = statement.kind, let totals = result.days[word.day(today: result.today)] {
                return hoverResult(dayHover(word.day(today: result.today), totals), statement.range, document)
            }
        }
        return .null
    }

    func hoverResult(_ markdown: String, _ range: SourceRange, _ document: TextDocument) -> JSON {
        .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))])),
            ("range", document.range(range, encoding: encoding)),
        ])
    }

    /// True when the offset is on the item's unit word.
    func isOnUnit(_ item: ResolvedItem, _ offset: Int, _ result: Analysis) -> Bool {
        for statement in result.statements where statement.range.start <= offset && offset <= statement.range.end {
            guard case .log(let log) = statement.kind else { continue }
            for written in log.items where written.written.range == item.range {
                if let unit = written.unit, unit.written.range.start <= offset, offset <= unit.written.range.end {
                    return true
                }
            }
        }
        return false
    }

    static let sourceNames: [FoodSourceKind: String] = [
        .custom: "your custom food", .recipe: "your recipe", .meal: "your saved meal",
        .database: "the built-in table", .estimate: "an estimate",
    ]

    func itemHover(_ item: ResolvedItem, entry: Analysis.Logged, unitHover: Bool) -> String {
        var lines: [String] = []
        if unitHover, let unit = item.unit, item.quantity > 0 {
            lines.append(
                "**1 \(unit)** of \(item.food.name) weighs **\(formatAmount(item.grams / item.quantity)) g**")
            lines.append("")
        }
        lines.append("**\(item.text)** → \(item.food.name) (`\(item.food.id)`)")
        lines.append("")
        lines.append("from \(LanguageServer.sourceNames[item.source] ?? item.source.rawValue)")
        if let reason = item.choice.estimateReason {
            lines.append("")
            lines.append("estimate: \(reason)")
        }
        if let corrected = item.choice.correctedPhrase {
            lines.append("")
            lines.append("read as '\(corrected)'")
        }
        lines.append("")
        lines.append("**\(formatAmount(item.grams)) g** = \(item.basis)")
        lines.append("")
        lines.append(LanguageServer.nutrientLine(item.nutrients))
        return lines.joined(separator: "\n")
    }

    /// `405 kcal · 24 g protein · 40 g carbs · 15 g fat`.
    static func nutrientLine(_ nutrients: Nutrients, targets: [String: Double] = [:]) -> String {
        [Nutrient.kcal, .protein, .carbs, .fat, .fiber].map { nutrient in
            let unit = nutrient.key == "kcal" ? " kcal" : " g " + nutrient.name
            var text = formatThousands(nutrients.amount(nutrient).finiteOrZero) + unit
            if let target = targets[nutrient.key] {
                text += " of " + formatThousands(target)
            }
            return text
        }.joined(separator: " · ")
    }

    func dayHover(_ day: CalendarDate, _ totals: Analysis.Day) -> String {
        var lines = ["**\(day)**", ""]
        lines.append(LanguageServer.nutrientLine(totals.total, targets: totals.targets))
        lines.append("")
        var counts = "\(totals.items) item\(totals.items == 1 ? "" : "s") in this file"
        if totals.elsewhereItems > 0 {
            counts +=
                ", \(totals.elsewhereItems) logged elsewhere (\(formatThousands(totals.elsewhere.amount(.kcal).finiteOrZero)) kcal)"
        }
        if totals.estimates > 0 { counts += "; \(totals.estimates) estimated" }
        lines.append(counts)
        if !totals.weekTargets.isEmpty {
            lines.append("")
            lines.append("this week (\(day.startOfWeek)..\(day)):")
            lines.append("")
            lines.append(LanguageServer.nutrientLine(totals.weekTotal, targets: totals.weekTargets))
        }
        if totals.targets.isEmpty, totals.weekTargets.isEmpty {
            lines.append("")
            lines.append("no targets set (`target 2200 kcal`)")
        }
        return lines.joined(separator: "\n")
    }
}
