/// The kind of a food, as far as household measures care: a glass of wine is smaller than a
/// glass of juice, a bowl of cereal lighter than a bowl of soup, a handful of grapes heavier
/// than a handful of nuts. Read from the food's name and group, never from the user's words.
public enum FoodKind: String, Sendable, CaseIterable {
    case wine, beer, spirit, cocktail, hotDrink, juice, softDrink, water, shake, milk
    case soup, porridge, cereal, pizza, cake, biscuit, fries, popcorn, crisps, bread, grainDish, salad, potato
    case spread, dip, nuts, butter, oil, iceCream, yogurt, cheese, cream, sauce, spice, sugar
    case chocolate, sweets, bacon, meat, fish, egg, driedFruit, smallFruit, fruit, leafy, beans
    case powder, vegetable, other

    /// True for drinks: their sizes are volumes (`a medium coke`).
    public var isDrink: Bool {
        switch self {
        case .wine, .beer, .spirit, .cocktail, .hotDrink, .juice, .softDrink, .water, .shake, .milk: return true
        default: return false
        }
    }

    /// The kind of a food named `name` in group `group`: the first of ``rules`` with a word of
    /// the name (drinks and dishes come before their ingredients: `apple juice` is juice,
    /// `chicken soup` soup), then the group; otherwise ``other``. A cereal that is cooked is
    /// porridge; a fruit that is dried is dried fruit (`Apricots, dried`).
    public static func of(name: String, group: String) -> FoodKind {
        // "Peas, …, without salt" is no salt: a word after `without` or `no` does not count.
        // "Tomatoes, ..., canned, packed in tomato juice" is no juice, "Fish, sardine, canned in
        // oil" no oil: a segment saying what a food is packed in does not count either, nor
        // SR26's list of what a row covers ("Crackers, saltines (includes oyster, soda, soup)"
        // is no soda, "Cookies, animal crackers (includes arrowroot, tea biscuits)" no tea).
        let unpacked = withoutIncludes(name).split(separator: ",").filter {
            let segment = $0.trimmingPrefix(" ").lowercased()
            return !segment.hasPrefix("packed in") && !segment.hasPrefix("canned in")
        }.joined(separator: ",")
        let folded = TextNormalizer.foldedWords(unpacked)
        let words = folded.indices.filter { $0 == 0 || (folded[$0 - 1] != "without" && folded[$0 - 1] != "no") }
            .map { TextNormalizer.singular(folded[$0]) }
        // A spirit with its mixer (`Gin and tonic`, `Vodka and diet cola`) is a cocktail, a long
        // drink: not a spirit poured by the measure.
        if !MixedDrinks.tableNames(words: words).isEmpty { return .cocktail }
        let phrases = Set(words + zip(words, words.dropFirst()).map { $0 + " " + $1 })
        if let kind = rules.first(where: { $0.words.contains(where: phrases.contains) })?.kind {
            if kind == .cereal, phrases.contains("cooked") || phrases.contains("prepared") { return .porridge }
            if kind == .fruit || kind == .smallFruit, phrases.contains("dried") || phrases.contains("dehydrated") {
                return .driedFruit
            }
            return kind
        }
        let loweredGroup = group.lowercased()
        return groups.first { loweredGroup.contains($0.fragment) }?.kind ?? .other
    }

    /// The name without SR26's parenthesised list of what the row covers: `(includes …)`,
    /// `(include …)`.
    static func withoutIncludes(_ name: String) -> String {
        var kept = ""
        var rest = Substring(name)
        while let open = rest.firstIndex(of: "(") {
            let inside = rest[rest.index(after: open)...]
            guard inside.lowercased().hasPrefix("includ") else {
                kept += rest[...open]
                rest = inside
                continue
            }
            kept += rest[..<open]
            while kept.last == " " { kept.removeLast() }
            guard let close = inside.firstIndex(of: ")") else { return kept }
            rest = inside[inside.index(after: close)...]
        }
        return kept + rest
    }

    /// Words (singular, lowercase; two-word phrases allowed) that make a food of a kind,
    /// most specific first.
    static let rules: [(kind: FoodKind, words: [String])] = [
        (.spirit, ["whisky", "whiskey", "vodka", "gin", "rum", "tequila", "brandy", "liqueur", "cognac", "schnapp"]),
        (.wine, ["wine", "champagne", "prosecco", "sherry"]),
        (.beer, ["beer", "lager", "ale", "cider", "stout"]),
        (.shake, ["smoothie", "milkshake", "shake"]),
        (
            .hotDrink,
            [
                "coffee", "tea", "espresso", "latte", "cappuccino", "macchiato", "americano", "mocha", "chai",
                "cocoa", "hot chocolate", "flat white", "cortado", "ristretto", "frappuccino", "cuppa",
            ]
        ),
        (.juice, ["juice", "nectar"]),
        (
            .softDrink,
            [
                "cola", "soda", "carbonated", "lemonade", "tonic", "soft drink", "energy drink", "sports drink",
                "fruit drink", "flavored drink", "fruit punch",
            ]
        ),
        // Plant milks are milk, not the oats, nuts or rice they are made of (`Oat milk`,
        // `Beverages, almond milk, sweetened`, `Rice drink, unsweetened`).
        (
            .milk,
            ["oat milk", "almond milk", "rice milk", "rice drink", "soy milk", "soymilk", "cashew milk", "nut milk"]
        ),
        (.soup, ["soup", "broth", "chowder", "bisque", "consomme", "gazpacho"]),
        (.porridge, ["porridge", "oatmeal", "grit"]),
        (.cereal, ["cereal", "muesli", "granola", "cornflake", "oat", "bran"]),
        (.pizza, ["pizza"]),
        (
            .cake,
            ["cake", "cheesecake", "brownie", "muffin", "pie", "pastry", "croissant", "doughnut", "donut", "tart"]
        ),
        (.biscuit, ["cookie", "biscuit", "cracker", "shortbread"]),
        // Fries before crisps: `Potato, french fried` is not `potato chips`.
        (.fries, ["french fry", "french fried", "home fry", "hash brown", "potato wedge", "tater tot"]),
        (.popcorn, ["popcorn"]),
        (.crisps, ["chip", "crisp", "pretzel", "snack"]),
        (
            .bread,
            [
                "bread", "toast", "bagel", "roll", "bun", "baguette", "tortilla", "pitta", "pita", "naan",
                "crumpet", "wrap",
            ]
        ),
        // SR26's `Sauce, pasta, spaghetti/marinara` and FNDDS's `Spaghetti sauce` are sauces, not
        // pasta.
        (.sauce, ["sauce pasta", "spaghetti sauce", "pasta sauce"]),
        (
            .grainDish,
            [
                "pasta", "spaghetti", "macaroni", "noodle", "rice", "couscous", "quinoa", "lasagna", "lasagne",
                "risotto", "curry", "stew", "chili", "casserole",
            ]
        ),
        // `Salad dressing, mayonnaise` is a sauce, not a salad; `Oil, olive, salad or cooking` an oil.
        (.sauce, ["salad dressing", "mayonnaise"]),
        (.oil, ["oil olive", "olive oil", "or cooking"]),
        (.salad, ["salad", "coleslaw"]),
        (.potato, ["potato", "mash"]),
        (
            .spread,
            [
                "jam", "jelly", "marmalade", "honey", "syrup", "peanut butter", "nutella", "spread", "preserve",
                "molasses",
            ]
        ),
        (.dip, ["hummus", "houmous", "guacamole", "dip", "tzatziki"]),
        // Green beans are a vegetable side, not pulses. Pulses come before nuts and meat: SR26
        // names them "mature seeds" (`Beans, kidney, red, mature seeds`), and baked beans may
        // come "with pork".
        (.vegetable, ["snap", "green bean", "string bean", "runner bean", "french bean"]),
        (.beans, ["bean", "lentil", "chickpea", "mature seed"]),
        (
            .nuts,
            [
                "nut", "almond", "cashew", "peanut", "walnut", "pecan", "pistachio", "hazelnut", "macadamia", "seed",
                "trail mix",
            ]
        ),
        (.butter, ["butter", "margarine", "ghee"]),
        (.oil, ["oil"]),
        (.iceCream, ["ice cream", "gelato", "sorbet", "frozen yogurt"]),
        (.yogurt, ["yogurt", "yoghurt", "skyr"]),
        (.cheese, ["cheese"]),
        (.cream, ["cream", "creme"]),
        (
            .sauce,
            [
                "sauce", "ketchup", "catsup", "mustard", "mayonnaise", "dressing", "gravy", "salsa", "pesto",
                "vinegar",
            ]
        ),
        (
            .spice,
            [
                "spice", "salt", "cinnamon", "paprika", "cumin", "oregano", "nutmeg", "turmeric", "basil", "thyme",
                "herb", "parsley", "coriander", "cilantro", "rosemary", "chive", "tarragon",
            ]
        ),
        (.sugar, ["sugar", "sweetener"]),
        (.chocolate, ["chocolate"]),
        // Not `sweet`: `Cherries, sweet` and `Corn, sweet` are not sweets.
        (.sweets, ["candy", "candie", "gummy", "marshmallow", "toffee", "fudge", "jellybean"]),
        (.bacon, ["bacon"]),
        (
            .meat,
            [
                "beef", "pork", "chicken", "lamb", "turkey", "ham", "sausage", "steak", "veal", "duck", "meat",
                "salami", "chorizo", "pepperoni", "prosciutto", "burger",
            ]
        ),
        (
            .fish,
            [
                "fish", "tuna", "salmon", "cod", "haddock", "mackerel", "sardine", "prawn", "shrimp", "crab",
                "trout",
            ]
        ),
        (.egg, ["egg"]),
        (.driedFruit, ["raisin", "sultana", "prune", "date"]),
        (
            .smallFruit,
            [
                "grape", "cherry", "blueberry", "raspberry", "strawberry", "blackberry", "cranberry", "gooseberry",
                "berry", "olive",
            ]
        ),
        (
            .fruit,
            [
                "apple", "banana", "orange", "pear", "peach", "plum", "mango", "pineapple", "melon", "watermelon",
                "kiwi", "kiwifruit", "fruit", "apricot", "nectarine", "grapefruit", "lemon", "lime",
            ]
        ),
        (.leafy, ["lettuce", "spinach", "kale", "rocket", "arugula", "watercress"]),
        // Tomatoes are a vegetable also in FNDDS, whose group (`Tomatoes`) names no vegetable;
        // after sauces, so `Sauce, tomato` stays a sauce.
        (.vegetable, ["tomato"]),
        (.powder, ["protein", "whey", "powder"]),
        (.milk, ["milk"]),
        (.water, ["water"]),
    ]

    /// Fragments of the table's food groups (SR26's groups; FNDDS's categories, where `Fruit drinks`
    /// and `Sport and energy drinks` are drinks before `fruit`) for foods no word places.
    static let groups: [(fragment: String, kind: FoodKind)] = [
        ("beverage", .softDrink), ("drinks", .softDrink), ("cocktail", .cocktail), ("soup", .soup),
        ("breakfast cereal", .cereal), ("cereal grain", .grainDish),
        ("nut and seed", .nuts), ("fruit", .fruit), ("vegetable", .vegetable), ("snack", .crisps),
        ("sweets", .sweets), ("baked", .bread), ("fats and oils", .oil), ("spices", .spice), ("legume", .beans),
        ("finfish", .fish), ("poultry", .meat), ("beef", .meat), ("pork", .meat), ("lamb", .meat),
        ("sausage", .meat), ("dairy", .milk),
    ]
}
