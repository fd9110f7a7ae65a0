import FoodLogCore

/// A stable one-line text form of each statement, for `foodlog parse --dump-ast` and the
/// golden cases' `# expect:` lines.
public enum ASTDumper {
    /// One line per statement.
    public static func dump(_ script: Script) -> String {
        script.statements.map { dump($0) + "\n" }.joined()
    }

    /// The one-line form of a statement.
    public static func dump(_ statement: Statement) -> String {
        switch statement.kind {
        case .date(let date): return "(date \(date))"
        case .log(let log):
            var parts = ["log"] + log.items.map(dump)
            if let meal = log.meal { parts.append("@" + meal.text) }
            if let time = log.time { parts.append("at=\(time)") }
            if let date = log.date { parts.append("on=\(date)") }
            return "(" + parts.joined(separator: " ") + ")"
        case .food(let food):
            var parts = ["food", dump(food.name)]
            if let portion = food.portion {
                var text = "per=(" + formatNumber(portion.quantity.value)
                if let unit = portion.unit { text += " " + unit.text }
                if let equivalent = portion.equivalent { text += " " + dump(equivalent) }
                parts.append(text + ")")
            }
            if !food.tags.isEmpty { parts.append("tags=[" + food.tags.map(\.text).joined(separator: ",") + "]") }
            parts += food.nutrients.map(dump)
            return "(" + parts.joined(separator: " ") + ")"
        case .recipe(let recipe):
            var parts = ["recipe", dump(recipe.name)]
            if let serves = recipe.serves { parts.append("serves=" + formatNumber(serves.value)) }
            parts += recipe.items.map(dump)
            return "(" + parts.joined(separator: " ") + ")"
        case .meal(let meal):
            return "(" + (["meal", dump(meal.name)] + meal.items.map(dump)).joined(separator: " ") + ")"
        case .alias(let alias):
            return "(alias \(dump(alias.alias)) = \(dump(alias.target)))"
        case .target(let amounts, let scope, let from):
            return "("
                + (["target"] + amounts.map(dump) + (scope == .day ? [] : ["scope=\(scope.rawValue)"])
                + (from.map { ["from=\($0)"] } ?? [])).joined(separator: " ")
                + ")"
        case .weight(let amount, let on):
            return "(weight \(dump(amount))" + (on.map { " on=\($0)" } ?? "") + ")"
        case .plan(let plan):
            switch plan {
            case .use(let name, let options, let from):
                return "(plan use \(dump(name))"
                    + options.map { " \($0.key.text)=\(dumpOption($0.value))" }.joined()
                    + (from.map { " from=\($0)" } ?? "") + ")"
            case .show(let name): return "(plan show \(dump(name)))"
            case .reload: return "(plan reload)"
            case .off(let from): return "(plan off" + (from.map { " from=\($0)" } ?? "") + ")"
            }
        case .check(let period): return "(check \(dump(period)))"
        case .insight(let period): return "(insight \(dump(period)))"
        case .show(let show):
            var parts = ["show", dump(show.period)]
            if !show.nutrients.isEmpty { parts.append("[" + show.nutrients.map(\.text).joined(separator: ", ") + "]") }
            if let grouping = show.grouping { parts.append("by=\(grouping.rawValue)") }
            return "(" + parts.joined(separator: " ") + ")"
        case .chart(let chart): return "(chart \(chart.nutrient.text) \(dump(chart.period)))"
        case .top(let top):
            return "(top \(top.count) \(top.grouping.rawValue)s \(dump(top.period))"
                + (top.nutrient.map { " by=\($0.text)" } ?? "") + ")"
        case .undo: return "(undo)"
        }
    }

    static func dump(_ item: Item) -> String {
        var parts = ["item"]
        if let quantity = item.quantity {
            parts.append(
                "qty=" + formatNumber(quantity.value)
                    + (quantity.written.text == formatNumber(quantity.value)
                        ? "" : "(\(quote(quantity.written.text)))"))
        }
        if let size = item.size {
            parts.append(
                "size=" + size.canonical.replacingSpaces()
                    + (size.written.text == size.canonical ? "" : "(\(quote(size.written.text)))"))
        }
        if let unit = item.unit {
            parts.append(
                "unit=" + unit.canonical.replacingSpaces()
                    + (unit.written.text == unit.canonical ? "" : "(\(quote(unit.written.text)))"))
        }
        parts.append("name=" + dump(item.name))
        if let note = item.note { parts.append("note=" + quote(note.text)) }
        return "(" + parts.joined(separator: " ") + ")"
    }

    static func dump(_ name: FoodName) -> String {
        // A quoted name in single quotes, with the escapes of the language (so a name holding a
        // line break or a quote still dumps on one line).
        name.quoted ? "'" + QuotedName.quote(name.text).dropFirst().dropLast() + "'" : quote(name.text)
    }

    static func dump(_ amount: NutrientAmount) -> String {
        var parts = [formatNumber(amount.value)]
        if let unit = amount.unit { parts.append(unit.text) }
        if let nutrient = amount.nutrient { parts.append(nutrient.text) }
        return "(" + parts.joined(separator: " ") + ")"
    }

    /// The stable spelling of a period (`last-7-days`, `2026-11-01..2026-11-30`).
    public static func dump(_ period: Period) -> String {
        switch period {
        case .today: return "today"
        case .yesterday: return "yesterday"
        case .date(let date): return date.description
        case .range(let first, let last): return "\(first)..\(last)"
        case .thisWeek: return "this-week"
        case .lastWeek: return "last-week"
        case .thisMonth: return "this-month"
        case .lastMonth: return "last-month"
        case .lastDays(let count): return "last-\(count)-days"
        case .week: return "week"
        case .month: return "month"
        case .all: return "all"
        }
    }

    /// `30`, `'sunday'`, `true`.
    static func dumpOption(_ value: PlanOptionValue) -> String {
        switch value {
        case .text(let text): return "'\(text)'"
        default: return value.description
        }
    }

    static func quote(_ text: String) -> String {
        "\""
            + text.reduce(into: "") { result, character in
                if character == "\"" || character == "\\" { result.append("\\") }
                result.append(character)
            } + "\""
    }
}

extension String {
    fileprivate func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }

}
