import Diary
import MealSyntax
import Nutrition

extension Resolver {
    /// Groups whose foods are sold both fresh or home-cooked and in tins, where the tin is a
    /// different food: `a tin of peaches` are canned peaches, not raw ones.
    static let tinnedGroups: Set<String> = [
        "Fruits and Fruit Juices", "Vegetables and Vegetable Products", "Legumes and Legume Products",
        "Finfish and Shellfish Products",
    ]

    /// Words of a canned row that make it another food than the tin's contents as eaten.
    static let notAsEatenFromTheTin: Set<String> = ["condensed", "dry", "mix", "powder", "concentrate", "frozen"]

    /// The canned form of the food when the unit is a tin or can (grammar/foods.md, "Which row
    /// wins", rule 3): `half a tin of chopped tomatoes` is `Tomatoes, red, ripe, canned`, `a can of
    /// chickpeas` the canned chickpeas. Nil when the unit is no tin, the name already says a
    /// form, the plain choice is canned already or of no group sold in tins, or the table has
    /// no confident canned row of the same food (its name beginning with the same words). The
    /// plain food is kept as the first of the choice's `assumed` alternatives, so the item says so.
    func cannedChoice(_ item: Item, plain: FoodChoice) throws(DiaryError) -> FoodChoice? {
        guard item.unit?.canonical == "can",
            !item.name.quoted, plain.source == .database, Resolver.tinnedGroups.contains(plain.food.group)
        else { return nil }
        let key = "@tin " + TextNormalizer.key(item.name.text)
        if let cached = cache[key] { return cached }
        let choice = try uncachedCannedChoice(item, plain: plain)
        remember(choice, as: key)
        return choice
    }

    /// ``cannedChoice(_:plain:)`` once its cache is missed.
    func uncachedCannedChoice(_ item: Item, plain: FoodChoice) throws(DiaryError) -> FoodChoice? {
        let plainWords = Set(TextNormalizer.words(plain.food.name))
        let nameWords = Set(TextNormalizer.words(item.name.text))
        guard !plainWords.contains("canned"),
            nameWords.isDisjoint(with: FoodMatcher.preparedWords.union(["raw", "fresh"]))
        else { return nil }
        guard let canned = try choose("canned " + item.name.text), canned.source == .database,
            canned.correctedPhrase == nil, canned.food.id != plain.food.id
        else { return nil }
        let cannedWords = Set(TextNormalizer.words(canned.food.name))
        guard cannedWords.contains("canned"), cannedWords.isDisjoint(with: Resolver.notAsEatenFromTheTin),
            Resolver.firstSegment(canned.food.name) == Resolver.firstSegment(plain.food.name)
        else { return nil }
        // The tin chose the form, not the name: shown as assumed over the plain food.
        return FoodChoice(
            source: canned.source, food: canned.food, tags: canned.tags, per100g: canned.per100g,
            portions: canned.portions, naturalPortion: canned.naturalPortion,
            assumed: [plain.food] + canned.assumed.filter { $0.id != plain.food.id },
            estimateReason: canned.estimateReason, correctedPhrase: canned.correctedPhrase,
            otherReadings: canned.otherReadings)
    }

    /// A table name's words before its first comma (`Tomatoes` of `Tomatoes, red, ripe, raw`).
    static func firstSegment(_ name: String) -> Substring {
        name.prefix { $0 != "," }
    }
}
