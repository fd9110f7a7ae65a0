/// Food words that mean different foods to different people: British `chips` are American
/// fries, and British crisps are American chips; a British `biscuit` is an American cookie; a
/// British `squash` is a fruit drink. The rule is the same for every locale: a word with
/// several senses takes the sense the rest of the item supports (its unit and its other
/// words: `a plate of chips`, `a bag of chips`, `a glass of squash`); when nothing does, it
/// keeps its default sense and the item says so (`ambiguous-food`). Cues are words, and the
/// names of the ``FoodKind`` of a food the item goes with (`fish`, `meat`).
public enum AmbiguousWords {
    /// One meaning of an ambiguous word: the words it is read as, and the words (of the item's
    /// name or its unit) that point to it.
    struct Sense {
        var reading: String
        var cues: Set<String>
        /// Whether an item that says nothing of its sense is in doubt over this one: `chips`
        /// may be fries, but a `fish` is not in doubt over being battered.
        var isDoubt: Bool

        init(_ reading: String, cues: [String], isDoubt: Bool = true) {
            self.reading = reading
            self.cues = Set(cues.map(TextNormalizer.key))
            self.isDoubt = isDoubt
        }
    }

    /// Senses by the word's folded form, the default sense first (what the table's alias for
    /// the bare word already means).
    static let senses: [String: [Sense]] = [
        "chip": [
            Sense(
                "crisps",
                cues: [
                    "bag", "packet", "pack", "multipack", "handful", "bowl", "kettle", "tortilla", "corn", "pita",
                    "bagel", "veggie", "dip", "snack", "lays", "pringles", "doritos", "ridged", "wavy",
                ]),
            // What a Mexican restaurant serves with salsa: `chips and salsa`, `chips and guac`.
            Sense("tortilla chips", cues: ["salsa", "guacamole", "guac", "queso", "nacho"], isDoubt: false),
            Sense(
                "french fries",
                cues: [
                    "plate", "portion", "side", "serving", "fish", "chippy", "chip shop", "oven", "frozen", "cheesy",
                    "curry", "gravy", "steak", "egg", "beans", "mushy", "pea", "sausage", "pie", "burger", "scampi",
                    "fat", "thick", "skin on", "cone", "fried", "homemade", "sandwich", "butty", "barm", "ketchup",
                    "kebab", "doner",
                    "mayo",
                    // The kinds of a main course (``FoodKind``): `cod and chips`, `chicken and chips`.
                    "meat", "bacon",
                    // A chip shop's sizes: `a large chips` is a portion; a bag of crisps says its bag.
                    "small", "medium", "large", "regular",
                ]),
        ],
        // A chip shop's fish is battered: `fish and chips`, `cod and chips`.
        "fish": chipShopSenses("fish"),
        "cod": chipShopSenses("cod"),
        "haddock": chipShopSenses("haddock"),
        "plaice": chipShopSenses("plaice"),
        // American lemonade is still lemon juice and sugar; British lemonade is a fizzy drink.
        "lemonade": [
            Sense(
                "lemonade",
                cues: [
                    "pink", "fresh", "freshly", "homemade", "squeezed", "frozen", "concentrate", "minute maid",
                    "country time", "simply", "strawberry", "pitcher",
                ]),
            Sense(
                "lemon lime soda",
                cues: ["fizzy", "sparkling", "carbonated", "r whites", "cloudy", "shandy", "pint"]),
        ],
        "biscuit": [
            Sense(
                "biscuit",
                cues: ["gravy", "buttermilk", "sausage", "breakfast", "southern", "kfc", "popeyes", "flaky", "dough"]),
            Sense(
                "cookie",
                cues: [
                    "tea", "digestive", "chocolate", "rich", "ginger", "custard", "shortbread", "oat", "packet",
                    "pack", "dunk", "dunked", "jammy", "bourbon", "nice", "malted", "milk", "coconut",
                ]),
        ],
        "squash": [
            Sense(
                "squash",
                cues: [
                    "butternut", "acorn", "winter", "yellow", "spaghetti", "roast", "roasted", "baked",
                    "cubed", "mashed", "soup", "steamed", "puree",
                ]),
            Sense(
                "squash drink",
                cues: [
                    "glass", "bottle", "jug", "pint", "ml", "l", "fl oz", "drink", "diluted", "orange", "blackcurrant",
                    "lemon", "apple", "fruit", "summer fruits", "no added sugar", "sugar free", "robinsons", "water",
                ]),
        ],
    ]

    /// A fish as cooked at home (the default) or battered as a chip shop serves it.
    private static func chipShopSenses(_ fish: String) -> [Sense] {
        [
            Sense(fish, cues: []),
            Sense("battered " + fish, cues: ["chip", "chippy", "chip shop", "mushy pea"], isDoubt: false),
        ]
    }

    /// How the item's other words and unit read an ambiguous word of a phrase key.
    public enum Reading: Equatable, Sendable {
        /// One sense is supported: match this key instead (`plate of chips` → `french fry`).
        case supported(String)
        /// Nothing says which sense: keep the default, and show the other readings (`french
        /// fries`) as a doubt.
        case unsupported(others: [String])
    }

    /// The reading of `key` (folded words) with `unit` (a canonical unit, or nil); nil when the
    /// key has no ambiguous word, or its other words already name a food (`tortilla chips` is
    /// an alias, `chocolate chip cookie` names its own food).
    public static func read(_ key: String, unit: String?) -> Reading? {
        let words = key.split(separator: " ").map(String.init)
        guard let index = words.lastIndex(where: { senses[$0] != nil }), let meanings = senses[words[index]] else {
            return nil
        }
        var context = Set(words)
        for count in 2...3 where words.count >= count {
            for start in 0...(words.count - count) {
                context.insert(words[start..<start + count].joined(separator: " "))
            }
        }
        if let unit { context.insert(TextNormalizer.key(unit)) }
        let supported = meanings.filter { !$0.cues.isDisjoint(with: context) }
        func replaced(_ sense: Sense) -> String {
            var rewritten = words
            rewritten[index] = sense.reading
            return TextNormalizer.key(rewritten.joined(separator: " "))
        }
        if supported.count == 1, let sense = supported.first {
            let rewritten = replaced(sense)
            return rewritten == key ? nil : .supported(rewritten)
        }
        // Other words that are not mere description name the food themselves.
        let others = words.indices.filter { $0 != index }.map { words[$0] }
        let doubts = meanings.dropFirst().filter(\.isDoubt).map(\.reading)
        guard supported.isEmpty, !doubts.isEmpty,
            others.allSatisfy({ FoodMatcher.modifierWords.contains($0) || FoodMatcher.stopWords.contains($0) })
        else { return nil }
        return .unsupported(others: doubts)
    }
}
