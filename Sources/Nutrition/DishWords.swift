/// Words people say for a dish or food that the table's rows spell with another word: a
/// curry house's `korma`, `madras` and `jalfrezi` are FNDDS's `curry`; British `prawn` and
/// `crisps` are `shrimp` and `chips`; a `toastie` or a `baguette` of tuna mayo is a tuna salad
/// `sandwich`. A row covers such a word of a name when it has the word itself or one of its
/// table words, and a row with the word itself ranks first (`a baguette` is still bread). The
/// words are a dish's kind, never a different food, so no phrase changes the food it names.
public enum DishWords {
    /// Words the table spells another way, alone or in a longer name (folded spellings,
    /// ``TextNormalizer/singular(_:)``): the same food in British or shop spelling. A table word
    /// of several words is said only by a row with all of them (`crisps` are `Potato chips`,
    /// never the chips of `Cookie, oatmeal, with chocolate chips`).
    static let spellings: [String: [String]] = [
        "prawn": ["shrimp"], "crisp": ["potato chip"], "veggie": ["vegetable"], "veg": ["vegetable"],
        "choc": ["chocolate"],
        // Diary shorthand: `chkn stir fry`, `bfast burrito`, `marg on the rocks`.
        "chkn": ["chicken"], "chk": ["chicken"], "bfast": ["breakfast"], "brekkie": ["breakfast"],
        "brekky": ["breakfast"], "marg": ["margarita"], "sammie": ["sandwich"], "sammy": ["sandwich"],
        "yog": ["yogurt"], "houmous": ["hummus"], "humous": ["hummus"], "sf": ["sugar free"],
        "bbq": ["barbecue"], "pitta": ["pita"], "doner": ["gyro"], "donner": ["gyro"], "shawarma": ["gyro"],
        "gyros": ["gyro"], "maki": ["sushi"], "gyoza": ["pot sticker"], "potsticker": ["pot sticker"],
        "yoghurt": ["yogurt"], "donut": ["doughnut"], "kebab": ["kabob"], "kebob": ["kabob"],
        // SR26 frosts a cake, FNDDS ices it: one topping in either word.
        "frosting": ["icing"], "icing": ["frosting"],
    ]

    /// Words that name a dish's kind the way the table does only after what is in it (`chicken
    /// korma`, `tuna mayo baguette`): alone, the word keeps its own meaning (`a baguette` is
    /// bread, `mayo` mayonnaise).
    static let kinds: [String: [String]] = {
        var words: [String: [String]] = [
            "pitta": ["pita", "sandwich"], "toastie": ["sandwich"], "baguette": ["sandwich"],
            "panini": ["sandwich"], "wrap": ["sandwich"], "mayo": ["salad", "mayonnaise"], "tempura": ["fried"],
            "tart": ["pie"],
            // Meats a taqueria or a smokehouse names by the dish they are cooked for.
            "barbacoa": ["beef"], "carnita": ["pork"], "brisket": ["beef"],
            // An Italian-American `chicken parm` is the table's parmigiana.
            "parmesan": ["parmigiana"], "parm": ["parmigiana"],
            // A `veggie sub`, an `italian hoagie`: the table's sandwich or sub.
            "sub": ["sandwich"], "hoagie": ["sandwich"],
        ]
        // Pasta shapes: after a sauce or a dish word, FNDDS names the dish `Pasta with …`.
        for shape in ["penne", "rigatoni", "ziti", "fusilli", "linguine", "fettuccine", "fettucine", "tagliatelle"] {
            words[shape] = ["pasta"]
        }
        // Curry-house and Thai curries by style: FNDDS names curries by what is in them.
        for style in [
            "korma", "jalfrezi", "madras", "vindaloo", "bhuna", "balti", "dopiaza", "pasanda", "dhansak",
            "phall", "phal", "keema", "karahi", "kadai", "massaman", "panang", "rendang",
        ] {
            words[style] = ["curry"]
        }
        return words
    }()

    /// What FNDDS calls the meat, poultry or fish of a mixed dish when it does not say which
    /// (`Soup, pho, with meat`; `Pasta with cream sauce and poultry`; `Pizza with meat other
    /// than pepperoni`): such a row covers `chicken pho`, `chicken alfredo`, `bbq chicken pizza`,
    /// but only loosely — the row is what the name means, in words of a wider class — so a row
    /// that says the meat itself ranks first, and a row covered so is shown as assumed.
    static let generic: [String: [String]] = {
        var words: [String: [String]] = [:]
        for meat in [
            "beef", "pork", "lamb", "steak", "ham", "sausage", "veal", "goat", "mutton", "barbacoa", "carnita",
            "brisket",
        ] {
            words[meat] = ["meat"]
        }
        for bird in ["chicken", "turkey", "duck"] { words[bird] = ["poultry", "meat"] }
        for fish in [
            "shrimp", "prawn", "fish", "crab", "lobster", "squid", "calamari", "salmon", "tuna", "cod", "scallop",
            "clam", "mussel",
        ] {
            words[fish] = ["seafood"]
        }
        return words
    }()

    /// ``generic`` words for `word` in a name of `count` significant words (a word alone is
    /// the food itself, never a dish of it).
    public static func genericWords(for word: String, inNameOf count: Int) -> [String] {
        count > 1 ? generic[word] ?? [] : []
    }

    /// Cooking styles a take-away names a dish by, as the words the table says them in:
    /// `salt and pepper chicken`, `squid` or `chips` are coated and fried; `sweet and sour
    /// pork` is the table's sweet and sour (never a sweet and some sour pork).
    static let styles: [(words: [String], table: String)] = [
        (["salt", "and", "pepper"], "fried"), (["salt", "n", "pepper"], "fried"), (["salt", "pepper"], "fried"),
        (["sweet", "and", "sour"], "sweet and sour"), (["sweet", "n", "sour"], "sweet and sour"),
    ]

    /// The key with a leading cooking style in the table's words (`salt and pepper squid` →
    /// `fried squid`); nil when it begins with none or names nothing after it.
    public static func styled(_ key: String) -> String? {
        let words = key.split(separator: " ").map(String.init)
        for style in styles
        where words.count > style.words.count && Array(words.prefix(style.words.count)) == style.words {
            return ([style.table] + words.dropFirst(style.words.count)).joined(separator: " ")
        }
        return nil
    }

    /// The key with each word the table spells otherwise in the table's spelling (`pitta bread`
    /// → `pita bread`), so a curated alias of that spelling answers it; nil when none is.
    public static func respelled(_ key: String) -> String? {
        let words = key.split(separator: " ").map(String.init)
        guard words.contains(where: { spellings[$0] != nil }) else { return nil }
        return words.map { spellings[$0]?.first ?? $0 }.joined(separator: " ")
    }

    /// The table's words for `word` in a name of `count` significant words; empty when the table
    /// says it as the name does.
    public static func tableWords(for word: String, inNameOf count: Int) -> [String] {
        (count > 1 ? kinds[word] : nil) ?? spellings[word] ?? []
    }
}
