import FoodLogCore
import MealSyntax

/// The stable text form of compiled operations (`foodlog compile --dump-ops`), one operation
/// per line with its source position; log items follow indented.
public enum Disassembler {
    public static func dump(_ ops: [Op], source: SourceFile) -> String {
        var output = ""
        for (index, op) in ops.enumerated() {
            let location = source.location(of: op.range.start)
            let number = String(index)
            output += String(repeating: "0", count: max(0, 4 - number.count)) + number + "  "
            let position = "\(location.line):\(location.column)"
            output += position + String(repeating: " ", count: max(1, 8 - position.count)) + describe(op.kind) + "\n"
            if case .log(_, _, _, let items) = op.kind { output += itemLines(items) }
            if case .defineRecipe(_, _, let items) = op.kind { output += itemLines(items) }
            if case .defineMeal(_, let items) = op.kind { output += itemLines(items) }
        }
        return output
    }

    static func itemLines(_ items: [Item]) -> String {
        items.map { item in
            var parts = ["      item", "\"\(item.written.text)\""]
            if let quantity = item.quantity { parts.append("qty=" + formatNumber(quantity.value)) }
            if let unit = item.unit { parts.append("unit=" + unit.canonical.replacingOccurrencesOfSpace()) }
            parts.append("name=\"\(item.name.text)\"")
            if let note = item.note { parts.append("note=\"\(note.text)\"") }
            if item.joinedByAnd { parts.append("joined-by-and") }
            return parts.joined(separator: " ") + "\n"
        }.joined()
    }

    /// One operation's line.
    public static func describe(_ kind: OpKind) -> String {
        switch kind {
        case .setDay(let day): return "set-day \(day)"
        case .log(let day, let meal, let time, let items):
            return "log day=\(day)" + (meal.map { " meal=\($0)" } ?? "") + (time.map { " time=\($0)" } ?? "")
                + " items=\(items.count)"
        case .defineFood(let food):
            let kcal = food.per100g[.kcal].map { formatNumber($0) } ?? "?"
            return "define-food \"\(food.name)\" kcal/100g=\(kcal)"
                + food.portions.map { " portion=\(formatNumber($0.amount)) \($0.unit) (\(formatNumber($0.grams)) g)" }
                .joined()
                + (food.tags.isEmpty ? "" : " tags=" + food.tags.joined(separator: ","))
        case .defineRecipe(let name, let serves, let items):
            return "define-recipe \"\(name)\" serves=\(formatNumber(serves)) items=\(items.count)"
        case .defineMeal(let name, let items): return "define-meal \"\(name)\" items=\(items.count)"
        case .defineAlias(let name, let target): return "define-alias \"\(name)\" -> \"\(target)\""
        case .setTargets(let from, let scope, let values):
            return "set-targets from=\(from) " + (scope == .day ? "" : "scope=\(scope.rawValue) ")
                + values.map { "\($0.key)=\(formatNumber($0.value))" }.joined(separator: " ")
        case .recordWeight(let day, let kilograms): return "record-weight day=\(day) kg=\(formatNumber(kilograms))"
        case .usePlan(let name, let from, let options):
            return "use-plan \"\(name)\" from=\(from)" + options.map { " \($0.key)=\($0.value)" }.joined()
        case .planOff(let from): return "plan-off from=\(from)"
        case .showPlan(let name): return "show-plan \"\(name)\""
        case .reloadPlan: return "reload-plan"
        case .check(let range): return "check \(range)"
        case .insight(let range): return "insight \(range)"
        case .show(let range, let nutrients, let grouping, _):
            return "show \(range)" + (nutrients.isEmpty ? "" : " nutrients=" + nutrients.joined(separator: ","))
                + (grouping.map { " by=\($0.rawValue)" } ?? "")
        case .chart(let nutrient, let range): return "chart \(nutrient) \(range)"
        case .top(let count, let grouping, let range, let nutrient):
            return "top \(count) \(grouping.rawValue)s \(range) by=\(nutrient)"
        case .undo: return "undo"
        }
    }
}

extension String {
    fileprivate func replacingOccurrencesOfSpace() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
