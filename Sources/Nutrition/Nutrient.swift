/// One nutrient the food table knows: its key (also its column and JSON name), its name for
/// people and its unit. Values are always per 100 g of edible portion in the table.
public struct Nutrient: Hashable, Sendable {
    /// Position in ``Nutrients/values``.
    public let index: Int
    /// Stable key: column name, JSON field, Lua field (`kcal`, `protein`, `vit_c`).
    public let key: String
    public let name: String
    public let unit: String

    /// Every nutrient, in the table's column order.
    public static let all: [Nutrient] = {
        let rows: [(String, String, String)] = [
            ("water", "water", "g"), ("kcal", "energy", "kcal"), ("protein", "protein", "g"),
            ("fat", "fat", "g"), ("ash", "ash", "g"), ("carbs", "carbohydrates", "g"),
            ("fiber", "fiber", "g"), ("sugar", "sugars", "g"), ("calcium", "calcium", "mg"),
            ("iron", "iron", "mg"), ("magnesium", "magnesium", "mg"), ("phosphorus", "phosphorus", "mg"),
            ("potassium", "potassium", "mg"), ("sodium", "sodium", "mg"), ("zinc", "zinc", "mg"),
            ("copper", "copper", "mg"), ("manganese", "manganese", "mg"), ("selenium", "selenium", "µg"),
            ("vit_c", "vitamin C", "mg"), ("thiamin", "thiamin", "mg"), ("riboflavin", "riboflavin", "mg"),
            ("niacin", "niacin", "mg"), ("pantothenic_acid", "pantothenic acid", "mg"),
            ("vit_b6", "vitamin B6", "mg"), ("folate", "folate", "µg"), ("folic_acid", "folic acid", "µg"),
            ("food_folate", "food folate", "µg"), ("folate_dfe", "folate DFE", "µg"),
            ("choline", "choline", "mg"), ("vit_b12", "vitamin B12", "µg"), ("vit_a_iu", "vitamin A (IU)", "IU"),
            ("vit_a_rae", "vitamin A", "µg"), ("retinol", "retinol", "µg"),
            ("alpha_carotene", "alpha-carotene", "µg"), ("beta_carotene", "beta-carotene", "µg"),
            ("beta_cryptoxanthin", "beta-cryptoxanthin", "µg"), ("lycopene", "lycopene", "µg"),
            ("lutein_zeaxanthin", "lutein + zeaxanthin", "µg"), ("vit_e", "vitamin E", "mg"),
            ("vit_d", "vitamin D", "µg"), ("vit_d_iu", "vitamin D (IU)", "IU"), ("vit_k", "vitamin K", "µg"),
            ("fa_sat", "saturated fat", "g"), ("fa_mono", "monounsaturated fat", "g"),
            ("fa_poly", "polyunsaturated fat", "g"), ("cholesterol", "cholesterol", "mg"),
        ]
        return rows.enumerated().map {
            Nutrient(index: $0.offset, key: $0.element.0, name: $0.element.1, unit: $0.element.2)
        }
    }()

    public static let kcal = named("kcal")!
    public static let protein = named("protein")!
    public static let carbs = named("carbs")!
    public static let fat = named("fat")!
    public static let fiber = named("fiber")!
    public static let sugar = named("sugar")!
    public static let sodium = named("sodium")!
    public static let saturatedFat = named("fa_sat")!

    /// The nutrient with this key, or one of its everyday names (`calories`, `carbohydrate`,
    /// `vitamin c`, `sat fat`), case-insensitively.
    public static func named(_ text: String) -> Nutrient? {
        if let exact = byKey[text] { return exact }  // the common case: already a key
        let key = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" || $0 == "-" }).joined(
            separator: " ")
        if let nutrient = byKey[key.replacingSpaces(with: "_")] { return nutrient }
        if let alias = synonyms[key] { return byKey[alias] }
        return all.first { $0.name.lowercased() == key }
    }

    /// The everyday names ``named(_:)`` also accepts for this nutrient besides its key and
    /// name (`calories`, `cal` for kcal), sorted.
    public var otherSpellings: [String] {
        Nutrient.synonyms.filter { $0.value == key && $0.key != name.lowercased() }.keys.sorted()
    }

    /// Every spelling ``named(_:)`` accepts, for "did you mean".
    public static var spellings: [String] { all.map(\.key) + synonyms.keys.sorted() }

    static let byKey: [String: Nutrient] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    static let synonyms: [String: String] = [
        "calories": "kcal", "calorie": "kcal", "cal": "kcal", "cals": "kcal", "energy": "kcal", "kcals": "kcal",
        "carb": "carbs", "carbohydrate": "carbs", "carbohydrates": "carbs", "fats": "fat", "total fat": "fat",
        "fibre": "fiber", "dietary fiber": "fiber", "sugars": "sugar", "salt": "sodium", "proteins": "protein",
        "vitamin c": "vit_c", "vitamin a": "vit_a_rae", "vitamin d": "vit_d", "vitamin e": "vit_e",
        "vitamin k": "vit_k", "vitamin b6": "vit_b6", "vitamin b12": "vit_b12", "b12": "vit_b12",
        "saturated fat": "fa_sat", "sat fat": "fa_sat", "saturated": "fa_sat", "mono fat": "fa_mono",
        "monounsaturated fat": "fa_mono", "poly fat": "fa_poly", "polyunsaturated fat": "fa_poly",
        "pantothenic acid": "pantothenic_acid", "folic acid": "folic_acid",
    ]
}

extension String {
    func replacingSpaces(with replacement: Character) -> String {
        String(map { $0 == " " ? replacement : $0 })
    }
}

/// Amounts of every nutrient (in each nutrient's unit); `nil` where the source has no value.
public struct Nutrients: Equatable, Sendable {
    /// Indexed by ``Nutrient/index``; NaN means "no value" (kept out of the way of arithmetic).
    public var values: [Double]

    public init() {
        values = [Double](repeating: .nan, count: Nutrient.all.count)
    }

    public init(values: [Double]) {
        self.values = values
    }

    public subscript(_ nutrient: Nutrient) -> Double? {
        get {
            let value = values[nutrient.index]
            return value.isNaN ? nil : value
        }
        set { values[nutrient.index] = newValue ?? .nan }
    }

    /// The value or zero.
    public func amount(_ nutrient: Nutrient) -> Double {
        let value = values[nutrient.index]
        return value.isNaN ? 0 : value
    }

    /// Every value multiplied by `factor` (missing values stay missing).
    public func scaled(by factor: Double) -> Nutrients {
        Nutrients(values: values.map { $0 * factor })
    }

    /// Adds `other` (missing + value = value; missing + missing = missing).
    public mutating func add(_ other: Nutrients, times factor: Double = 1) {
        for index in 0..<min(values.count, other.values.count) {
            let addend = other.values[index]
            if addend.isNaN { continue }
            values[index] = values[index].isNaN ? addend * factor : values[index] + addend * factor
        }
    }

    /// Carbohydrates minus fiber.
    public var netCarbs: Double { max(0, amount(.carbs) - amount(.fiber)) }
}
