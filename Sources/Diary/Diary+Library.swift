import FoodLogCore
import Nutrition
import SQLite

extension Diary {
    /// Saves a custom food, recipe or saved meal; true when it replaced an earlier definition.
    @discardableResult
    public func saveFood(_ food: StoredFood, key: String, origin: Int64) throws(DiaryError) -> Bool {
        try run {
            let existed = try storedFood(food.kind, key: key) != nil
            let columns = Nutrient.all.map(\.key).joined(separator: ", ")
            let placeholders = (0..<Nutrient.all.count).map { "?\($0 + 8)" }.joined(separator: ", ")
            let insert = try database.prepare(
                """
                INSERT OR REPLACE INTO library_food(kind, key, name, tags, portions, definition, origin_id, \(columns))
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, \(placeholders))
                """)
            let portions = food.portions.map { "\($0.amount)\t\($0.unit)\t\($0.grams)" }.joined(separator: "\n")
            insert.bind(
                [
                    .text(food.kind.rawValue), .text(key), .text(food.name), .text(food.tags.joined(separator: " ")),
                    .text(portions), .text(food.definition), .integer(origin),
                ]
                    + food.per100g.values.map { $0.isNaN ? SQLiteValue.null : .real($0) })
            try insert.run()
            return existed
        }
    }

    /// A stored library food by kind and normalised key.
    public func storedFood(_ kind: StoredFood.Kind, key: String) throws(DiaryError) -> StoredFood? {
        try run {
            let columns = Nutrient.all.map(\.key).joined(separator: ", ")
            let select = try database.prepare(
                "SELECT name, tags, portions, definition, \(columns) FROM library_food WHERE kind = ?1 AND key = ?2")
            select.bind(.text(kind.rawValue), .text(key))
            guard try select.step() else { return nil }
            var nutrients = Nutrients()
            for nutrient in Nutrient.all {
                nutrients.values[nutrient.index] = select.optionalDouble(Int32(4 + nutrient.index)) ?? .nan
            }
            let portions = select.text(2).split(separator: "\n").enumerated().compactMap {
                index, line -> FoodPortion? in
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard parts.count == 3, let amount = Double(parts[0]), let grams = Double(parts[2]) else { return nil }
                return FoodPortion(sequence: index + 1, amount: amount, unit: String(parts[1]), grams: grams)
            }
            let food = StoredFood(
                kind: kind, name: select.text(0), per100g: nutrients, portions: portions,
                tags: select.text(1).split(separator: " ").map(String.init), definition: select.text(3))
            select.reset()
            return food
        }
    }

    /// Every library food (for listings and completion), by kind then name.
    public func libraryFoods() throws(DiaryError) -> [StoredFood] {
        var result: [StoredFood] = []
        let keys: [(String, String)] = try run {
            let select = try database.prepare("SELECT kind, key FROM library_food ORDER BY kind, key")
            var keys: [(String, String)] = []
            try select.forEachRow { keys.append(($0.text(0), $0.text(1))) }
            return keys
        }
        for (kind, key) in keys {
            if let kind = StoredFood.Kind(rawValue: kind), let food = try storedFood(kind, key: key) {
                result.append(food)
            }
        }
        return result
    }

    /// Saves a user alias; true when it replaced an earlier one.
    @discardableResult
    public func saveAlias(key: String, name: String, target: String, origin: Int64) throws(DiaryError) -> Bool {
        try run {
            let existed = try aliasTarget(key) != nil
            let insert = try database.prepare(
                "INSERT OR REPLACE INTO user_alias(key, name, target, origin_id) VALUES (?1, ?2, ?3, ?4)")
            insert.bind(.text(key), .text(name), .text(target), .integer(origin))
            try insert.run()
            return existed
        }
    }

    /// The name a user alias stands for.
    public func aliasTarget(_ key: String) throws(DiaryError) -> String? {
        try run {
            let select = try database.prepare("SELECT target FROM user_alias WHERE key = ?1")
            select.bind(.text(key))
            guard try select.step() else { return nil }
            let target = select.text(0)
            select.reset()
            return target
        }
    }

    // MARK: - Targets, weights, plans

    /// Sets targets of a scope effective from a day (each nutrient keeps its latest value for
    /// that scope from that day on).
    public func setTargets(
        from day: CalendarDate, scope: TargetScope, _ values: [(key: String, value: Double)], origin: Int64
    ) throws(DiaryError) {
        try run {
            let delete = try database.prepare("DELETE FROM target WHERE from_day = ?1 AND nutrient = ?2 AND scope = ?3")
            let insert = try database.prepare(
                "INSERT INTO target(from_day, nutrient, value, origin_id, scope) VALUES (?1, ?2, ?3, ?4, ?5)")
            for value in values {
                delete.bind(.text(day.description), .text(value.key), .text(scope.rawValue))
                try delete.run()
                insert.bind(
                    .text(day.description), .text(value.key), .real(value.value), .integer(origin),
                    .text(scope.rawValue))
                try insert.run()
            }
        }
    }

    /// The targets in effect on a day (``TargetSchedule``): the day's own, by nutrient (a
    /// weekend or weekday target in place of the daily one), and the weekly ones.
    public func targets(on day: CalendarDate) throws(DiaryError)
        -> (daily: [String: Double], weekly: [String: Double])
    {
        TargetSchedule.targets(on: day, from: try targetHistory())
    }

    /// Records the body weight on a day (one value a day; the last one wins).
    public func recordWeight(day: CalendarDate, kilograms: Double, origin: Int64) throws(DiaryError) {
        try run {
            let insert = try database.prepare(
                "INSERT OR REPLACE INTO weight(day, kilograms, origin_id) VALUES (?1, ?2, ?3)")
            insert.bind(.text(day.description), .real(kilograms), .integer(origin))
            try insert.run()
        }
    }

    /// The latest weight on or before a day.
    public func weight(onOrBefore day: CalendarDate) throws(DiaryError) -> Double? {
        try run {
            let select = try database.prepare("SELECT kilograms FROM weight WHERE day <= ?1 ORDER BY day DESC LIMIT 1")
            select.bind(.text(day.description))
            guard try select.step() else { return nil }
            let value = select.double(0)
            select.reset()
            return value
        }
    }

    /// Chooses a plan (nil = none) from a day on, with the user's option settings.
    public func setPlan(
        from day: CalendarDate, _ plan: String?, options: [PlanOptionSetting] = [], origin: Int64
    ) throws(DiaryError) {
        try run {
            let insert = try database.prepare(
                "INSERT OR REPLACE INTO plan_choice(from_day, plan, origin_id) VALUES (?1, ?2, ?3)")
            insert.bind(
                .text(day.description), plan.map { SQLiteValue.text(Diary.encodePlan($0, options)) } ?? .null,
                .integer(origin))
            try insert.run()
        }
    }

    /// The plan in effect on a day.
    public func plan(on day: CalendarDate) throws(DiaryError) -> String? { try planChoice(on: day)?.name }

    /// The plan in effect on a day and the option settings it was chosen with.
    public func planChoice(on day: CalendarDate) throws(DiaryError) -> (name: String, options: [PlanOptionSetting])? {
        try run {
            let select = try database.prepare(
                "SELECT plan FROM plan_choice WHERE from_day <= ?1 ORDER BY from_day DESC LIMIT 1")
            select.bind(.text(day.description))
            guard try select.step() else { return nil }
            let plan = select.optionalText(0)
            select.reset()
            return plan.map(Diary.decodePlan)
        }
    }

    /// A plan choice as stored: the plan's name, then (when options were set) U+001F and the
    /// settings, each `key U+001D kind U+001D value` (kind `n` number, `t` text, `f` flag),
    /// separated by U+001E. A name never holds these controls (the language cannot write them
    /// unquoted and plan files do not use them), and a diary without options reads unchanged.
    static func encodePlan(_ name: String, _ options: [PlanOptionSetting]) -> String {
        guard !options.isEmpty else { return name }
        return name + "\u{1F}"
            + options.map { setting in
                let (kind, value): (String, String)
                switch setting.value {
                case .number(let number): (kind, value) = ("n", String(number))
                case .text(let text): (kind, value) = ("t", text)
                case .flag(let flag): (kind, value) = ("f", flag ? "1" : "0")
                }
                return setting.key + "\u{1D}" + kind + "\u{1D}" + value
            }.joined(separator: "\u{1E}")
    }

    static func decodePlan(_ stored: String) -> (name: String, options: [PlanOptionSetting]) {
        let parts = stored.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (stored, []) }
        let options = parts[1].split(separator: "\u{1E}").compactMap { text -> PlanOptionSetting? in
            let fields = text.split(separator: "\u{1D}", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            let value: PlanOptionValue
            switch fields[1] {
            case "n": value = .number(Double(fields[2]) ?? 0)
            case "f": value = .flag(fields[2] == "1")
            default: value = .text(String(fields[2]))
            }
            return PlanOptionSetting(key: String(fields[0]), value: value)
        }
        return (String(parts[0]), options)
    }
}

extension Diary {
    /// Where each library name was defined: its kind (`custom`, `recipe`, `meal`, `alias`),
    /// its name and the path of the script (or `<repl>`, `<-e>`) that defined it last.
    public func definitionOrigins() throws(DiaryError) -> [(kind: String, name: String, origin: String)] {
        try run {
            let select = try database.prepare(
                """
                SELECT f.kind, f.name, coalesce(o.path, '') FROM library_food f LEFT JOIN origin o ON o.id = f.origin_id
                UNION ALL
                SELECT 'alias', a.name, coalesce(o.path, '') FROM user_alias a LEFT JOIN origin o ON o.id = a.origin_id
                """)
            var result: [(kind: String, name: String, origin: String)] = []
            try select.forEachRow { result.append(($0.text(0), $0.text(1), $0.text(2))) }
            return result
        }
    }
}
