import Diary
import LuaHost
import MealSyntax
import Nutrition

/// The read-only day view plans and insights see (see grammar/lua/README.md), written
/// straight into Lua: every table is sealed as soon as it is complete, each item is one table
/// shared by `day.items` and its meal's `items`, and a food's table is built once per batch of
/// views (``generation``) and shared by every item of that food.
public struct DayView: LuaPushable {
    /// Keys of `day.total` and `day.target`.
    public static let totalKeys = ["kcal", "protein", "carbs", "fat", "fiber", "sugar", "sodium", "net_carbs"]

    public var report: DayReport
    /// `day.plan_options`: the plan's options.
    public var options: LuaTable
    /// Views of one generation may share cached food tables (one check, one insight run).
    public var generation: Int

    public init(_ report: DayReport, options: LuaTable = LuaTable(), generation: Int) {
        self.report = report
        self.options = options
        self.generation = generation
    }

    public func push(into writer: LuaWriter) {
        let entries = report.entries
        writer.newTable(fields: 12)
        let day = writer.top
        let weekday = report.day.weekdayName
        writer.set("date", report.day.description, in: day)
        writer.set("weekday", weekday, in: day)
        writer.set("is_weekend", weekday == "saturday" || weekday == "sunday", in: day)
        writer.set("logged", !entries.isEmpty, in: day)
        if let weight = report.weight { writer.set("weight", weight, in: day) }
        DayView.pushTotals(report.totals, writer)
        writer.setTop(as: "total", in: day)

        writer.newTable(fields: report.targets.count)
        for (key, value) in report.targets.sorted(by: { $0.key < $1.key }) { writer.set(named: key, value, in: writer.top) }
        writer.seal()
        writer.setTop(as: "target", in: day)

        writer.newTable(array: entries.count)
        let items = writer.top
        var mealNames: [String] = []
        var mealItems: [[Int]] = []
        var mealTotals: [Nutrients] = []
        for (offset, entry) in entries.enumerated() {
            pushItem(entry, writer)
            writer.appendTop(at: offset + 1, in: items)
            let meal = entry.meal ?? "unassigned"
            var known = mealNames.firstIndex(of: meal) ?? -1
            if known < 0 {
                known = mealNames.count
                mealNames.append(meal)
                mealItems.append([])
                mealTotals.append(Nutrients())
            }
            mealItems[known].append(offset)
            mealTotals[known].add(entry.food.per100g, times: entry.grams / 100)
        }

        writer.newTable(fields: mealNames.count)
        let meals = writer.top
        writer.newTable(array: mealNames.count)
        let order = writer.top
        for (number, name) in mealNames.enumerated() {
            writer.newTable(fields: 3)
            let meal = writer.top
            writer.set("name", name, in: meal)
            writer.newTable(array: mealItems[number].count)
            for (position, offset) in mealItems[number].enumerated() {
                writer.pushElement(offset + 1, of: items)
                writer.appendTop(at: position + 1, in: meal + 1)
            }
            writer.seal()
            writer.setTop(as: "items", in: meal)
            DayView.pushTotals(mealTotals[number], writer)
            writer.setTop(as: "total", in: meal)
            writer.seal()
            writer.setTop(named: name, in: meals)
            writer.push(name)
            writer.appendTop(at: number + 1, in: order)
        }
        writer.seal()
        writer.setTop(as: "meal_order", in: day)
        writer.seal()
        writer.setTop(as: "meals", in: day)
        writer.seal()
        writer.setTop(as: "items", in: day)

        writer.push(options)
        writer.sealDeep()
        writer.setTop(as: "plan_options", in: day)
        writer.seal()
    }

    /// Pushes one sealed item table.
    private func pushItem(_ entry: Entry, _ writer: LuaWriter) {
        writer.newTable(fields: 8)
        let item = writer.top
        writer.set("name", entry.food.name, in: item)
        writer.set("text", entry.text, in: item)
        writer.set("grams", DayView.rounded(entry.grams), in: item)
        writer.set("meal", entry.meal ?? "unassigned", in: item)
        writer.set("source", entry.food.source, in: item)
        if let time = entry.time { writer.set("time", time, in: item) }

        writer.newTable(fields: 9)
        let nutrients = writer.top
        let per100g = entry.food.per100g
        let factor = entry.grams / 100
        func amount(_ nutrient: Nutrient) -> Double {
            let value = per100g.values[nutrient.index] * factor
            return value.isNaN ? 0 : value
        }
        for (key, nutrient) in DayView.basicNutrients { writer.set(key, DayView.rounded(amount(nutrient)), in: nutrients) }
        writer.set("fa_sat", DayView.rounded(amount(.saturatedFat)), in: nutrients)
        writer.set("net_carbs", DayView.rounded(max(0, amount(.carbs) - amount(.fiber))), in: nutrients)
        writer.seal()
        writer.setTop(as: "nutrients", in: item)

        writer.cached(entry.snapshotID, generation: generation) {
            writer.newTable(fields: 4)
            let food = writer.top
            writer.set("id", entry.food.foodID, in: food)
            writer.set("name", entry.food.name, in: food)
            writer.set("group", entry.food.group, in: food)
            writer.newTable(array: entry.food.tags.count)
            for (offset, tag) in entry.food.tags.enumerated() {
                writer.push(tag)
                writer.appendTop(at: offset + 1, in: food + 1)
            }
            writer.seal()
            writer.setTop(as: "tags", in: food)
            writer.seal()
        }
        writer.setTop(as: "food", in: item)
        writer.seal()
    }

    /// Pushes a sealed totals table: `totalKeys` and each macro's percent of kcal.
    static func pushTotals(_ nutrients: Nutrients, _ writer: LuaWriter) {
        writer.newTable(fields: 11)
        let table = writer.top
        for (key, nutrient) in basicNutrients { writer.set(key, rounded(nutrients.amount(nutrient)), in: table) }
        writer.set("net_carbs", rounded(nutrients.netCarbs), in: table)
        let kcal = nutrients.amount(.kcal)
        writer.set("pct_protein", kcal > 0 ? rounded(nutrients.amount(.protein) * 4 / kcal * 100) : 0, in: table)
        writer.set("pct_carbs", kcal > 0 ? rounded(nutrients.amount(.carbs) * 4 / kcal * 100) : 0, in: table)
        writer.set("pct_fat", kcal > 0 ? rounded(nutrients.amount(.fat) * 9 / kcal * 100) : 0, in: table)
        writer.seal()
    }

    /// The nutrients every item and total carries, with their keys.
    static let basicNutrients: [(StaticString, Nutrient)] = [
        ("kcal", .kcal), ("protein", .protein), ("carbs", .carbs), ("fat", .fat), ("fiber", .fiber), ("sugar", .sugar),
        ("sodium", .sodium),
    ]

    /// Values rounded to 0.001 so rules see stable numbers.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
