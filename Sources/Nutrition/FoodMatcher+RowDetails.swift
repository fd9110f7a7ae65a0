/// What the ranking reads of a table row's name beyond its ``FoodMatcher/rowWords(_:)``,
/// worked out once per row: only rows that have the phrase's head noun need it.
struct RowDetails {
    /// The distinct folded words of the whole name.
    var folded: Set<String>
    /// The first segment's folded words (`potato` of `Potatoes, mashed`).
    var firstWords: [String]
    /// ``firstWords`` with their stems.
    var firstSegment: Set<String>
    var segmentCount: Int
    /// ``FoodMatcher/brandWords(_:)`` of the name.
    var brand: Set<String>
    /// An SR26 ingredient: no prepared dish and no fast food (grammar/foods.md ranks it before
    /// an FNDDS food of the same words).
    var isIngredient: Bool
    /// One of FNDDS's frozen meals (`Shrimp and vegetables in sauce with noodles, diet frozen
    /// meal`): a dish of several foods, which only a name saying a meal means.
    var isFrozenMeal: Bool
    /// The bread the name says the dish is without (`bun` of `Sloppy joe, no bun`).
    var without: Set<String>
    /// Every word the name says the food has none of (`meat` of `Dumpling, no meat`): no class
    /// of meat covers through it.
    var negated: Set<String>

    /// - Parameter folded: ``TextNormalizer/foldedWords(_:)`` of `name`.
    init(number: Int, name: String, folded: [String], tags: String) {
        let segments = name.split(separator: ",")
        self.folded = Set(folded)
        firstWords = TextNormalizer.foldedWords(String(segments.first ?? ""))
        firstSegment = FoodMatcher.withStems(firstWords)
        segmentCount = segments.count
        brand = FoodMatcher.brandWords(name)
        isFrozenMeal = zip(folded, folded.dropFirst()).contains { $0 == "frozen" && $1 == "meal" }
        // SR26's American Indian and Alaska Native foods (35xxx) are dishes too (`Tamales, masa
        // and pork filling (Hopi)`), though the table tags them by no dish word.
        isIngredient =
            number < FoodSource.firstFNDDSNumber && !RowDetails.has("prepared", tags)
            && !RowDetails.has("fast-food", tags) && !(35_000..<36_000).contains(number)
        var negated = Set(zip(folded, folded.dropFirst()).filter { $0.0 == "no" || $0.0 == "without" }.map(\.1))
        if folded.contains("meatless") { negated.insert("meat") }
        self.negated = negated
        without = negated.intersection(RowDetails.parts)
    }

    /// The bread a dish is served in, which a row may say it is without (`Sloppy joe, no bun`,
    /// `Chili hot dog, no bun`). Not a side (`Gumbo, no rice` is gumbo as such), nor `salt` or
    /// `added` fat, which say how USDA weighed the food.
    static let parts: Set<String> = ["bun", "bread", "roll", "crust", "tortilla", "shell"]

    /// True when the table's space-separated `tags` include `tag`.
    static func has(_ tag: String, _ tags: String) -> Bool {
        tags.split(separator: " ").contains { $0 == tag }
    }
}
