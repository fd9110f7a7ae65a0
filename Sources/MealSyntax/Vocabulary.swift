import FoodLogCore

/// The fixed words of the meal language (units are in ``MeasureUnit``). The lexer and parser
/// know exactly these; the TextMate grammar in `grammar/` is tested against them.
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

    /// The words after a target's amounts that say which days it is for, each after its
    /// preposition (`per week`, `on weekends`); the singular `weekend` and `weekday` read the
    /// same. The parser, completion and the TextMate grammar take them from here.
    public static let targetScopeWords: [(preposition: String, word: String, scope: TargetScope)] = [
        ("per", "day", .day), ("per", "week", .week), ("on", "weekends", .weekends), ("on", "weekdays", .weekdays),
        ("on", "weekend", .weekends), ("on", "weekday", .weekdays),
    ]

    /// Quantity words and their values. `half` also combines (`half a`), `dozen` multiplies.
    public static let quantityWords: [(word: String, value: Double)] = [
        ("a", 1), ("an", 1), ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5),
        ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11),
        ("twelve", 12), ("half", 0.5), ("dozen", 12), ("couple", 2), ("few", 3),
    ]

    /// Fraction words after a count (`a quarter cup`, `three quarters of a cup`, `a third of a
    /// pizza`): the count is multiplied by the value.
    static let fractionWords: [String: Double] = [
        "quarter": 0.25, "quarters": 0.25, "third": 1.0 / 3, "thirds": 1.0 / 3,
    ]

    /// Words that count a part of one food after a number (`2 finger kit kat`, `12 inch pizza`,
    /// `3 layer cake`): the number and the word describe the food and stay in its name.
    public static let partCountWords: [String] = ["finger", "inch", "layer", "tier", "grain"]

    /// Words before a stated amount in parentheses that say it is approximate: `(about 4 oz)`.
    public static let approximationWords: Set<String> = ["about", "approx", "approximately", "around", "roughly"]

    /// Unicode vulgar fractions accepted as quantities.
    public static let unicodeFractions: [(scalar: Unicode.Scalar, value: Double)] = [
        ("½", 0.5), ("¼", 0.25), ("¾", 0.75), ("⅓", 1.0 / 3), ("⅔", 2.0 / 3), ("⅛", 0.125),
        ("⅜", 0.375), ("⅝", 0.625), ("⅞", 0.875), ("⅕", 0.2), ("⅖", 0.4), ("⅗", 0.6),
        ("⅘", 0.8), ("⅙", 1.0 / 6), ("⅚", 5.0 / 6),
    ]

    /// Words that join a main food and what comes with it (`toast with jam`, `beans on toast`,
    /// `coffee w/ milk`, `cheerios w milk`, Scots `wi`), lowercase.
    public static let jointWords: Set<String> = ["with", "on", "w/", "w", "wi"]

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

    /// Further words of a comma note: cutting and preparing (`trimmed`, `finely chopped`),
    /// serving (`to serve`, `optional`, `or more to taste`) and size words. A segment made only
    /// of these and ``preparationWords`` is a note.
    public static let noteWords: [String] = [
        "trimmed", "halved", "quartered", "deseeded", "seeded", "cored", "crushed", "minced", "grated", "zested",
        "juiced", "softened", "melted", "beaten", "whisked", "rinsed", "washed", "scrubbed", "soaked", "divided",
        "packed", "sifted", "torn", "cubed", "pitted", "stoned", "hulled", "shelled", "thawed", "defrosted",
        "crumbled", "flaked", "juice", "zest", "rind", "julienned", "spiralized", "spiralised", "squeezed", "picked",
        "stemmed", "destemmed", "bruised", "whipped", "diagonal", "bias", "bone", "bones",
        "bone-in", "skin-on", "skin-off", "buttered", "seasoned", "marinated", "patted", "dry",
        "optional", "serve", "serving", "garnish", "taste", "needed", "desired", "preferred", "more", "less", "or",
        "to", "for", "if", "as", "plus", "extra", "finely", "roughly", "thinly", "coarsely", "freshly", "lightly",
        "very", "well", "cut", "into", "in", "pieces", "chunks", "cubes", "rings", "strips", "wedges", "slices",
        "halves", "florets", "thin", "thick", "bite-sized", "bite-size", "small", "large", "medium", "about",
        "approximately", "only", "lengthways", "lengthwise", "crosswise", "diagonally", "half", "the", "room",
        "temperature", "ripe", "firm", "separated", "whites", "yolks", "skin", "skins", "removed", "off",
        "left", "kept", "reserved", "whole", "each", "sprinkling", "dusting", "drizzling", "greasing", "frying",
        "pressed", "deveined", "deboned", "boned", "filleted", "scored", "pricked", "warmed", "chilled",
        "cooled", "lukewarm", "boiling", "tepid", "reheated", "heated", "up", "leftovers", "diluted", "undiluted",
        // How wings or a take-away dish are sauced (`10 boneless wings, bbq`).
        "bbq", "buffalo", "teriyaki",
        // Coffee-shop sizes after a comma (`cold brew, grande`), read as the item's size.
        "grande", "venti", "regular",
        // How it was cooked (`salmon fillet, oven baked`, `chips, air fried`).
        "oven", "pan", "air", "slow", "shallow", "deep",
    ]

    /// Words that make `whole` part of a food's name rather than the unit `whole`
    /// (`whole wheat bread`, `whole grain rice`, `whole milk`).
    public static let wholeCompounds: [String] = ["wheat", "grain", "grains", "milk", "meal", "wheatmeal"]

    /// Words a diary sentence may begin an item with that say it was eaten or drunk, not what:
    /// `had a banana`, `i ate 2 slices of pizza`, `just had a coffee`, `drank a pint of water`.
    /// They go before the item is read. None begins a food's name.
    static let diaryVerbs = [
        "i", "we", "just", "also", "then", "had", "ate", "eaten", "drank", "have", "having", "grabbed", "snacked",
    ]

    /// Words before `of` that say much of a food without an amount (`loads of pasta`).
    static let plentyWords = ["loads", "lots", "plenty"]

    /// Words that count the pieces of an order after `a` and a number (`a 10 piece chicken
    /// nuggets` is 10 pieces).
    static let pieceCountWords = ["piece", "pieces", "pc", "pcs"]

    /// Words that may come before `juice of` or `zest of` to say how (`finely grated zest of 1
    /// lemon`, `freshly squeezed juice of 2 oranges`).
    static let juiceOfLeads = ["finely", "freshly", "grated", "squeezed"]

    /// Short mass and volume spellings: a typo of one of these right after a number is
    /// reported as an unknown unit (`150 gx rice`).
    public static let measureAbbreviations: [String] = [
        "g", "mg", "kg", "oz", "lb", "lbs", "ml", "l", "cl", "dl", "tsp", "tbsp", "cup", "cups",
    ]

    /// Value of each quantity word.
    static let quantityValues: [String: Double] = Dictionary(quantityWords.map { ($0.word, $0.value) }) { first, _ in
        first
    }

    /// Value of a unicode fraction scalar.
    public static func fractionValue(_ scalar: Unicode.Scalar) -> Double? {
        unicodeFractions.first { $0.scalar == scalar }?.value
    }

    /// True for a lowercase word in ``preparationWords``.
    static func isPreparationWord(_ word: String) -> Bool { preparationSet.contains(word) }

    /// True for a lowercase word of a comma note (``preparationWords`` or ``noteWords``).
    public static func isNoteWord(_ word: String) -> Bool { preparationSet.contains(word) }

    private static let preparationSet = Set(preparationWords + noteWords)
}
