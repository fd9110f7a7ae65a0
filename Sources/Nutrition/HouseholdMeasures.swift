import FoodLogCore

/// The one table of household measures every food has: when a food's own portions lack a
/// unit (`a glass of apple juice`, `a handful of cashews`), its default weight or volume by the
/// food's kind. Every use is shown as assumed (`glass ≈ 250 ml, assumed`); a portion of the
/// food's own always wins.
///
/// The table is code, not part of the built food table, because it serves every tier alike:
/// custom foods, recipes and estimates as well as table rows. Figures are typical servings
/// (US and UK): a glass of wine 150 ml (a 5 fl oz US pour, between the UK 125 and 175 ml),
/// a can of soda 330 ml, a tin of tuna 120 g drained, a handful of nuts 30 g, of grapes 80 g
/// (the UK's "one of five a day"), a pinch 1/16 tsp, a dash 1/8 tsp, a ball of mozzarella 125 g
/// (the usual pack), a thumb of ginger 15 g (a thumb-sized piece), a half of beer or cider a UK
/// half pint (284 ml), the juice of a fruit with no yield of its own 45 ml (a lemon yields 48 g,
/// a lime 44 g).
public enum HouseholdMeasures {
    /// A default amount: grams, or millilitres (weighed by the food's density).
    public enum Amount: Sendable, Equatable {
        case grams(Double)
        case millilitres(Double)
    }

    /// The default of `unit` (a canonical unit name) for a food of `kind`: the row for the kind,
    /// else the unit's row for any food; nil when the unit has no default for that kind
    /// (`a slice of rice`).
    public static func amount(of unit: String, kind: FoodKind) -> Amount? {
        guard let rows = table[unit] else { return nil }
        return (rows.first { $0.kinds.contains(kind) } ?? rows.first { $0.kinds.isEmpty })?.amount
    }

    /// True when `unit` has a default of the kind's own (a slice of cake), not only the one
    /// for any food.
    public static func hasOwnDefault(_ unit: String, kind: FoodKind) -> Bool {
        table[unit]?.contains { $0.kinds.contains(kind) } ?? false
    }

    /// Units with a default for some food, for the documentation and `help units`.
    public static var units: [String] { table.keys.sorted() }

    struct Row {
        var kinds: [FoodKind]
        var amount: Amount
    }

    private static func g(_ grams: Double, _ kinds: FoodKind...) -> Row { Row(kinds: kinds, amount: .grams(grams)) }
    private static func ml(_ millilitres: Double, _ kinds: FoodKind...) -> Row {
        Row(kinds: kinds, amount: .millilitres(millilitres))
    }

    /// Drinks by the size word (the drink's size when it has no sized portion): coffee-shop and
    /// fast-food cups between the US and UK ones.
    static let drinkSizes: [String: Double] = [
        "mini": 200, "small": 350, "medium": 470, "regular": 470, "large": 600, "extra large": 800, "jumbo": 900,
    ]

    /// The rows by unit; within a unit the first row naming the kind wins, the row with no kinds
    /// is for any food.
    static let table: [String: [Row]] = [
        "glass": [
            ml(150, .wine), ml(50, .spirit), ml(300, .beer), ml(200, .juice), ml(300, .shake), ml(250),
        ],
        "mug": [ml(300)],
        "bowl": [
            ml(350, .soup), g(45, .cereal), g(250, .porridge), g(300, .grainDish, .beans), g(150, .salad),
            g(60, .leafy), g(150, .fruit, .smallFruit, .vegetable), g(130, .iceCream), g(200, .yogurt),
            g(50, .nuts), g(40, .crisps), ml(350),
        ],
        "plate": [g(350, .grainDish), g(200, .salad, .fries), g(250, .potato), g(100, .leafy), g(350)],
        "handful": [
            g(30, .nuts), g(35, .driedFruit), g(80, .smallFruit, .fruit), g(25, .crisps), g(10, .popcorn),
            g(30, .sweets, .chocolate),
            g(30, .leafy), g(40, .vegetable), g(30, .cereal), g(30),
        ],
        "pinch": [ml(0.31)],
        // A dash of milk in tea or of juice in a glass is a splash, not a cook's 1/8 tsp.
        "dash": [ml(1, .sauce, .spirit), ml(30, .milk, .juice, .softDrink, .water), ml(0.62)],
        // A splash of milk in tea or of juice is 30 ml (as ``SideAmounts``'s milk in a mug); of
        // a sauce, oil or spirit a cook's tablespoon.
        "splash": [ml(30, .milk, .juice, .softDrink, .water), ml(15)],
        "drizzle": [ml(7, .spread), ml(10, .sauce), ml(5)],
        // A dollop of peanut butter or jam is a heaped tablespoon (16 g); of cream or yoghurt 30 g.
        "dollop": [g(16, .spread, .butter), g(30)],
        "knob": [g(10)],
        // Kitchen words for a little: a dab of butter a teaspoon (5 g), a smear of a spread 7 g, a
        // squirt of a sauce a tablespoon, a glug of oil a tablespoon and of wine or stock 30 ml.
        "dab": [g(5)],
        "smear": [g(7)],
        "squirt": [ml(15)],
        "glug": [ml(15, .oil, .sauce), ml(30)],
        // A ladle of soup or stew is a cup (240 ml); a slab, hunk or sliver is a big, rough or
        // thin piece: a slab of cake 120 g, a hunk of bread 60 g or cheese 40 g, a sliver of
        // cake 40 g or cheese 10 g.
        "ladle": [ml(240)],
        "slab": [g(120, .cake), g(60, .cheese), g(120)],
        "hunk": [g(60, .bread), g(40, .cheese), g(60)],
        "sliver": [g(40, .cake, .pizza), g(10, .cheese), g(20)],
        "sprinkle": [g(7, .cheese), g(0.5, .spice), g(2, .sugar), g(5, .nuts), g(2)],
        "spoonful": [g(6, .sugar), ml(15)],
        "bite": [g(15)],
        "mouthful": [g(15)],
        "slice": [
            g(35, .bread), g(80, .cake), g(110, .pizza), g(20, .cheese), g(25, .meat), g(20, .bacon), g(25, .fish),
            g(80, .fruit), g(10, .vegetable), g(10, .biscuit),
        ],
        "piece": [
            g(80, .cake), g(8, .chocolate, .sweets), g(35, .bread), g(100, .meat), g(120, .fish), g(100, .fruit),
            g(30, .cheese), g(110, .pizza), g(12, .biscuit),
        ],
        "serving": servingRows,
        "portion": servingRows,
        // A restaurant's order or side is one serving of it (FNDDS: `1 order` of nachos, `1
        // side salad`); a side is the small one when the food comes in sizes.
        "order": servingRows,
        // counts5: a side of rice, pasta or potatoes is a side dish, smaller than a plate of it:
        // about a cup of cooked rice (158 g), a restaurant scoop of mashed potato.
        "side": [g(150, .grainDish), g(140, .potato)] + servingRows,
        // A bit is a little: a knob's worth of a fat, a small piece of anything else.
        "bit": [g(5, .butter, .oil, .spread, .sugar), g(15)],
        "scoop": [g(65, .iceCream), g(30, .powder), g(100, .potato, .grainDish), g(30)],
        "shot": [ml(35, .spirit), ml(30)],
        "bottle": [
            ml(330, .beer, .juice, .shake), ml(750, .wine), ml(500, .water, .softDrink), g(300, .sauce), ml(500),
        ],
        // A can of a spirit, a cocktail or wine is a ready-mixed or canned drink (`a can of gin
        // and tonic`, the UK's 250 ml can).
        "can": [
            ml(330, .softDrink), ml(440, .beer), ml(250, .spirit, .cocktail, .wine), g(120, .fish),
            g(400, .beans, .soup, .vegetable), g(410, .fruit), ml(330, .juice, .water, .hotDrink, .shake, .milk),
            g(400),
        ],
        // A champagne flute holds a 125 ml pour (a US pour 5–6 fl oz).
        "flute": [ml(125)],
        "pot": [g(125, .yogurt), g(200, .dip), ml(150, .cream), ml(700, .hotDrink), g(150)],
        // A jar of pasta sauce is 500 g in the UK and 24 oz (680 g) in the US; of jam, honey or
        // peanut butter 340 g (the UK jar; US 12–18 oz).
        "jar": [g(600, .sauce), g(340, .spread, .butter), g(190, .dip), g(400)],
        // A carton one drinks is a single one: a juice or milk carton 200–250 ml (US school
        // milk 8 fl oz, a drink box 6.75–8.45 fl oz); of soup the UK's fresh-soup carton 600 g,
        // of cream 300 ml.
        "carton": [
            ml(250, .juice, .milk, .softDrink, .water, .shake), ml(600, .soup), ml(300, .cream), g(500, .yogurt),
            ml(250),
        ],
        // A pouch of rice or grains is the microwave pouch (250 g), of tuna the 2.6–3 oz pouch,
        // of fruit purée a baby-food pouch, of a drink a juice pouch (200 ml).
        "pouch": [
            g(250, .grainDish), g(85, .fish), g(100, .fruit, .smallFruit, .yogurt),
            ml(200, .juice, .softDrink, .water, .shake),
        ],
        // A skewer of kebab meat or fish is about 100 g cooked, of vegetables 60 g.
        "skewer": [g(100, .meat, .fish), g(60, .vegetable), g(80)],
        // A full rack of ribs or lamb, as eaten (about a pound before the bones).
        "rack": [g(400, .meat)],
        // A box of a drink is a drink box (200 ml); other boxes are the food's own portion.
        "box": [ml(200, .juice, .milk, .softDrink, .water, .shake)],
        // Ice cream is sold by volume: a 500 ml tub (a US pint 473 ml) weighs about 280 g.
        "tub": [g(500, .yogurt), ml(500, .iceCream), g(300, .cheese), g(200, .dip), g(250, .butter, .spread), g(250)],
        "packet": packetRows,
        "pack": packetRows,
        // A bag of popcorn is a microwave bag (≈ 3 oz popped).
        "bag": [g(80, .popcorn)] + packetRows,
        "sachet": [g(3, .sugar), g(10, .sauce), g(40, .cereal, .porridge), g(30, .powder), g(2, .hotDrink), g(10)],
        // A US recipe's envelope of soup or dip mix is 1 oz (28 g); of yeast 1/4 oz.
        "envelope": [g(28)],
        "bar": [g(45, .chocolate), g(50, .sweets), g(30, .cereal), g(60, .powder), g(45)],
        "square": [g(6, .chocolate), g(60, .cake), g(6)],
        "rasher": [g(20)],
        "strip": [g(15, .bacon), g(30, .meat), g(10, .vegetable), g(15)],
        "wedge": [g(80, .fruit), g(30, .cheese), g(30)],
        // A vegetable stick is a crudité (a carrot stick ≈ 4–5 g); a stick of celery is the
        // food's own `stalk` (``portionSynonyms(of:)``).
        // A stick of a spice is a cinnamon stick (about 3 g); a pod of one a cardamom pod (0.2 g),
        // of anything else a pea or bean pod; a stalk of lemongrass about 25 g.
        "stick": [g(3, .spice), g(5, .vegetable), g(20, .cheese, .meat), g(10)],
        "pod": [g(0.2, .spice), g(4)],
        "stalk": [g(25)],
        // A nest of dried egg or rice noodles, as sold, about 50 g.
        "nest": [g(50)],
        "floret": [g(11)],
        "cube": [g(4, .sugar), g(10, .cheese), g(15, .meat), g(10)],
        "ring": [g(60, .fruit), g(15)],
        "chunk": [g(20)],
        "segment": [g(10)],
        "sheet": [g(20, .grainDish), g(3)],
        "punnet": [g(250)],
        "ear": [g(90)],
        "scrape": [g(5)],
        "loaf": [g(800, .bread), g(450, .cake)],
        "jug": [ml(1000)],
        "round": [g(70, .bread)],
        "nugget": [g(17)],
        "squeeze": [ml(5)],
        "clove": [g(3)],
        "leaf": [g(10, .leafy), g(0.2, .spice), g(5)],
        "sprig": [g(1)],
        // A supermarket head: lettuce 626 g, cauliflower 588 g, broccoli 450 g (SR26); garlic
        // is counted in cloves (``PortionResolver``).
        "head": [g(600, .leafy), g(500, .vegetable), g(500)],
        // A bunch of herbs 30 g (a supermarket bunch 25–50 g), of spring onions or radishes
        // 100 g, of spinach or kale 250 g, of grapes 150 g.
        "bunch": [g(30, .spice), g(250, .leafy), g(100, .vegetable), g(150, .smallFruit), g(100)],
        "ball": [g(125, .cheese)],
        "half": [ml(MeasureUnit.imperialPintMillilitres / 2, .beer)],
        // What one fruit yields (`juice of 1 lime`, `zest of 1 lemon`): juice 45 ml when the food
        // has no yield of its own; grated zest about a tablespoon, 6 g (SR26's tablespoon of lemon
        // or orange peel; an orange gives a little more, a lime less).
        "fruit": [ml(45, .juice), g(6, .fruit)],
        "thumb": [g(15)],
        // counts4: a sleeve of crackers is a quarter of a 16 oz box (FNDDS's saltines and Ritz:
        // `1 sleeve` 115 g).
        "sleeve": [g(115, .biscuit)],
    ]

    /// Grams of a single-serve cup of a dessert or fruit (`a jello cup`, `a pudding cup`, `a fruit
    /// cup`): FNDDS 2021-2023's `snack size container` of gelatin 95 g, pudding 110 g, canned
    /// fruit 113 g.
    public static let snackCup = 110.0

    /// One whole of a food sold whole and eaten in slices, named by the head noun (`a quarter of
    /// a baguette`), for a share of it when the food's own portions have no whole: a loaf (the
    /// table's `loaf`), a baguette 324 g (FNDDS's `1 baguette (about 22" long)`). Nil for other
    /// nouns and kinds.
    public static func whole(named noun: String, kind: FoodKind) -> Amount? {
        if noun == "loaf" { return amount(of: "loaf", kind: kind) }
        return wholes[noun]?.first { $0.kinds.contains(kind) }?.amount
    }

    static let wholes: [String: [Row]] = ["baguette": [g(324, .bread)]]

    /// One serving by kind: `a serving of`, and what a food named with no amount means when its
    /// own portions give no sensible serving (``PortionResolver``). Figures are typical plates,
    /// not USDA reference amounts: cooked meat 170 g (6 oz, a steak or chicken breast), fish
    /// 120 g (a small fillet, a drained tin of tuna), pasta or rice 210 g (1½ US cups cooked),
    /// vegetables 80 g (the UK's "one of five a day"), potatoes 180 g (a medium potato, USDA 173
    /// g), fries 150 g (a medium take-away portion, 110–150 g), popcorn 25 g (about 3 cups).
    static let servingRows: [Row] = [
        ml(150, .wine), ml(330, .beer, .softDrink), ml(40, .spirit), ml(200, .juice), ml(250, .milk, .water),
        ml(240, .hotDrink), ml(300, .shake), ml(300, .soup), g(40, .cereal), g(250, .porridge), g(210, .grainDish),
        g(150, .salad), g(50, .leafy), g(30, .nuts, .driedFruit, .crisps, .sweets, .cheese, .biscuit, .powder),
        g(80, .smallFruit, .vegetable), g(120, .fruit), g(40, .chocolate), g(10, .butter, .oil), g(30, .sauce),
        g(1, .spice), g(30, .cream), g(150, .yogurt), g(70, .iceCream), g(170, .meat), g(100, .egg), g(40, .bacon),
        g(120, .fish), g(70, .bread), g(80, .cake), g(220, .pizza), g(130, .beans), g(8, .sugar), g(20, .spread),
        g(50, .dip), g(180, .potato), g(150, .fries), g(25, .popcorn), g(150),
    ]

    /// The kind's own serving in grams (``servingRows`` for that kind, not the any-food row);
    /// nil for a kind the table has no serving for, or whose serving is a volume.
    public static func serving(of kind: FoodKind) -> Double? {
        guard case .grams(let grams)? = servingRows.first(where: { $0.kinds.contains(kind) })?.amount else {
            return nil
        }
        return grams
    }

    /// One serving of a fresh cheese eaten by the spoonful, not sliced (cottage cheese,
    /// ricotta, quark, fromage frais): half a cup, 110 g (USDA's reference amount for cottage
    /// cheese), not a hard cheese's 30 g; nil for any other food.
    public static func freshCheeseServing(name: String, kind: FoodKind) -> Double? {
        guard kind == .cheese, !Set(TextNormalizer.foldedWords(name)).isDisjoint(with: freshCheeseWords) else {
            return nil
        }
        return 110
    }

    /// Words that name a fresh cheese in the food table's rows.
    static let freshCheeseWords: Set<String> = ["cottage", "ricotta", "quark", "fromage"]

    /// The heaviest single piece of a kind that is still one serving: a portion of meat or fish
    /// above it is several (a restaurant order of 623 g, SR26's salmon `fillet` of a whole
    /// side, 356 g; its 384 g steak is a 1 lb raw cut), so a bare count or a name with no
    /// amount takes the kind's ``serving(of:)`` instead.
    public static func largestPiece(of kind: FoodKind) -> Double? {
        switch kind {
        case .meat: return 300
        case .fish: return 250
        default: return nil
        }
    }

    /// Grams of one piece of a food eaten by the piece when the food has no piece portion of
    /// its own (`15 crisps`: USDA's 1 oz bag is "about 15 chips"; an almond or cashew 1.2–1.6 g;
    /// a popped kernel 0.5 g).
    public static func pieceWeight(of kind: FoodKind) -> Double? {
        switch kind {
        case .crisps: return 2
        case .nuts: return 1.3
        case .popcorn: return 0.5
        default: return nil
        }
    }

    /// Millilitres of a pint of a food of `kind`: for anything drunk (beer, cider, milk, juice,
    /// water, a soft drink) the British imperial pint of ``MeasureUnit/imperialPintMillilitres``,
    /// 568 ml: a pint is how Britons order and buy drinks (a pint of lager, of milk, of squash),
    /// while an American measures a drink in fl oz or cups; `a half` halves it. Nil for a food
    /// that is not drunk (cream, ice cream, berries), whose pint is the US one of
    /// ``MeasureUnit``, the pint of a US recipe or tub.
    public static func drinkPint(kind: FoodKind) -> Double? {
        kind.isDrink ? MeasureUnit.imperialPintMillilitres : nil
    }

    /// Millilitres of a sized glass of wine as UK pubs pour them (small 125 ml, medium 175 ml,
    /// large 250 ml, the measures UK licensing law names); nil for another size or kind.
    public static func wineGlass(_ size: String, kind: FoodKind) -> Double? {
        guard kind == .wine else { return nil }
        return ["small": 125, "medium": 175, "regular": 175, "large": 250][size]
    }

    /// `a double vodka`, `a single whisky`: a spirit named with its measure, by the UK's
    /// measures (a single 25 ml, a double 50 ml, a triple 75 ml); the measure word and its
    /// volume, nil when the words name none or the food is no spirit (a mixed drink, `a double
    /// vodka and coke`, is none: see ``FoodKind/of(name:group:)``).
    public static func spiritMeasure(words: Set<String>, kind: FoodKind) -> (String, Double)? {
        guard kind == .spirit else { return nil }
        let measures: [(String, Double)] = [("single", 25), ("double", 50), ("triple", 75)]
        return measures.first { words.contains($0.0) }
    }

    /// Units that are containers: a size on one scales the container, and packaged sizes differ
    /// more than produce does (a small pot of hummus is a 60–70 g snack pot beside the 200 g
    /// tub, a small tin 200 g beside 400 g).
    static let containers: Set<String> = [
        "pot", "tub", "can", "bottle", "bag", "packet", "pack", "box", "carton", "jar", "sachet", "punnet",
    ]

    /// The factor a size word gives a container unit (`a small pot`), nil for other units or
    /// sizes (those scale as any size does).
    public static func containerSize(_ size: String, unit: String) -> Double? {
        guard containers.contains(unit) else { return nil }
        return ["mini": 0.25, "small": 0.5, "large": 1.5, "extra large": 2][size]
    }

    /// A cold drink's size when it has no sized portion (`a small orange juice`): a glass or a
    /// café cup (small 8 fl oz), not the coffee-shop cups of ``drinkSizes``.
    static let coldDrinkSizes: [String: Double] = [
        "mini": 150, "small": 250, "medium": 350, "regular": 350, "large": 450, "extra large": 600, "jumbo": 700,
    ]

    /// The size word's volume for a drink of `kind` with no sized portion of its own. A wine
    /// is its sized glass (`a large white wine` is the 250 ml glass of ``wineGlass(_:kind:)``), a
    /// spirit a UK pub measure (a small or regular one a single, 25 ml, a large one a double);
    /// a cocktail has none, and its size scales its serving (`a large gin and tonic`).
    public static func drinkSize(_ size: String, kind: FoodKind) -> Double? {
        switch kind {
        case .cocktail: return nil
        case .wine: return wineGlass(size, kind: kind)
        case .spirit: return ["small": 25, "regular": 25, "large": 50][size]
        case .juice, .milk, .water: return coldDrinkSizes[size]
        default: return drinkSizes[size]
        }
    }

    static let packetRows: [Row] = [
        g(30, .crisps), g(40, .sweets, .cereal, .porridge), g(50, .nuts, .driedFruit), g(3, .sugar), g(10, .sauce),
        g(85, .grainDish), g(100, .leafy), g(2, .spice), g(150, .biscuit), g(30, .powder), g(30),
    ]

    /// Grams per millilitre by kind, for a volume of a food that has no volume portion of its
    /// own (`1/4 cup peanuts`): packed as in a measuring cup (nuts 0.6, leaves 0.13). Always
    /// shown as assumed; a kind not listed is taken at 1 g/ml.
    public static func density(of kind: FoodKind) -> Double {
        switch kind {
        case .nuts, .smallFruit, .fruit, .meat, .fish: return 0.6
        case .driedFruit: return 0.65
        case .vegetable: return 0.55
        case .leafy: return 0.13
        case .cereal: return 0.35
        case .grainDish, .beans: return 0.75
        case .yogurt, .sauce: return 1.05
        case .cheese, .powder: return 0.45
        case .sweets, .chocolate: return 0.7
        case .crisps: return 0.12
        case .spread: return 1.3
        case .oil: return 0.92
        case .butter: return 0.95
        case .sugar: return 0.85
        case .spice: return 0.5
        case .bread: return 0.25
        case .cake, .biscuit: return 0.45
        case .potato: return 0.75
        case .fries: return 0.25
        case .popcorn: return 0.05
        case .pizza, .salad: return 0.4
        default: return 1
        }
    }

    /// Portion names of the food table that mean the same measure as a unit (a rasher is the
    /// table's `slice` of bacon; a tin its `can`; a stick of celery its `stalk`; a slice of a
    /// melon its `wedge`), tried before any default.
    public static func portionSynonyms(of unit: String, kind: FoodKind = .other) -> [String] {
        switch unit {
        case "stick": return ["stalk"]
        // A round of toast is a slice in the UK; a round of sandwiches keeps the default.
        case "round" where kind == .bread: return ["slice"]
        case "slice" where kind == .fruit: return ["wedge"]
        case "rasher", "strip": return ["slice", "strip"]
        case "pot", "tub": return ["container", "tub", "pot", "carton"]
        // A pack is the package (`1 pack of ramen`: SR26's `package`, not its flavour `packet`).
        case "pack": return ["package", "pack", "packet", "pouch"]
        // A packet of crisps is the British bag.
        case "packet": return ["packet", "package", "pouch", "pack", "envelope", "bag"]
        case "sachet", "envelope": return ["packet", "package", "pouch", "pack", "envelope"]
        case "bag": return ["bag", "package", "pouch"]
        case "pouch": return ["pouch", "package", "packet"]
        case "skewer": return ["skewer", "shishkabob", "kabob"]
        case "serving", "portion": return ["serving", "portion", "quantity not specified"]
        case "order": return ["order", "serving", "portion", "quantity not specified"]
        case "side": return ["side", "small", "serving", "portion", "quantity not specified"]
        case "piece": return ["piece", "pc"]
        case "can": return ["can", "tin"]
        case "shot": return ["shot", "jigger", "fl oz"]
        case "floret": return ["floret", "flowerets", "floweret"]
        default: return []
        }
    }
}
