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
    /// Where `item.name` comes from (one cache per engine).
    public var names: LoggedNames

    public init(
        _ report: DayReport, options: LuaTable = LuaTable(), generation: Int, names: LoggedNames = LoggedNames()
    ) {
        self.report = report
        self.options = options
        self.generation = generation
        self.names = names
    }

    public func push(into writer: LuaWriter) {
        writer.with(Key.self) { pushDay($0) }
    }

    /// Pushes the sealed day table (inside ``LuaWriter/with(_:_:)`` for ``Key``).
    private func pushDay(_ writer: LuaWriter) {
        let entries = report.entries
        writer.newTable(fields: 14)
        let day = writer.top
        let weekday = report.day.weekdayName
        writer.set(Key.date, report.day.description, in: day)
        writer.set(Key.weekday, weekday, in: day)
        writer.set(Key.is_weekend, report.day.isWeekend, in: day)
        writer.set(Key.logged, !entries.isEmpty, in: day)
        if let weight = report.weight { writer.set(Key.weight, weight, in: day) }
        DayView.pushTotals(report.totals, writer)
        writer.setTop(as: Key.total, in: day)

        DayView.pushTargets(report.targets, writer)
        writer.setTop(as: Key.target, in: day)
        // Only with a weekly target: days without one push nothing more.
        if !report.weeklyTargets.isEmpty {
            DayView.pushTargets(report.weeklyTargets, writer)
            writer.setTop(as: Key.week_target, in: day)
            DayView.pushTotals(report.weekTotals, writer)
            writer.setTop(as: Key.week_total, in: day)
        }

        writer.newTable(array: entries.count)
        let items = writer.top
        var mealNames: [String] = []
        var mealItems: [[Int]] = []
        var mealTotals: [Nutrients] = []
        for offset in entries.indices {
            pushItem(offset, of: entries, writer)
            writer.appendTop(at: offset + 1, in: items)
            let meal = entries[offset].meal ?? "unassigned"
            var known = mealNames.firstIndex(of: meal) ?? -1
            if known < 0 {
                known = mealNames.count
                mealNames.append(meal)
                mealItems.append([])
                mealTotals.append(Nutrients())
            }
            mealItems[known].append(offset)
            mealTotals[known].add(entries[offset].food.per100g, times: entries[offset].grams / 100)
        }

        writer.newTable(fields: mealNames.count)
        let meals = writer.top
        writer.newTable(array: mealNames.count)
        let order = writer.top
        for (number, name) in mealNames.enumerated() {
            writer.newTable(fields: 3)
            let meal = writer.top
            writer.set(Key.name, name, in: meal)
            writer.newTable(array: mealItems[number].count)
            for (position, offset) in mealItems[number].enumerated() {
                writer.pushElement(offset + 1, of: items)
                writer.appendTop(at: position + 1, in: meal + 1)
            }
            writer.seal()
            writer.setTop(as: Key.items, in: meal)
            DayView.pushTotals(mealTotals[number], writer)
            writer.setTop(as: Key.total, in: meal)
            writer.seal()
            writer.setTop(named: name, in: meals)
            writer.push(name)
            writer.appendTop(at: number + 1, in: order)
        }
        writer.seal()
        writer.setTop(as: Key.meal_order, in: day)
        writer.seal()
        writer.setTop(as: Key.meals, in: day)
        writer.seal()
        writer.setTop(as: Key.items, in: day)

        writer.pushSealed(options)
        writer.setTop(as: Key.plan_options, in: day)
        writer.seal()
    }

    /// Pushes the sealed item table of `entries[offset]` (read in place: copying an ``Entry``
    /// retains each of its strings and arrays, and the copies cost about 3% of a long check).
    private func pushItem(_ offset: Int, of entries: [Entry], _ writer: LuaWriter) {
        writer.newTable(fields: 10)
        let item = writer.top
        writer.set(Key.name, names.name(of: entries[offset]), in: item)
        writer.set(Key.food_name, entries[offset].food.name, in: item)
        writer.set(Key.text, entries[offset].text, in: item)
        writer.set(Key.grams, DayView.rounded(entries[offset].grams), in: item)
        writer.set(Key.meal, entries[offset].meal ?? "unassigned", in: item)
        writer.set(Key.source, entries[offset].food.source, in: item)
        if let time = entries[offset].time { writer.set(Key.time, time, in: item) }

        writer.newTable(fields: 9)
        let nutrients = writer.top
        let per100g = entries[offset].food.per100g
        let factor = entries[offset].grams / 100
        func amount(_ nutrient: Nutrient) -> Double {
            let value = per100g.values[nutrient.index] * factor
            return value.isNaN ? 0 : value
        }
        for (key, nutrient) in DayView.basicNutrients {
            writer.set(key, DayView.rounded(amount(nutrient)), in: nutrients)
        }
        writer.set(Key.fa_sat, DayView.rounded(amount(.saturatedFat)), in: nutrients)
        writer.set(Key.net_carbs, DayView.rounded(max(0, amount(.carbs) - amount(.fiber))), in: nutrients)
        writer.seal()
        writer.setTop(as: Key.nutrients, in: item)

        writer.cached(entries[offset].snapshotID, generation: generation) {
            writer.newTable(fields: 4)
            let food = writer.top
            writer.set(Key.id, entries[offset].food.foodID, in: food)
            writer.set(Key.name, entries[offset].food.name, in: food)
            writer.set(Key.group, entries[offset].food.group, in: food)
            writer.newTable(array: entries[offset].food.tags.count)
            for (position, tag) in entries[offset].food.tags.enumerated() {
                writer.push(tag)
                writer.appendTop(at: position + 1, in: food + 1)
            }
            writer.seal()
            writer.setTop(as: Key.tags, in: food)
            writer.seal()
        }
        writer.setTop(as: Key.food, in: item)
        writer.seal()
    }

    /// Pushes a sealed targets table: a field per nutrient key with a target.
    static func pushTargets(_ targets: [String: Double], _ writer: LuaWriter) {
        writer.newTable(fields: targets.count)
        for (key, value) in targets.sorted(by: { $0.key < $1.key }) {
            writer.set(named: key, value, in: writer.top)
        }
        writer.seal()
    }

    /// Pushes a sealed totals table: `totalKeys` and each macro's percent of kcal.
    static func pushTotals(_ nutrients: Nutrients, _ writer: LuaWriter) {
        writer.newTable(fields: 11)
        let table = writer.top
        for (key, nutrient) in basicNutrients { writer.set(key, rounded(nutrients.amount(nutrient)), in: table) }
        writer.set(Key.net_carbs, rounded(nutrients.netCarbs), in: table)
        let kcal = nutrients.amount(.kcal)
        writer.set(Key.pct_protein, kcal > 0 ? rounded(nutrients.amount(.protein) * 4 / kcal * 100) : 0, in: table)
        writer.set(Key.pct_carbs, kcal > 0 ? rounded(nutrients.amount(.carbs) * 4 / kcal * 100) : 0, in: table)
        writer.set(Key.pct_fat, kcal > 0 ? rounded(nutrients.amount(.fat) * 9 / kcal * 100) : 0, in: table)
        writer.seal()
    }

    /// The nutrients every item and total carries, with their keys.
    static let basicNutrients: [(Key, Nutrient)] = [
        (.kcal, .kcal), (.protein, .protein), (.carbs, .carbs), (.fat, .fat), (.fiber, .fiber), (.sugar, .sugar),
        (.sodium, .sodium),
    ]

    /// The keys of the view's tables, named as scripts see them (grammar/lua/README.md). Keys
    /// known only at run time (targets, meal names) are not here.
    enum Key: Int32, LuaKeys {
        // day
        case date = 1, weekday, is_weekend, logged, weight, total, target, items, meals, meal_order, plan_options
        // item, meal (name, items, total) and food (id, name, group, tags)
        case name, text, grams, meal, source, time, nutrients, food, id, group, tags
        // nutrients and totals
        case kcal, protein, carbs, fat, fiber, sugar, sodium, fa_sat, net_carbs, pct_protein, pct_carbs, pct_fat
        // item.food_name (the food's name beside the name as logged)
        case food_name
        // day.week_target, day.week_total (the weekly targets and the week so far)
        case week_target, week_total

        static let registryField = "foodlog.daykeys"

        var text: String {
            switch self {
            case .date: "date"
            case .weekday: "weekday"
            case .is_weekend: "is_weekend"
            case .logged: "logged"
            case .weight: "weight"
            case .total: "total"
            case .target: "target"
            case .items: "items"
            case .meals: "meals"
            case .meal_order: "meal_order"
            case .plan_options: "plan_options"
            case .name: "name"
            case .text: "text"
            case .grams: "grams"
            case .meal: "meal"
            case .source: "source"
            case .time: "time"
            case .nutrients: "nutrients"
            case .food: "food"
            case .id: "id"
            case .group: "group"
            case .tags: "tags"
            case .kcal: "kcal"
            case .protein: "protein"
            case .carbs: "carbs"
            case .fat: "fat"
            case .fiber: "fiber"
            case .sugar: "sugar"
            case .sodium: "sodium"
            case .fa_sat: "fa_sat"
            case .net_carbs: "net_carbs"
            case .pct_protein: "pct_protein"
            case .pct_carbs: "pct_carbs"
            case .pct_fat: "pct_fat"
            case .food_name: "food_name"
            case .week_target: "week_target"
            case .week_total: "week_total"
            }
        }
    }

    /// Values rounded to 0.001 so rules see stable numbers.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
