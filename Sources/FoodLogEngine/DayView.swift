import Diary
import LuaHost
import MealSyntax
import Nutrition

/// Builds the read-only day view plans and insights see (see grammar/lua/README.md).
public enum DayView {
    /// Keys of `day.total` and `day.target`.
    public static let totalKeys = ["kcal", "protein", "carbs", "fat", "fiber", "sugar", "sodium", "net_carbs"]
    /// Nutrient keys each item carries.
    static let itemKeys = ["kcal", "protein", "carbs", "fat", "fiber", "sugar", "sodium", "fa_sat"]

    public static func table(_ report: DayReport, options: LuaTable = LuaTable()) -> LuaTable {
        var meals: [String: LuaValue] = [:]
        var mealOrder: [LuaValue] = []
        for meal in report.meals {
            meals[meal.meal] = .table(LuaTable(fields: [
                "name": .string(meal.meal),
                "items": .table(LuaTable(array: meal.entries.map { .table(item($0)) })),
                "total": .table(totals(meal.totals)),
            ]))
            mealOrder.append(.string(meal.meal))
        }
        var target: [String: LuaValue] = [:]
        for (key, value) in report.targets { target[key] = .number(value) }
        let weekday = report.day.weekdayName
        var fields: [String: LuaValue] = [
            "date": .string(report.day.description),
            "weekday": .string(weekday),
            "is_weekend": .bool(weekday == "saturday" || weekday == "sunday"),
            "total": .table(totals(report.totals)),
            "target": .table(LuaTable(fields: target)),
            "items": .table(LuaTable(array: report.entries.map { .table(item($0)) })),
            "meals": .table(LuaTable(fields: meals)),
            "meal_order": .table(LuaTable(array: mealOrder)),
            "logged": .bool(!report.entries.isEmpty),
            "plan_options": .table(options),
        ]
        if let weight = report.weight { fields["weight"] = .number(weight) }
        return LuaTable(fields: fields)
    }

    static func totals(_ nutrients: Nutrients) -> LuaTable {
        var fields: [String: LuaValue] = [:]
        for key in totalKeys { fields[key] = .number(rounded(nutrients.value(forKey: key))) }
        let kcal = nutrients.amount(.kcal)
        fields["pct_protein"] = .number(kcal > 0 ? rounded(nutrients.amount(.protein) * 4 / kcal * 100) : 0)
        fields["pct_carbs"] = .number(kcal > 0 ? rounded(nutrients.amount(.carbs) * 4 / kcal * 100) : 0)
        fields["pct_fat"] = .number(kcal > 0 ? rounded(nutrients.amount(.fat) * 9 / kcal * 100) : 0)
        return LuaTable(fields: fields)
    }

    static func item(_ entry: Entry) -> LuaTable {
        let nutrients = entry.nutrients
        var values: [String: LuaValue] = [:]
        for key in itemKeys { values[key] = .number(rounded(nutrients.value(forKey: key))) }
        values["net_carbs"] = .number(rounded(nutrients.netCarbs))
        var fields: [String: LuaValue] = [
            "name": .string(entry.food.name),
            "text": .string(entry.text),
            "grams": .number(rounded(entry.grams)),
            "meal": .string(entry.meal ?? "unassigned"),
            "source": .string(entry.food.source),
            "nutrients": .table(LuaTable(fields: values)),
            "food": .table(LuaTable(fields: [
                "id": .string(entry.food.foodID), "name": .string(entry.food.name), "group": .string(entry.food.group),
                "tags": .table(LuaTable(array: entry.food.tags.map(LuaValue.string))),
            ])),
        ]
        if let time = entry.time { fields["time"] = .string(time) }
        return LuaTable(fields: fields)
    }

    /// Values rounded to 0.001 so rules see stable numbers.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
