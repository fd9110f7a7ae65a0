extension FoodMatcher {
    /// Words that say a food was made lighter, leaner or without its sugar (`light`, `diet`,
    /// `skinny`, `reduced`, `unsweetened`): they change its nutrition, unlike `homemade` or
    /// `tasty`. A row that leaves one unsaid is only the nearest food to the name, never the
    /// food itself (`a skinny vanilla latte` as `Coffee, Latte, flavored` is made with whole milk).
    static let nutritionWords: Set<String> = [
        "light", "lite", "skinny", "diet", "reduced", "low", "lowfat", "nonfat", "skim", "skimmed",
        "unsweetened", "sweetened", "lean", "slimline", "sugarless",
    ]

    /// Words that follow `fat` or `sugar` to say the food is without it (`fat free`, `sugar free`).
    static let withoutItWords: Set<String> = ["free"]

    /// The words of `key` that change a food's nutrition and are among `uncovered`, in the
    /// name's order: ``nutritionWords``, and `free` after `fat` or `sugar`.
    static func unsaidNutrition(_ key: String, uncovered: Set<String>) -> [String] {
        let words = key.split(separator: " ").map(String.init)
        return words.enumerated().filter { index, word in
            guard uncovered.contains(word) else { return false }
            if nutritionWords.contains(word) { return true }
            return withoutItWords.contains(word) && index > 0 && ["fat", "sugar"].contains(words[index - 1])
        }.map(\.element)
    }

    /// The nearest row to a name no row names confidently, when the words it leaves out only
    /// describe the food (`tikka` of `a chicken tikka wrap`, `pulled` of `pulled pork tacos`,
    /// `diet` of `a diet yogurt`): the row has the name's head noun and more of its words than
    /// it leaves out, and none it leaves out is a food of its own (an alias alone, a meat or a
    /// fish: `a halloumi wrap` and `a venison burger` stay unknown). Such a match is always
    /// shown as the nearest food, with the words it does not say, and never counts as naming
    /// the food confidently (a comma note is not made a food by it).
    func nearestByDescription(_ key: String, among all: [Candidate], phraseWords: Set<String>) -> TableMatch? {
        let words = key.split(separator: " ").map(String.init)
        let lengths = FoodMatcher.lengthWords(words)
        let significant = Set(words).subtracting(FoodMatcher.stopWords).subtracting(FoodMatcher.cutWords)
            .subtracting(lengths)
        guard significant.count >= 2 else { return nil }
        var nearest: (candidate: Candidate, missing: Set<String>, nutrition: [String])?
        for candidate in all.prefix(FoodMatcher.nearestDepth) where candidate.score >= FoodMatcher.nearestFloor {
            guard candidate.name != nil, candidate.loose.isEmpty, candidate.brand.isSubset(of: phraseWords) else {
                continue
            }
            let nutrition = FoodMatcher.unsaidNutrition(key, uncovered: candidate.uncovered)
            let missing = candidate.uncovered.subtracting(FoodMatcher.modifierWords).subtracting(nutrition)
            let covered = significant.subtracting(candidate.uncovered).subtracting(FoodMatcher.modifierWords)
            // A row that leaves nothing out yet scores low is no nearer for it (`whole milk latte`).
            guard !missing.isEmpty || !nutrition.isEmpty, covered.count > missing.count,
                missing.allSatisfy(isDescribingWord)
            else { continue }
            // `a diet yogurt`: a lighter row of the food before the first one found.
            if nearest == nil || isLighter(candidate, for: nutrition) {
                nearest = (candidate, missing, nutrition)
            }
            if nutrition.isEmpty || isLighter(candidate, for: nutrition) { break }
        }
        guard let nearest, let food = table.food(number: nearest.candidate.number) else { return nil }
        var match = TableMatch(
            food: food, naturalPortion: nearest.candidate.portion ?? defaultPortion(food, key), kind: .name,
            alternatives: [], correctedPhrase: nil)
        match.nearest = true
        match.unnamedWords = words.filter { nearest.missing.contains($0) || nearest.nutrition.contains($0) }
        return match
    }

    /// Words of a row's name that say it is a lighter food (`nonfat`, `low fat`, `reduced
    /// calorie`, `with low calorie sweetener`): what `light`, `diet`, `skinny` or `reduced` ask for.
    static let lighterRowWords: Set<String> = [
        "nonfat", "lowfat", "low", "light", "lite", "reduced", "skim", "diet", "calorie", "sweetener", "free",
    ]

    /// True when the candidate's row says, for each of the name's `nutrition` words, that word
    /// or (for a word asking for less: not `sweetened`) a lighter-food word (``lighterRowWords``).
    func isLighter(_ candidate: Candidate, for nutrition: [String]) -> Bool {
        guard !nutrition.isEmpty, let name = candidate.name ?? table.food(number: candidate.number)?.name else {
            return false
        }
        let row = FoodMatcher.rowWords(name)
        return nutrition.allSatisfy { word in
            row.contains(word) || (word != "sweetened" && !row.isDisjoint(with: FoodMatcher.lighterRowWords))
        }
    }

    /// Among the confident candidates, the one to take for a name that says a nutrition word
    /// the best row leaves unsaid (`a skinny muffin`): a lighter row of the food that scores
    /// within ``variantMargin`` of the best (`Muffin, fruit, low fat` over `Muffin, NFS`), else
    /// the best.
    func lighterChoice(_ key: String, best: Candidate, among eligible: [Candidate]) -> Candidate {
        let nutrition = FoodMatcher.unsaidNutrition(key, uncovered: best.uncovered)
        guard !nutrition.isEmpty, !isLighter(best, for: nutrition) else { return best }
        return eligible.prefix(FoodMatcher.nearestDepth).first { candidate in
            best.score - candidate.score <= FoodMatcher.variantMargin && candidate.score >= FoodMatcher.rankFloor
                && isLighter(candidate, for: nutrition)
        } ?? best
    }

    /// True for a word of a name that says how a food is made or served rather than naming a
    /// food (`tikka`, `pulled`, `club`): not an alias of its own, not a meat, poultry or fish.
    func isDescribingWord(_ word: String) -> Bool {
        !isAlias(word) && !FoodMatcher.isMeatOrFish(word) && !FoodMatcher.cutWords.contains(word)
            && word.count > 2 && !word.contains(where: \.isNumber)
    }

    /// How many of the best-scored candidates the nearest row is looked for among.
    static let nearestDepth = 8
    /// The lowest score a nearest row may have: its head noun and a good part of the name.
    static let nearestFloor = 1.0
}
