/// How a unit measures.
public enum UnitKind: String, Sendable {
    case mass, volume, energy, household
}

/// One unit FoodLog understands: the one table of spellings, kinds and factors that the
/// parser, the compiler, the resolver and the importer all read.
public struct MeasureUnit: Sendable, Equatable {
    /// The canonical spelling (`cup`), as stored and shown.
    public let name: String
    /// Other spellings of exactly this unit (`cups`); matched ignoring case.
    public let spellings: [String]
    public let kind: UnitKind
    /// Grams (mass), millilitres (volume) or kcal (energy) in one of this unit; nil for
    /// household units, whose weight depends on the food.
    public let factor: Double?
    /// A size (`large`, `medium`…), which may stand without a quantity ("a large egg").
    public let isSize: Bool

    init(
        _ name: String, _ kind: UnitKind, _ factor: Double? = nil, also spellings: [String]? = nil,
        isSize: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.factor = factor
        self.spellings = spellings ?? [name + "s"]
        self.isSize = isSize
    }

    /// Grams in one, for mass units.
    public var grams: Double? { kind == .mass ? factor : nil }
    /// Millilitres in one, for volume units (US customary cups and spoons).
    public var millilitres: Double? { kind == .volume ? factor : nil }
    /// Kilocalories in one, for energy units.
    public var kcal: Double? { kind == .energy ? factor : nil }

    /// Every unit. Factors: avoirdupois ounce and pound; US customary volumes.
    public static let all: [MeasureUnit] =
        [
            MeasureUnit("g", .mass, 1, also: []),
            MeasureUnit("gram", .mass, 1),
            MeasureUnit("mg", .mass, 0.001, also: ["mgs"]),
            MeasureUnit("milligram", .mass, 0.001),
            MeasureUnit("kg", .mass, 1000, also: ["kgs"]),
            MeasureUnit("kilogram", .mass, 1000),
            MeasureUnit("oz", .mass, 28.349523125, also: ["ozs"]),
            MeasureUnit("ounce", .mass, 28.349523125),
            MeasureUnit("lb", .mass, 453.59237, also: ["lbs"]),
            MeasureUnit("pound", .mass, 453.59237),
            MeasureUnit("ml", .volume, 1, also: ["mls"]),
            MeasureUnit("milliliter", .volume, 1),
            MeasureUnit("millilitre", .volume, 1),
            MeasureUnit("l", .volume, 1000, also: []),
            MeasureUnit("liter", .volume, 1000),
            MeasureUnit("litre", .volume, 1000),
            MeasureUnit("cl", .volume, 10, also: []),
            MeasureUnit("dl", .volume, 100, also: []),
            MeasureUnit("tsp", .volume, 4.92892159375, also: ["tsps"]),
            MeasureUnit("teaspoon", .volume, 4.92892159375),
            MeasureUnit("tbsp", .volume, 14.78676478125, also: ["tbsps"]),
            MeasureUnit("tablespoon", .volume, 14.78676478125),
            MeasureUnit("cup", .volume, 236.5882365),
            MeasureUnit("fl oz", .volume, 29.5735295625, also: ["fluid ounce", "fluid ounces"]),
            MeasureUnit("pint", .volume, 473.176473),
            MeasureUnit("quart", .volume, 946.352946),
            MeasureUnit("gallon", .volume, 3785.411784),
            MeasureUnit("kcal", .energy, 1),
            MeasureUnit("cal", .energy, 1),
            MeasureUnit("calorie", .energy, 1),
            MeasureUnit("kj", .energy, 1 / 4.184, also: []),
            MeasureUnit("large", .household, also: [], isSize: true),
            MeasureUnit("medium", .household, also: [], isSize: true),
            MeasureUnit("small", .household, also: [], isSize: true),
            MeasureUnit("extra large", .household, also: [], isSize: true),
            MeasureUnit("jumbo", .household, also: [], isSize: true),
            MeasureUnit("whole", .household, also: []),
            MeasureUnit("each", .household, also: []),
        ]
        + [
            "slice", "piece", "serving", "can", "bottle", "scoop", "stick", "clove", "pat", "bar", "packet",
            "package", "container", "fillet", "strip", "link", "wedge", "stalk", "sprig", "spear", "head",
            "square", "cube", "jar", "carton", "mug", "shot", "drink", "portion", "bag", "tub", "bowl",
            "handful",
        ].map { MeasureUnit($0, .household) }
        + [
            ("glass", "glasses"), ("pinch", "pinches"), ("dash", "dashes"), ("pouch", "pouches"), ("box", "boxes"),
            ("bunch", "bunches"), ("leaf", "leaves"), ("loaf", "loaves"), ("patty", "patties"),
        ]
        .map { MeasureUnit($0.0, .household, also: [$0.1]) }

    /// Spellings of micrograms, a unit only amounts of nutrients use (`5 mcg vitamin d`): no
    /// food is weighed in them, so they are not in ``all``.
    public static let microgramSpellings = ["µg", "mcg", "ug"]
    /// International units, for amounts of the nutrients measured in them (`400 iu vitamin a`).
    public static let internationalUnitSpelling = "iu"

    /// The unit spelled `word` (any case, singular or plural, `fl oz` as two words); nil when
    /// it is no unit. Only the spellings in the table match: `tubes` is not `tub`.
    public static func named(_ word: some StringProtocol) -> MeasureUnit? {
        bySpelling[word.lowercased()]
    }

    /// Every spelling of every unit, for completion and highlighting.
    public static var allSpellings: [String] { all.flatMap { [$0.name] + $0.spellings } }

    /// First words of the spellings made of two words (`fl`, `fluid`, `extra`).
    public static let firstWordsOfTwoWordUnits: Set<String> = Set(
        allSpellings.compactMap { spelling in
            let words = spelling.split(separator: " ")
            return words.count == 2 ? String(words[0]) : nil
        })

    private static let bySpelling: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        for unit in all {
            for spelling in [unit.name] + unit.spellings where table[spelling] == nil { table[spelling] = unit }
        }
        return table
    }()
}
