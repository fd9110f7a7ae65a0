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
    /// A size (`large`, `medium`…): one of the food's sized portions, or a qualifier of the unit
    /// after it (`2 small tins`).
    public var isSize: Bool { size != nil }
    /// How a size scales the food's usual portion, when it has none of this size.
    public let size: SizeScale?
    /// True for a word that is a unit only before `of` (``ofUnits``): `a side of fries` is a
    /// side serving of fries, but `a side salad` is the salad.
    public let onlyBeforeOf: Bool

    init(
        _ name: String, _ kind: UnitKind, _ factor: Double? = nil, also spellings: [String]? = nil,
        size: SizeScale? = nil, onlyBeforeOf: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.factor = factor
        self.spellings = spellings ?? [name + "s"]
        self.size = size
        self.onlyBeforeOf = onlyBeforeOf
    }

    /// What a size word means beyond its name.
    public struct SizeScale: Sendable, Equatable {
        /// The size's weight relative to a medium one (small 0.7, large 1.3).
        public let relative: Double
        /// The drink volume a coffee-shop size names (`grande` = 16 fl oz), in millilitres.
        public let millilitres: Double?
        /// True when the size may stand without a quantity (`large eggs`, `grande latte`); the
        /// others need one (`a mini muffin`), so names such as `mini eggs` stay names.
        public let standsAlone: Bool
        /// Words of the food table's portion descriptions that mean this size (`miniature`).
        public let portionWords: [String]
    }

    /// Grams in one, for mass units.
    public var grams: Double? { kind == .mass ? factor : nil }
    /// Millilitres in one, for volume units (US customary cups and spoons).
    public var millilitres: Double? { kind == .volume ? factor : nil }
    /// Kilocalories in one, for energy units.
    public var kcal: Double? { kind == .energy ? factor : nil }

    /// The British imperial pint in millilitres, 568 as UK glasses and milk bottles print it
    /// (568.26 exactly, 20 imperial fl oz): the pint a drink is poured and sold by, and so the
    /// pint of any drink (the Nutrition module's `HouseholdMeasures.drinkPint`). The `pint`
    /// unit's own factor is the US customary pint, 473.176473 ml: the pint of a US recipe's
    /// cream or of a tub of ice cream.
    public static let imperialPintMillilitres: Double = 568

    /// Every unit. Factors: avoirdupois ounce and pound; US customary volumes.
    public static let all: [MeasureUnit] =
        [
            MeasureUnit("g", .mass, 1, also: ["gr", "grs", "gm", "gms"]),
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
            MeasureUnit("l", .volume, 1000, also: ["ltr", "ltrs"]),
            MeasureUnit("liter", .volume, 1000),
            MeasureUnit("litre", .volume, 1000),
            MeasureUnit("cl", .volume, 10, also: []),
            MeasureUnit("dl", .volume, 100, also: []),
            MeasureUnit("tsp", .volume, 4.92892159375, also: ["tsps"]),
            MeasureUnit("teaspoon", .volume, 4.92892159375, also: ["teaspoons", "teaspoonful", "teaspoonfuls"]),
            MeasureUnit("tbsp", .volume, 14.78676478125, also: ["tbsps", "tbs", "tbl", "tbls"]),
            MeasureUnit(
                "tablespoon", .volume, 14.78676478125, also: ["tablespoons", "tablespoonful", "tablespoonfuls"]),
            MeasureUnit("dessertspoon", .volume, 10, also: ["dessertspoons", "dsp"]),
            MeasureUnit("cup", .volume, 236.5882365, also: ["cups", "c", "cupful", "cupfuls"]),
            MeasureUnit("fl oz", .volume, 29.5735295625, also: ["fluid ounce", "fluid ounces"]),
            MeasureUnit("pint", .volume, 473.176473, also: ["pints", "pt", "pts"]),
            MeasureUnit("quart", .volume, 946.352946, also: ["quarts", "qt", "qts"]),
            MeasureUnit("gallon", .volume, 3785.411784, also: ["gallons", "gal"]),
            MeasureUnit("kcal", .energy, 1),
            MeasureUnit("cal", .energy, 1),
            MeasureUnit("calorie", .energy, 1),
            MeasureUnit("kj", .energy, 1 / 4.184, also: []),
            MeasureUnit("whole", .household, also: []),
            MeasureUnit("each", .household, also: ["ea"]),
            MeasureUnit("can", .household, also: ["cans", "tin", "tins"]),
            MeasureUnit("piece", .household, also: ["pieces", "pc", "pcs", "ct", "count"]),
            MeasureUnit("package", .household, also: ["packages", "pkg", "pkgs"]),
            MeasureUnit("packet", .household, also: ["packets", "pkt", "pkts"]),
            MeasureUnit("spoonful", .household, also: ["spoonfuls", "spoonsful", "spoon", "spoons"]),
        ]
        + sizes
        + [
            "slice", "bottle", "scoop", "stick", "clove", "pat", "bar", "container", "fillet", "strip",
            "link", "wedge", "stalk", "sprig", "spear", "head", "square", "cube", "jar", "carton", "mug",
            "drink", "portion", "bag", "tub", "dollop", "drizzle", "knob", "sprinkle",
            "pot", "sachet", "rasher", "floret", "punnet", "jug", "pack", "rack", "bite", "mouthful", "block",
            "sheet", "segment", "ring", "chunk", "nugget", "round", "ear", "scrape", "ball", "thumb", "envelope", "pod",
            "nest",
            "flute", "ladle", "dab", "smear", "squirt", "glug", "slab", "hunk", "sliver", "skewer", "stack",
        ].map { MeasureUnit($0, .household) }
        // A plateful is a plate, a fistful a handful, a helping a serving.
        + [
            ("serving", ["servings", "helping", "helpings"]), ("bowl", ["bowls", "bowlful", "bowlfuls"]),
            ("plate", ["plates", "plateful", "platefuls"]), ("handful", ["handfuls", "fistful", "fistfuls"]),
        ]
        .map { MeasureUnit($0.0, .household, also: $0.1) }
        + [
            ("glass", "glasses"), ("pinch", "pinches"), ("dash", "dashes"), ("pouch", "pouches"), ("box", "boxes"),
            ("bunch", "bunches"), ("leaf", "leaves"), ("loaf", "loaves"), ("patty", "patties"),
            ("splash", "splashes"), ("squeeze", "squeezes"), ("half", "halves"),
        ]
        .map { MeasureUnit($0.0, .household, also: [$0.1]) }
        // A dram is Scots for a shot of whisky.
        + [MeasureUnit("shot", .household, also: ["shots", "dram", "drams"])]
        + ofUnits.map { MeasureUnit($0, .household, onlyBeforeOf: true) }

    /// Words that are a unit only before `of`, being words of food names too: `a side of
    /// coleslaw`, `an order of onion rings`, `a bit of cheddar` (but `a side salad`, `an
    /// order`, `a bit` stay names).
    static let ofUnits = ["side", "order", "bit"]

    /// The size words: kitchen sizes, then coffee-shop sizes (US 12/16/20 fl oz). `regular`
    /// is a medium (the UK coffee-shop middle size).
    static let sizes: [MeasureUnit] = [
        size("small", 0.7, also: ["sm", "sml", "small-sized"], standsAlone: true),
        size("medium", 1, also: ["md", "med", "medium-sized", "mid-sized"], standsAlone: true),
        // A portion may say `big` for large (SR26's `cookie, big (3-1/2" - 4" dia)`).
        size(
            "large", 1.3, also: ["lg", "lge", "lrg", "large-sized"], standsAlone: true,
            portionWords: ["large", "big"]),
        size("extra large", 1.6, also: ["xl", "x-large", "extra-large"], standsAlone: true),
        // Jumbo is a little over large, not nearly twice a medium: SR26's jumbo egg is 63 g beside
        // a 44 g medium (1.43), and FNDDS pairs it with large (`large/jumbo shrimp`).
        size("jumbo", 1.4, standsAlone: true),
        size("mini", 0.4, also: ["miniature"], portionWords: ["miniature", "mini", "bite size"]),
        size("regular", 1, portionWords: ["regular", "medium"]),
        // Sweet and chocolate bars: a fun-size bar is about a quarter of a regular one, a king
        // size about two (USDA's Snickers: 15 g, 57 g, 113 g).
        size("fun size", 0.3, also: ["fun-size"], portionWords: ["fun size", "fun"]),
        size("king size", 2, also: ["king-size"], portionWords: ["king size"]),
        // A sharing bag of sweets or crisps is about four single ones (FNDDS's M&M's: 45 g
        // regular, 180 g `sharing/movie theater size`).
        size("sharing", 4, also: ["sharing size", "sharing-size"], portionWords: ["sharing"]),
        size("tall", 1, millilitres: 354.9, standsAlone: true),
        size("grande", 1.35, millilitres: 473.2, standsAlone: true),
        size("venti", 1.7, millilitres: 591.5, standsAlone: true),
    ]

    static func size(
        _ name: String, _ relative: Double, also: [String] = [], millilitres: Double? = nil,
        standsAlone: Bool = false, portionWords: [String]? = nil
    ) -> MeasureUnit {
        MeasureUnit(
            name, .household, also: also,
            size: SizeScale(
                relative: relative, millilitres: millilitres, standsAlone: standsAlone,
                portionWords: portionWords ?? [name]))
    }

    /// Containers and pieces whose weight or volume is often stated before them (`a 500ml bottle
    /// of`, `2 x 400g tins`, `1 (15 oz) can`, `a 150g fillet of`): after such a size the word
    /// goes, as the size is the amount. Only these: `1 cup whole milk` keeps `whole`.
    public static let packageNames: Set<String> = [
        "can", "package", "packet", "pack", "bottle", "jar", "carton", "tub", "pot", "bag", "pouch", "box",
        "sachet", "container", "punnet", "glass", "mug", "cup", "bowl", "jug", "bar", "block", "slice", "piece",
        "fillet", "portion", "serving", "scoop", "shot", "stick", "envelope",
    ]

    /// True for a container or piece of ``packageNames``.
    public var isPackage: Bool { Self.packageNames.contains(name) }

    /// True for a weight or volume unit (`g`, `cup`): one an amount may be given in.
    public var isMeasure: Bool { kind == .mass || kind == .volume }

    /// Everyday words for a size that are one only before a unit (`a big spoon of`, `a little
    /// bowl of`), by the size they mean; alone they stay in the name (`a big mac`). A bag or
    /// pot from a multipack is the single-serve one, the container's regular size, and so is a
    /// snack bag, box or pack (`a snack bag of pretzels`).
    /// A thick or thin slice (`3 thick slices of white bread`) is the large or small one
    /// (FNDDS's `large or thick slice`, `small or thin/very thin slice`).
    public static let qualifierSizes: [String: String] = [
        "big": "large", "little": "small", "multipack": "regular", "snack": "regular", "thick": "large",
        "thin": "small", "generous": "large", "good": "large", "wee": "small",
    ]

    /// Words that adjust the spoon (or cup) after them: `1 heaped tsp` is half as much again; a
    /// `packed` cup is the cup the food's own portion weighs (`2 packed cups baby spinach`).
    public static let spoonAdjustments: [(word: String, factor: Double)] = [
        ("heaped", 1.5), ("heaping", 1.5), ("rounded", 1.25), ("level", 1), ("scant", 0.85), ("packed", 1),
    ]

    /// The factor of a spoon adjective (`heaped` → 1.5), any case; nil for other words.
    public static func spoonAdjustment(_ word: some StringProtocol) -> Double? {
        let lowered = word.lowercased()
        return spoonAdjustments.first { $0.word == lowered }?.factor
    }

    /// ``spoonAdjustment(_:)`` of a word already in lowercase (the parser's hot path).
    public static func spoonAdjustment(lowercased word: String) -> Double? {
        spoonAdjustments.first { $0.word == word }?.factor
    }

    /// ``named(_:)`` of a word already in lowercase, without copying it.
    public static func named(lowercased word: String) -> MeasureUnit? { bySpelling[word] }

    /// Spellings that mean a unit only in exactly this case, as cooks write them: `T` is a
    /// tablespoon and `t` a teaspoon.
    public static let caseSensitiveSpellings: [String: String] = ["T": "tbsp", "t": "tsp"]

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

    /// The unit spelled `word`, also by a case-sensitive spelling (`T`, `t`): how a word the
    /// user wrote is read.
    public static func written(_ word: some StringProtocol) -> MeasureUnit? {
        if word.utf8.count == 1, let canonical = caseSensitiveSpellings[String(word)] { return named(canonical) }
        return named(word)
    }

    /// Every spelling of every unit, for completion and highlighting.
    public static var allSpellings: [String] { all.flatMap { [$0.name] + $0.spellings } }

    /// True for a spelling that names a unit only with its own case (`t`, `T`).
    public static func isCaseSensitive(_ spelling: String) -> Bool { caseSensitiveSpellings[spelling] != nil }

    /// First words of the spellings made of two words (`fl`, `fluid`, `extra`): so few that a
    /// list, compared word by word, answers the parser quicker than a set, which hashes the word.
    public static let firstWordsOfTwoWordUnits: [String] = Set(
        allSpellings.compactMap { spelling in
            let words = spelling.split(separator: " ")
            return words.count == 2 ? String(words[0]) : nil
        }
    ).sorted()

    private static let bySpelling: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        for unit in all {
            for spelling in [unit.name] + unit.spellings where table[spelling] == nil { table[spelling] = unit }
        }
        return table
    }()
}
