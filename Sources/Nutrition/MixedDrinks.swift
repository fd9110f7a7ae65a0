/// `a vodka and diet coke`, `a gin and slimline tonic`, `a jack and coke`: a spirit and a
/// mixer joined by `and` are one mixed drink, the table's `<Spirit> and <mixer>` row (FNDDS's
/// `Vodka and diet cola`, `Gin and tonic`, `Whiskey and ginger ale`), whatever words name the
/// spirit (`scotch`, `bourbon`) or the mixer (`coke`, `pepsi max`, `slimline tonic`, `soda
/// water`). The words are data here; the table decides which pairs exist.
public enum MixedDrinks {
    /// The spirit words, by the word the table's rows begin with.
    static let spirits: [String: String] = [
        "vodka": "Vodka", "gin": "Gin", "rum": "Rum", "whisky": "Whiskey", "whiskey": "Whiskey",
        "bourbon": "Whiskey", "scotch": "Whiskey", "brandy": "Brandy", "cognac": "Brandy",
        // The brands people order by (`a jack and coke`, `a bacardi and coke`), in the folded words
        // the callers pass (`jack daniel` of `jack daniels`): alone, `jack` never means whiskey; a
        // brand of two words is also an alias of its spirit (`25ml jameson`).
        "jack": "Whiskey", "jd": "Whiskey", "jameson": "Whiskey", "bacardi": "Rum", "smirnoff": "Vodka",
        "gordon": "Gin", "jack daniel": "Whiskey", "jim beam": "Whiskey", "johnnie walker": "Whiskey",
        "famous grouse": "Whiskey", "bell": "Whiskey", "captain morgan": "Rum", "morgan": "Rum", "morgan spiced": "Rum",
        "captain morgan spiced": "Rum", "malibu": "Rum", "absolut": "Vodka", "grey goose": "Vodka",
        "bombay sapphire": "Gin", "tanqueray": "Gin",
    ]

    /// The mixer words, by the mixers the table's rows name, best first: a diet or slimline
    /// mixer is the diet row where the table has one (`Rum and diet cola`), else the plain one
    /// (FNDDS has no gin with diet tonic; its `Gin and tonic` is the nearest row).
    static let mixers: [String: [String]] = [
        "coke": ["cola"], "cola": ["cola"], "pepsi": ["cola"], "coca cola": ["cola"],
        "diet coke": ["diet cola", "cola"], "diet cola": ["diet cola", "cola"], "coke zero": ["diet cola", "cola"],
        "diet pepsi": ["diet cola", "cola"], "pepsi max": ["diet cola", "cola"],
        "tonic": ["tonic"], "tonic water": ["tonic"], "slimline tonic": ["tonic"], "slimline": ["tonic"],
        "diet tonic": ["tonic"], "light tonic": ["tonic"], "soda": ["soda"], "soda water": ["soda"],
        "club soda": ["soda"], "ginger ale": ["ginger ale"], "diet ginger ale": ["ginger ale"],
        "lemonade": ["lemonade"], "diet lemonade": ["lemonade"], "water": ["water"],
        "red bull": ["energy drink"], "energy drink": ["energy drink"],
    ]

    /// Words of a measure before the spirit (`a double vodka and coke`): the drink's row is the
    /// same.
    static let measures: Set<String> = ["single", "double", "triple", "large"]

    /// The table names a name of the words `words` (lowercase) may mean as one mixed drink,
    /// best first: `["Vodka and diet cola", "Vodka and cola"]` for `vodka and diet coke`; empty
    /// when the words are not a spirit, `and` (or `&`), and a mixer.
    public static func tableNames(words: [String]) -> [String] {
        guard words.count >= 3, let and = words.firstIndex(where: { $0 == "and" || $0 == "&" }) else { return [] }
        let spiritWords = words[..<and].drop(while: measures.contains)
        // How the drink is served or garnished follows the mixer (`gin and tonic with lemon`,
        // `rum and coke on the rocks`): the mixer is the words before it.
        let served = words[(and + 1)...].firstIndex { $0 == "with" || $0 == "on" } ?? words.endIndex
        guard (1...2).contains(spiritWords.count), let spirit = spirits[spiritWords.joined(separator: " ")],
            let mixer = mixers[words[(and + 1)..<served].joined(separator: " ")]
        else { return [] }
        return mixer.map { spirit + " and " + $0 }
    }
}
