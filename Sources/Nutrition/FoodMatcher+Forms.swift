/// Rows of one food in another form: the raw chicken breast beside the roasted one, dry
/// spaghetti beside cooked, the canned chickpeas beside the boiled ones (grammar/foods.md,
/// "The form a recipe line means").
extension FoodMatcher {
    /// The row most like `food` whose name says every word of `form` (`raw`, `canned`,
    /// `frozen`), or nil when the table has none. `Spaghetti, cooked, enriched` in the form
    /// `raw` is `Spaghetti, dry, enriched` (SR26 calls dry pasta and grains `dry`, dry beans
    /// and rice `raw`); `Corn, sweet, yellow, cooked, boiled` canned is `Corn, sweet, yellow,
    /// canned, whole kernel, drained solids`.
    ///
    /// A sibling is a row of the same food: it has the words of the food's first segment
    /// (`Lentils`; `Coconut milk` in `Nuts, coconut milk, canned`), a first segment (after its
    /// category: `Crustaceans, shrimp, …`) naming nothing the food does not, and those of the food's
    /// name the item said (`thigh`). Among them the row sharing most of the food's other words
    /// wins; a describing word the item said that the food's row lacks (`boneless` of `4
    /// boneless pork chops`) counts three times, another half; a
    /// preparation the form does not ask for (`stewed`, `cooked`) counts against a row.
    public func sibling(of food: FoodRecord, inForm form: Set<String>, saying said: Set<String> = []) -> FoodRecord? {
        let segments = food.name.split(separator: ",").map { TextNormalizer.foldedWords(String($0)) }
        guard let head = segments.first, !head.isEmpty else { return nil }
        let headSet = Set(head)
        let formWords = FoodMatcher.preparedWords.union(FoodMatcher.rawWords).union(FoodMatcher.formNoise)
        let own = FoodMatcher.rowWords(food.name).subtracting(formWords)
        // What the food is: its first segment (`Crustaceans`, `Lentils`), the second after a
        // category (`oats` of `Cereals, oats, …`, `salmon` of `Fish, salmon, …`), and the words
        // of its name the item said (`thigh`, `chop`). A sibling keeps them all.
        let named =
            head.count == 1 && FoodMatcher.categoryHeads.contains(head[0]) && segments.count > 1
            ? headSet.union(segments[1]) : headSet
        let identity = named.subtracting(formWords).union(said.intersection(own))
        let wanted = said.subtracting(own).subtracting(formWords).subtracting(FoodMatcher.stopWords)
        var best: (number: Int, score: Double)?
        // Only rows with the identity and a word of the form (`raw`, `dry` or `uncooked` for raw).
        let formAlternatives =
            form.contains("raw") ? form.union(FoodMatcher.rawWords).union(FoodMatcher.dryWords) : form
        for row in table.search(allOf: identity.sorted(), anyOf: formAlternatives.sorted(), limit: 3000)
        where row.number != food.number {
            let segments = row.name.split(separator: ",").map { TextNormalizer.foldedWords(String($0)) }
            let words = FoodMatcher.formWords(of: row.name, tags: row.tags)
            guard identity.isSubset(of: words), form.isSubset(of: words) else { continue }
            // The sibling's first segment (after a category: `Crustaceans, shrimp, raw` for
            // `Shrimp, cooked`) names nothing the food does not: `Textured vegetable protein,
            // dry` is no form of `Vegetables, mixed, frozen, cooked`, though it has the word.
            let rowHead = Set(segments.first ?? [])
            let rowFood =
                rowHead.count == 1 && FoodMatcher.categoryHeads.contains(rowHead.first ?? "") && segments.count > 1
                ? Set(segments[1]) : rowHead
            guard rowFood.subtracting(formWords).subtracting(FoodMatcher.stopWords).isSubset(of: own.union(said))
            else { continue }
            let otherForms = words.intersection(FoodMatcher.preparedWords).subtracting(form)
                .subtracting(FoodMatcher.dryWords)
            // Segments naming something the food's row does not (`with green chilies`, `skin`).
            let known = own.union(form).union(FoodMatcher.stopWords).union(formWords)
            let extra = segments.dropFirst().filter { !Set($0).isSubset(of: known) }.count
            // A describing word the item said (`boneless`) counts three times; another word
            // (`king` of `king prawns`) names another food as often as it helps.
            let described = wanted.intersection(words)
            let describing = described.intersection(FoodMatcher.modifierWords).count
            // Joining words (`with`, `and`) are no likeness: `cooked with water` is not `with cinnamon`.
            var score =
                Double(own.subtracting(FoodMatcher.stopWords).intersection(words).count) + 3 * Double(describing)
            score += 0.5 * Double(described.count - describing)
            score -= 1.5 * Double(otherForms.count) + 0.05 * Double(extra)
            if Set(segments.first ?? []) == headSet { score += 1 }
            // Equal scores: the lower number, SR26's plain row before its variants.
            if best.map({ score > $0.score || (score == $0.score && row.number < $0.number) }) ?? true {
                best = (row.number, score)
            }
        }
        return best.flatMap { table.food(number: $0.number) }
    }

    /// A row's words as ``rowWords(_:)`` reads them, where a dry grain, pasta or pulse
    /// (`Spaghetti, dry`, `Lentils, raw`) is raw and dry at once.
    static func formWords(of name: String, tags: String) -> Set<String> {
        var words = rowWords(name)
        let staple = tags.split(separator: " ").contains { $0 == "grain" || $0 == "legume" }
        if staple, !words.isDisjoint(with: rawWords.union(dryWords)) { words.formUnion(rawWords.union(dryWords)) }
        return words
    }

    /// True for a row of a raw food, or of a dry grain, pasta or pulse (`Spaghetti, dry`).
    public static func isRaw(_ name: String, tags: [String]) -> Bool {
        !formWords(of: name, tags: tags.joined(separator: " ")).isDisjoint(with: rawWords)
    }

    /// First segments of SR26 rows that name a category, not the food (folded singular): the
    /// food is the segment after it (`Cereals, oats, …`, `Fish, cod, …`).
    static let categoryHeads: Set<String> = [
        "cereal", "fish", "crustacean", "mollusk", "nut", "seed", "spice", "beverage", "snack", "soup",
    ]

    /// The words that say a grain or pulse is dry: one stands for the other and for `raw`.
    public static let dryWords: Set<String> = ["dry", "dried"]

    /// Words of table names about how a food was prepared that name no food and no form of
    /// their own (`Fish, cod, cooked, dry heat`; `Beef, ..., pan-browned`).
    static let formNoise: Set<String> = [
        "heat", "moist", "pan", "browned", "unprepared", "without", "salt", "added", "solid", "liquid", "drained",
        "year", "round", "average",
    ]
}
