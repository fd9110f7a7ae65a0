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
    /// parmesan, grated`; `Alcoholic beverage, distilled, vodka`), not a variant, and a segment
    /// saying `plain` names none (`Danish pastry, plain or spice`).
    static func variantWords(of name: String, beyond phrase: Set<String>) -> Set<String> {
        let segments = name.split(separator: ",").map { Set(TextNormalizer.foldedWords(String($0))) }
        let named = segments.firstIndex { $0.subtracting(withStemsOf: phrase).count < $0.count } ?? 0
        // A segment saying `plain` is the plain row, whatever it allows (`plain or spice`).
        return segments[named...].filter { !$0.contains("plain") }.reduce(into: Set<String>()) { $0.formUnion($1) }
            .subtracting(withStemsOf: phrase)
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

extension FoodMatcher {
    /// How a row's score moves for what it says beyond the name (grammar/foods.md, "Plain
    /// rows, products and substitutes"): a product made from the food (`Biscuits, plain or
    /// buttermilk, dry mix`, `Lemonade, powder`) loses unless the row says it was made up
    /// (`dry mix, prepared`), and so does a substitute the name did not ask for (the
    /// `non-dairy` of `Hot chocolate / cocoa, made with non-dairy milk`, `decaffeinated`,
    /// `diet`); a row that says it is the plain one (`Danish pastry, plain or spice`) gains, so
    /// it ranks before a flavour or filling the name did not say (`Danish pastry, cheese`), as
    /// FNDDS's `…, NFS` row does.
    static func unsaidAdjustment(_ name: String, folded: Set<String>, said: Set<String>) -> Double {
        var adjustment = 0.0
        if !folded.intersection(productWords).subtracting(said).isEmpty, folded.isDisjoint(with: madeUpWords) {
            adjustment -= unsaidProductPenalty
        }
        if !folded.intersection(substituteWords).subtracting(said).isEmpty { adjustment -= unsaidSubstitutePenalty }
        // The generic row: FNDDS's `…, NFS`, or a row whose last segment says it is plain (not
        // `Doughnuts, cake-type, plain, sugared or glazed`, a variant of the plain one).
        let last = name.split(separator: ",").last.map { TextNormalizer.foldedWords(String($0)) } ?? []
        if name.hasSuffix(", NFS") || (last.contains("plain") && !said.contains("plain")) {
            adjustment += plainRowBonus
        }
        return adjustment
    }

    /// Words of a row that say a product (a mix, a powder, a concentrate) was made up into the food.
    static let madeUpWords: Set<String> = ["prepared", "made", "baked"]

    /// Words of a row that say it is a substitute for the usual food, which a name asks for by
    /// saying so (`decaf` is an alias of its own, `skinny latte` of the nonfat one).
    static let substituteWords: Set<String> = [
        "non", "nondairy", "nonfat", "decaffeinated", "diet", "dietetic", "substitute", "imitation", "eggless",
    ]

    /// How much a row saying an unsaid product (``productWords``) loses.
    static let unsaidProductPenalty = 0.25

    /// How much a row saying an unsaid substitute (``substituteWords``) loses.
    static let unsaidSubstitutePenalty = 0.15

    /// How much a row saying it is the plain one gains over its flavours and fillings: more
    /// than SR26's ingredient tie-break (`Danish pastry, cheese` is SR26's).
    static let plainRowBonus = 0.12
}

extension FoodMatcher {
    /// Flavours a drink is sold in that the table often has no row of (`ginger kombucha`,
    /// `chocolate protein shake`).
    public static let drinkFlavours: Set<String> = [
        "vanilla", "chocolate", "strawberry", "ginger", "lemon", "lime", "raspberry", "mango", "peach", "cherry",
        "caramel", "hazelnut", "mint", "berry", "blueberry", "coconut", "banana", "cinnamon", "passion", "fruit",
        "apple", "pineapple", "watermelon", "grape", "orange", "cola", "hibiscus", "elderflower",
    ]

    /// When no row is a confident match for a drink only because of its flavour, the drink's
    /// unflavoured row, shown as assumed in the words it was matched by (`assumed 'ginger
    /// kombucha' means 'kombucha'`): the flavour changes little of a drink, and the mark says
    /// it was left out. Only beverage rows, only flavour words (``drinkFlavours``).
    func flavouredDrink(_ key: String, among candidates: [Candidate], phraseWords: Set<String>) -> TableMatch? {
        let flavours = phraseWords.intersection(FoodMatcher.drinkFlavours)
        guard !flavours.isEmpty, flavours.count < phraseWords.subtracting(FoodMatcher.stopWords).count else {
            return nil
        }
        guard
            let best = candidates.prefix(8).first(where: { candidate in
                candidate.brand.isSubset(of: phraseWords)
                    && candidate.uncovered.subtracting(FoodMatcher.modifierWords).isSubset(of: flavours)
                    && !candidate.uncovered.isDisjoint(with: flavours)
            }), best.score >= 1.0, let food = table.food(number: best.number), food.tags.contains("beverage")
        else { return nil }
        return TableMatch(
            food: food, naturalPortion: best.portion ?? defaultPortion(food, key), kind: .fuzzy, alternatives: [],
            correctedPhrase: FoodMatcher.unflavouredName(key, without: best.uncovered))
    }
}
