extension FoodMatcher {
    /// Words of a row's name that say how USDA made, sold or sampled the food, not which
    /// variant of it it is (`commercially prepared`, `from fast food`, `enriched`, `NFS`).
    static let recordWords: Set<String> = [
        "nfs", "ns", "as", "type", "from", "restaurant", "fast", "food", "commercially", "commercial",
        "prepared", "recipe", "store", "enriched", "unenriched", "fortified", "ready", "serve", "eat",
        "heated", "refrigerated", "unheated", "include", "includes", "including", "made", "added", "without",
        "other", "any", "all", "size", "style", "family", "chain", "school", "cafeteria", "lunch", "vitamin",
        "solid", "liquid", "drained", "undiluted", "diluted", "water", "salt", "regular", "reduced", "sodium",
        "calorie", "sugar", "not", "further", "specified", "mixed", "species", "variety", "varieties",
        "packaged", "purchased", "frozen", "vendor", "street", "proof", "or", "and",
    ]

    /// The words of a row's name that name a variant the phrase did not say: a flavour, a
    /// filling, a bread (`chocolate`, `cherry`, `wrap`, `wheat` of `Tuna salad sandwich on
    /// wheat`), never a form, a size or how USDA sampled it.
    /// Segments before the first that says a word of the phrase are SR26's category (`Cheese,
    /// parmesan, grated`; `Alcoholic beverage, distilled, vodka`), not a variant.
    static func variantWords(of name: String, beyond phrase: Set<String>) -> Set<String> {
        let segments = name.split(separator: ",").map { Set(TextNormalizer.foldedWords(String($0))) }
        let named = segments.firstIndex { $0.subtracting(withStemsOf: phrase).count < $0.count } ?? 0
        return segments[named...].reduce(into: Set<String>()) { $0.formUnion($1) }.subtracting(withStemsOf: phrase)
            .subtracting(stopWords).subtracting(modifierWords).subtracting(recordWords)
            .filter { $0.count > 2 && !$0.contains(where: \.isNumber) }
    }

    /// Rows the choice of `best` was made over when the phrase names a food generically and
    /// `best` adds a variant the phrase did not say while siblings that name the phrase as well
    /// differ in it (`a tuna mayo baguette` → `Tuna salad sandwich wrap` over `… on white`,
    /// `… on wheat`): the variant is an assumption, shown as such. Siblings are the eligible
    /// rows that leave the same words of the phrase unnamed and score within
    /// ``variantMargin`` of `best`; at most three, best first.
    func variantSiblings(of best: Candidate, among eligible: [Candidate], phrase: Set<String>) -> [Int] {
        guard let bestName = best.name ?? table.food(number: best.number)?.name else { return [] }
        let variant = FoodMatcher.variantWords(of: bestName, beyond: phrase)
        guard !variant.isEmpty else { return [] }
        var siblings: [Int] = []
        for candidate in eligible where candidate.number != best.number {
            guard best.score - candidate.score <= FoodMatcher.variantMargin else { break }
            guard candidate.uncovered == best.uncovered,
                let name = candidate.name ?? table.food(number: candidate.number)?.name,
                !variant.isSubset(of: FoodMatcher.rowWords(name))
            else { continue }
            siblings.append(candidate.number)
            if siblings.count == 3 { break }
        }
        return siblings
    }

    /// How far below the chosen row a sibling that differs only in an unsaid variant may score
    /// and still make the choice an assumption.
    static let variantMargin = 0.6
}

extension Set where Element == String {
    /// The set without `words` and the stems their row forms cover (`roasted` for `roast`).
    fileprivate func subtracting(withStemsOf words: Set<String>) -> Set<String> {
        filter { word in
            !words.contains(word) && !FoodMatcher.withStems([word]).contains(where: words.contains)
        }
    }
}
