/// The fixed words of the meal language. The lexer and parser know exactly these; the
/// TextMate grammar in `grammar/` is tested against them.
public enum Vocabulary {
    /// Words that begin a statement.
    public static let statementKeywords: [String] = [
        "log", "food", "recipe", "meal", "alias", "target", "weight", "plan", "check",
        "insight", "show", "chart", "top", "undo",
    ]

    /// Words with a fixed meaning inside statements.
    public static let innerKeywords: [String] = [
        "and", "of", "at", "on", "per", "serves", "from", "by", "show", "reload",
        "today", "yesterday", "this", "last", "week", "month", "days", "day", "weeks",
        "foods", "meals",
    ]

    /// How a unit word measures.
    public enum UnitKind: String, Sendable {
        case mass, volume, energy, household
    }

    /// Unit words the parser recognises after a quantity, with their kind. Plurals fold to
    /// these (`cups` → `cup`); `fl oz` is two words.
    public static let units: [(word: String, kind: UnitKind)] = [
        ("mg", .mass), ("g", .mass), ("kg", .mass), ("oz", .mass), ("lb", .mass),
        ("gram", .mass), ("kilogram", .mass), ("milligram", .mass), ("ounce", .mass),
        ("pound", .mass), ("lbs", .mass),
        ("ml", .volume), ("l", .volume), ("cl", .volume), ("dl", .volume), ("tsp", .volume),
        ("tbsp", .volume), ("cup", .volume), ("fl oz", .volume), ("liter", .volume),
        ("litre", .volume), ("milliliter", .volume), ("millilitre", .volume),
        ("teaspoon", .volume), ("tablespoon", .volume), ("pint", .volume), ("quart", .volume),
        ("gallon", .volume),
        ("kcal", .energy), ("cal", .energy), ("calorie", .energy), ("kj", .energy),
        ("slice", .household), ("piece", .household), ("serving", .household),
        ("large", .household), ("medium", .household), ("small", .household),
        ("extra large", .household), ("jumbo", .household), ("can", .household),
        ("bottle", .household), ("scoop", .household), ("glass", .household),
        ("bowl", .household), ("handful", .household), ("stick", .household),
        ("clove", .household), ("leaf", .household), ("pat", .household),
        ("bar", .household), ("packet", .household), ("package", .household),
        ("container", .household), ("pinch", .household), ("dash", .household),
        ("fillet", .household), ("strip", .household), ("link", .household),
        ("patty", .household), ("wedge", .household), ("stalk", .household),
        ("sprig", .household), ("spear", .household), ("head", .household),
        ("bunch", .household), ("loaf", .household), ("square", .household),
        ("cube", .household), ("box", .household), ("jar", .household), ("pouch", .household),
        ("carton", .household), ("mug", .household), ("shot", .household),
        ("drink", .household), ("each", .household), ("whole", .household),
        ("portion", .household), ("bag", .household), ("tub", .household),
    ]

    /// Quantity words and their values. `half` also combines (`half a`), `dozen` multiplies.
    public static let quantityWords: [(word: String, value: Double)] = [
        ("a", 1), ("an", 1), ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5),
        ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11),
        ("twelve", 12), ("half", 0.5), ("dozen", 12),
    ]

    /// Unicode vulgar fractions accepted as quantities.
    public static let unicodeFractions: [(scalar: Unicode.Scalar, value: Double)] = [
        ("½", 0.5), ("¼", 0.25), ("¾", 0.75), ("⅓", 1.0 / 3), ("⅔", 2.0 / 3), ("⅛", 0.125),
        ("⅜", 0.375), ("⅝", 0.625), ("⅞", 0.875), ("⅕", 0.2), ("⅖", 0.4), ("⅗", 0.6),
        ("⅘", 0.8), ("⅙", 1.0 / 6), ("⅚", 5.0 / 6),
    ]

    /// The usual meal tags (any word may follow `@`; these drive "did you mean").
    public static let mealWords: [String] = [
        "breakfast", "brunch", "lunch", "dinner", "supper", "snack", "dessert",
        "preworkout", "postworkout",
    ]

    /// Words that make a comma-separated segment a note on the previous item
    /// (`150 g chicken breast, grilled`) when every word of the segment is one of these.
    public static let preparationWords: [String] = [
        "grilled", "fried", "deep-fried", "pan-fried", "stir-fried", "baked", "boiled",
        "hard-boiled", "soft-boiled", "steamed", "roasted", "raw", "cooked", "uncooked",
        "scrambled", "poached", "toasted", "chopped", "diced", "sliced", "shredded", "mashed",
        "broiled", "sauteed", "sautéed", "smoked", "plain", "unsalted", "salted", "skinless",
        "boneless", "homemade", "leftover", "canned", "frozen", "fresh", "dried", "drained",
        "microwaved", "blended", "warm", "cold", "iced", "hot", "black", "unsweetened",
        "sweetened", "peeled", "unpeeled", "rare", "medium-rare", "well-done", "lean", "light",
    ]

    /// Words that start a period in queries (`show last 7 days`).
    public static let periodWords: [String] = ["today", "yesterday", "this", "last", "week", "month", "all"]

    /// Short mass and volume spellings: a typo of one of these right after a number is
    /// reported as an unknown unit (`150 gm rice`).
    public static let measureAbbreviations: [String] = [
        "g", "mg", "kg", "oz", "lb", "lbs", "ml", "l", "cl", "dl", "tsp", "tbsp", "cup", "cups",
    ]

    /// Every unit word including plural spellings, for completion and highlighting.
    public static var allUnitSpellings: [String] {
        var result: [String] = []
        for (word, _) in units {
            result.append(word)
            if let plural = pluralOf(word), plural != word { result.append(plural) }
        }
        result.append(contentsOf: ["fluid ounce", "fluid ounces"])
        return result
    }

    /// Looks up a unit word, folding case and simple plurals.
    public static func unit(_ word: String) -> (word: String, kind: UnitKind)? {
        let lowered = word.lowercased()
        if let index = unitIndex[lowered] { return units[index] }
        for singular in singularCandidates(lowered) {
            if let index = unitIndex[singular] { return units[index] }
        }
        return nil
    }

    /// Value of a quantity word (`a`, `twelve`, `half`, `dozen`).
    public static func quantityValue(_ word: String) -> Double? {
        let lowered = word.lowercased()
        return quantityWords.first { $0.word == lowered }?.value
    }

    /// Value of a unicode fraction scalar.
    public static func fractionValue(_ scalar: Unicode.Scalar) -> Double? {
        unicodeFractions.first { $0.scalar == scalar }?.value
    }

    /// True for a word in ``preparationWords``.
    public static func isPreparationWord(_ word: String) -> Bool {
        preparationSet.contains(word.lowercased())
    }

    /// Candidate singular forms of a lowercase word (`slices` → `slice`, `loaves` → `loaf`).
    public static func singularCandidates(_ word: String) -> [String] {
        var result: [String] = []
        if word.hasSuffix("ves") { result.append(String(word.dropLast(3)) + "f") }
        if word.hasSuffix("ies") { result.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es") { result.append(String(word.dropLast(2))) }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { result.append(String(word.dropLast())) }
        return result
    }

    static func pluralOf(_ word: String) -> String? {
        switch word {
        case "g", "mg", "kg", "oz", "lb", "lbs", "ml", "l", "cl", "dl", "tsp", "tbsp", "fl oz",
             "kcal", "cal", "kj", "large", "medium", "small", "extra large", "jumbo", "whole", "each":
            return nil
        case "leaf": return "leaves"
        case "loaf": return "loaves"
        case "patty": return "patties"
        case "pouch", "box", "dash", "pinch", "bunch", "glass", "sandwich": return word + "es"
        default: return word + "s"
        }
    }

    private static let unitIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (position, unit) in units.enumerated() { index[unit.word] = position }
        return index
    }()

    private static let preparationSet = Set(preparationWords)
}
