/// How much of a side a `with`/`on` phrase means when it says no amount, by what the side is
/// and what it comes with: milk in tea is a splash, milk on cereal a pour (`coffee with milk`,
/// `muesli with milk`, `toast with butter`, `crackers with cheese`). The same rows weigh the
/// topping of an `on` phrase by what it sits on (`avocado on toast` is half an avocado, `beans
/// on toast` half a tin). One table; every use is shown as assumed (`side with a hot drink ≈
/// 30 ml`). A side with an amount of its own (`with a drizzle of honey`) keeps it, and a pair
/// the table has no row for counts one of the side's natural unit.
///
/// Figures are typical household amounts (US and UK): a splash of milk in a mug of tea or
/// coffee 30 ml, of cream 15 ml; a teaspoon of sugar (4 g) or honey (7 g) in a drink; a slice
/// of lemon 5 g; milk on a bowl of cereal or porridge 125 ml; a pat of butter on a slice of
/// bread 7 g, a knob on a potato or vegetables 10 g; cheese on crackers or bread 30 g, grated
/// on pasta or a potato 15–40 g, a slice on a burger 20 g; a dollop of cream or yoghurt on a
/// pudding 30–100 g; fruit on cereal, porridge or yoghurt 80 g (the UK's "one of five a day");
/// a sprinkle of nuts or seeds 15 g, of raisins 20 g, of granola on yoghurt or fruit 30 g, of
/// sprinkles or marshmallows 5 g.
/// On toast: half an avocado or a sliced banana 100 g, half a 415 g tin of beans, two eggs
/// 100 g, a small tin of sardines 90 g, mushrooms or tomatoes 80 g, cheese 30 g.
public enum SideAmounts {
    /// The amount of a side of kind `side` with a main food of kind `main`; nil when the table
    /// has none for the pair.
    public static func amount(side: FoodKind, main: FoodKind) -> HouseholdMeasures.Amount? {
        table[side]?.first { $0.mains.contains(main) || $0.mains.isEmpty }?.amount
    }

    /// ``amount(side:main:)`` for a side named in the singular or the plural: eggs on toast are
    /// two, `a poached egg on toast` is one of them (the table's amounts of eggs count two).
    public static func amount(side: FoodKind, main: FoodKind, singular: Bool) -> HouseholdMeasures.Amount? {
        guard let amount = amount(side: side, main: main) else { return nil }
        guard singular, side == .egg, case .grams(let grams) = amount else { return amount }
        return .grams(grams / Double(eggsCounted))
    }

    /// How many eggs the table's egg amounts are.
    static let eggsCounted = 2

    /// True when a side of this kind is what the main is made or diluted with, not a food to
    /// log (`porridge with water`, `whisky with water`): it becomes a note on the main.
    public static func isPreparationLiquid(_ side: FoodKind) -> Bool { side == .water }

    /// True when a side of kind `side` is the milk a drink named `drink` (its table row) is made
    /// of: a latte, cappuccino, mocha, macchiato, cortado or cocoa is mostly milk, so `a latte
    /// with oat milk` names the latte's milk, not a splash more (black coffee or tea with milk
    /// gets the splash).
    public static func isDrinksOwnMilk(_ side: FoodKind, drink: String) -> Bool {
        side == .milk && !Set(TextNormalizer.foldedWords(drink)).isDisjoint(with: drinksMadeOfMilk)
    }

    /// Words of a table row of a drink made of milk.
    static let drinksMadeOfMilk: Set<String> = ["latte", "cappuccino", "mocha", "macchiato", "cortado", "cocoa"]

    /// How the kind of main food reads in an assumption (`milk with a hot drink ≈ 30 ml`).
    public static func describe(_ main: FoodKind) -> String {
        switch main {
        case .hotDrink: return "a hot drink"
        case .cereal: return "cereal"
        case .porridge: return "porridge"
        case .bread: return "bread"
        case .biscuit: return "crackers or biscuits"
        case .grainDish: return "pasta or rice"
        case .potato: return "a potato"
        case .vegetable: return "vegetables"
        case .cake: return "a cake or pudding"
        case .iceCream: return "ice cream"
        case .yogurt: return "yoghurt"
        case .fruit, .smallFruit: return "fruit"
        case .meat: return "meat"
        case .fish: return "fish"
        case .shake: return "a shake"
        case .powder: return "a powder"
        default: return "it"
        }
    }

    struct Row {
        var mains: [FoodKind]
        var amount: HouseholdMeasures.Amount
    }

    private static func g(_ grams: Double, _ mains: FoodKind...) -> Row { Row(mains: mains, amount: .grams(grams)) }
    private static func ml(_ millilitres: Double, _ mains: FoodKind...) -> Row {
        Row(mains: mains, amount: .millilitres(millilitres))
    }

    /// Rows by the side's kind; within a kind the first row naming the main's kind wins, a row
    /// with no kinds is for any main.
    static let table: [FoodKind: [Row]] = [
        .milk: [ml(30, .hotDrink), ml(125, .cereal, .porridge), ml(250, .shake, .powder)],
        .cream: [ml(15, .hotDrink), ml(30, .cake, .iceCream, .fruit, .smallFruit, .porridge)],
        .sugar: [g(4, .hotDrink, .cereal, .porridge, .fruit, .smallFruit)],
        .spread: [g(7, .hotDrink)],
        .fruit: [g(5, .hotDrink), g(80, .cereal, .porridge, .yogurt, .iceCream), g(100, .bread)],
        .smallFruit: [g(80, .cereal, .porridge, .yogurt, .iceCream, .cake, .bread)],
        .beans: [g(200, .bread)],
        .egg: [g(100, .bread)],
        .fish: [g(90, .bread)],
        .vegetable: [g(80, .bread)],
        .butter: [g(7, .bread, .porridge, .cake), g(10, .potato, .vegetable, .grainDish, .fish, .meat)],
        .cheese: [g(30, .biscuit, .bread, .fruit), g(15, .grainDish), g(40, .potato, .vegetable), g(20, .meat)],
        .yogurt: [g(100, .cereal, .fruit, .smallFruit, .porridge, .cake)],
        .iceCream: [g(66, .cake, .fruit, .smallFruit)],
        .nuts: [g(15, .yogurt, .porridge, .cereal, .salad, .iceCream, .fruit, .smallFruit)],
        .driedFruit: [g(20, .porridge, .cereal, .yogurt, .salad)],
        .cereal: [g(30, .yogurt, .fruit, .smallFruit, .iceCream)],
        .sweets: [g(5, .iceCream, .cake, .yogurt, .hotDrink)],
    ]
}
