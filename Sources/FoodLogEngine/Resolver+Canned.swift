import Diary
import MealSyntax
import Nutrition

extension Resolver {
    /// `a tin of chickpeas`, `a can of peaches`, `2 large tins of kidney beans`: a tin or can
    /// holds the canned food, so a plain choice that is not canned gives way to the table's
    /// canned row of the same food (its first word) when the table names `canned <name>`
    /// confidently. Nil for a drink (`a can of coke` is the drink), a name that says its form
    /// (`fresh`, `dried`, `frozen`, `canned`), a drained tin, or when the table has no such row.
    func cannedChoice(_ item: Item, plain: FoodChoice) throws(DiaryError) -> FoodChoice? {
        // The tin is the unit (`a tin of`) or the package a stated size fills (`1 can (14.5 oz)`).
        guard
            let tin = [item.unit?.canonical, item.package?.canonical].compactMap({ $0 }).first(where: {
                ["can", "tin"].contains($0)
            }), !item.name.quoted,
            plain.source == .database,
            Resolver.cannedKinds.contains(FoodKind.of(name: plain.food.name, group: plain.food.group))
        else { return nil }
        let nameWords = Set(TextNormalizer.words(item.name.text))
        let plainWords = TextNormalizer.foldedWords(plain.food.name)
        // Drained (or rinsed), a tin is its drained solids: the canned row of those (weighed at the drained
        // share of the tin, `PortionResolver.drained`), else the plain cooked row, which is
        // nearer them than a canned row whose nutrients count the liquid.
        let drained =
            item.note.map { !Set(TextNormalizer.words($0.text)).isDisjoint(with: ["drained", "rinsed"]) } ?? false
        let form = drained ? "canned drained " : "canned "
        guard nameWords.isDisjoint(with: Resolver.formWords), !plainWords.contains("canned"),
            let choice = try choose(form + item.name.text, unit: tin), choice.source == .database,
            choice.correctedPhrase == nil
        else { return nil }
        let cannedWords = TextNormalizer.foldedWords(choice.food.name)
        guard cannedWords.contains("canned"), cannedWords.first == plainWords.first,
            !drained || cannedWords.contains("drained")
        else { return nil }
        return choice
    }

    /// Kinds of food sold in tins (a soup is FNDDS's as eaten already).
    static let cannedKinds: Set<FoodKind> = [.beans, .vegetable, .fruit, .smallFruit, .fish, .meat]

    /// Name words that already say what form the food is in.
    static let formWords: Set<String> = ["fresh", "raw", "canned", "tinned", "dried", "frozen", "homemade"]
}
