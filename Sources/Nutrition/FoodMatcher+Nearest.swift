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
        let head = FoodMatcher.headNoun(words)
        var nearest: (candidate: Candidate, missing: Set<String>, nutrition: [String])?
        for candidate in all.prefix(FoodMatcher.nearestDepth) where candidate.score >= FoodMatcher.nearestFloor {
            // A chain's own row is nearest only to a name that says the chain by more than the
            // head noun (`Cheeseburger (Burger King)` is no `beef burger`).
            guard candidate.loose.isEmpty, candidate.brand.isSubset(of: phraseWords),
                let name = candidate.name ?? table.food(number: candidate.number)?.name,
                FoodMatcher.servedBy(name).map({ !$0.subtracting([head]).isDisjoint(with: phraseWords) }) ?? true
            else { continue }
            let nutrition = FoodMatcher.unsaidNutrition(key, uncovered: candidate.uncovered)
            let missing = candidate.uncovered.subtracting(FoodMatcher.modifierWords).subtracting(nutrition)
            let covered = significant.subtracting(candidate.uncovered).subtracting(FoodMatcher.modifierWords)
            // A row that leaves nothing out yet scores low is no nearer for it (`whole milk latte`).
            // An alias inside the name (`burger` of `a beef burger`) is only the kind of food.
            guard !missing.isEmpty || !nutrition.isEmpty,
                (candidate.name != nil && covered.count > missing.count && missing.allSatisfy(isDescribingWord))
                    || isKind(of: candidate, named: name, filledWith: missing, in: words, head: head)
            else { continue }
            // `a diet yogurt`: a lighter row of the food before the first one found. A row that
            // leaves out fewer words comes before one found first (`a bean burger` is a
            // `Veggie burger` before the `Hamburger` of `burger`).
            if nearest == nil || isLighter(candidate, for: nutrition)
                || (nutrition.isEmpty && missing.count < nearest.map(\.missing.count) ?? 0)
            {
                nearest = (candidate, missing, nutrition)
            }
            if isLighter(candidate, for: nutrition) { break }
        }
        guard let nearest, let food = table.food(number: nearest.candidate.number) else { return nil }
        var match = TableMatch(
            food: food, naturalPortion: nearest.candidate.portion ?? defaultPortion(food, key), kind: .name,
            alternatives: [], correctedPhrase: nil)
        match.nearest = true
        match.unnamedWords = words.filter { nearest.missing.contains($0) || nearest.nutrition.contains($0) }
        return match
    }

    /// True when the candidate's row names the kind of food the name's head noun (`head`) says, and the
    /// words it leaves out only say what the food is filled or flavoured with (`a blueberry
    /// scone` as `Scone`, `2 lamb samosas` as `Samosa`, `an almond croissant` as `Croissant`):
    /// they are words the table knows (a typo is corrected instead), each a food that fills or
    /// flavours a dish (``isFilling(_:)``) or a word that only describes it
    /// (``isDescribingWord(_:)``: `a scotch egg` is no `Egg`, `scotch` being a food of its own),
    /// they come before the head noun, and they are at most two. The row names no meat or fish
    /// of its own (`a venison curry` is no `Chicken curry`), no other filling before the kind (`a
    /// cherry pie` is no `Apple pie`), and is no meatless food for a name with a meat (`a venison
    /// burger` is no `Veggie burger`), nor a food of meat for a name without one (`a bean burger`).
    func isKind(
        of candidate: Candidate, named name: String, filledWith missing: Set<String>, in words: [String],
        head: String
    ) -> Bool {
        guard !missing.isEmpty, missing.count <= 2,
            !missing.contains(where: { $0.contains(where: \.isNumber) || FoodMatcher.withoutWords.contains($0) }),
            missing.allSatisfy({ isKnownWord($0) && (FoodMatcher.isFilling($0) || isDescribingWord($0)) })
        else { return false }
        // `chilli flakes`: of a food made of what the words before it say, only how it was made
        // may go unsaid (`ground cumin`, `smoked paprika`, `kettle chips`).
        if FoodMatcher.isMadeOfItsFilling(head), !missing.isSubset(of: FoodMatcher.madeHowWords) { return false }
        guard let headIndex = words.lastIndex(of: head), !missing.contains(head),
            missing.allSatisfy({ words.firstIndex(of: $0).map { $0 < headIndex } ?? false })
        else { return false }
        let kinds = ([head] + DishWords.tableWords(for: head, inNameOf: words.count)).map {
            $0.split(separator: " ").map(String.init)
        }
        // The segment of the row's name that names the kind (`Scone`, `Spices, paprika`,
        // `Cookies, brownies`): the words before the kind in it are the row's own filling.
        let segments = name.split(separator: ",").map { TextNormalizer.foldedWords(String($0)) }
        var found: (kind: [String], filling: [String])?
        for segment in segments {
            // A kind word may be the stem of the row's (`burger` of `Hamburger`).
            let covered = FoodMatcher.withStems(segment)
            guard let kind = kinds.first(where: { Set($0).isSubset(of: covered) }), let last = kind.last,
                let index = segment.firstIndex(where: { $0 == last || FoodMatcher.withStems([$0]).contains(last) })
            else { continue }
            found = (kind + [segment[index]], Array(segment[..<index]))
            break
        }
        // A row that names the kind only by a common name (`burger` of `Hamburger, NFS`) is
        // that kind, as its first segment says it, with no filling of its own.
        if found == nil, !candidate.uncovered.contains(head), let first = segments.first {
            found = (first, [])
        }
        guard let found else { return false }
        let said = Set(words)
        let rowWords = FoodMatcher.rowWords(name)
        let others = rowWords.subtracting(said).subtracting(FoodMatcher.modifierWords).subtracting(found.kind)
        if others.contains(where: FoodMatcher.isMeatOrFish) { return false }
        if found.filling.contains(where: { !said.contains($0) && FoodMatcher.isFilling($0) }) { return false }
        let saysMeat = missing.contains(where: FoodMatcher.isMeatOrFish)
        // `a bean burger` is no `Hamburger`: a kind made of meat needs a meat said for it.
        if !saysMeat, FoodMatcher.isMeatOrFish(head) || found.kind.contains(where: FoodMatcher.isMeatOrFish) {
            return false
        }
        return !saysMeat || rowWords.isDisjoint(with: FoodMatcher.meatlessWords)
    }

    /// The words of the brand or chain an FNDDS row is of, which it says last in parentheses,
    /// less those the rest of its name says (`burger king` of `Cheeseburger (Burger King)`,
    /// `snickers marathon protein` of `Nutrition bar (Snickers Marathon Protein Bar)`); nil for a
    /// row without one (`Milk, reduced fat (2%)` says no brand).
    static func servedBy(_ name: String) -> Set<String>? {
        guard name.last == ")", let open = name.lastIndex(of: "("),
            name[name.index(after: open)].isUppercase
        else { return nil }
        return Set(TextNormalizer.foldedWords(String(name[open...]))).subtracting(rowWords(String(name[..<open])))
    }

    /// True for a head noun that names what a food is made into rather than a dish it fills
    /// (`flakes` of `chilli flakes`, `oil`, `juice`, `milk`): the word before it is the food
    /// itself, so no other food's row is near (`chilli flakes` are no `Celery flakes`), though a
    /// word saying how it was made may be left out (`ground cumin` is `Spices, cumin seed`).
    static func isMadeOfItsFilling(_ head: String) -> Bool {
        madeOfHeads.contains(TextNormalizer.singular(head))
            || madeOfKinds.contains(FoodKind.of(name: head, group: ""))
    }

    /// Head nouns of foods made of what the word before them says (``isMadeOfItsFilling(_:)``).
    static let madeOfHeads: Set<String> = [
        "flake", "powder", "oil", "juice", "paste", "puree", "extract", "flour", "milk", "butter", "jam", "jelly",
        "syrup", "vinegar", "cordial", "essence", "zest", "liqueur", "sauce", "seed",
    ]

    /// Words that say how a food made of another was made (``isMadeOfItsFilling(_:)``).
    static let madeHowWords: Set<String> = preparedWords.union(rawWords).union(nutritionWords).union([
        "ground", "kettle", "crushed", "flaked", "sodium", "fat", "free", "cold", "pressed", "virgin",
    ])

    /// Kinds of food named by what they are made of (`Oil, olive`, `Orange juice`).
    static let madeOfKinds: Set<FoodKind> = [.juice, .oil, .milk, .powder, .spirit]

    /// Kinds of food that fill or flavour a dish (`apple` of `Apple pie`, `cheese` of `Cheese
    /// sandwich`, and `vegetable` of `Vegetable curry`), as against the kind of dish itself
    /// (`sandwich` of `Sandwich wrap`).
    static let fillingKinds: Set<FoodKind> = [
        .fruit, .smallFruit, .driedFruit, .meat, .fish, .bacon, .egg, .cheese, .vegetable, .leafy, .beans, .nuts,
        .chocolate,
    ]

    /// True for a word that names a food filling or flavouring a dish (``fillingKinds``).
    static func isFilling(_ word: String) -> Bool {
        isMeatOrFish(word) || word == "vegetable" || fillingKinds.contains(FoodKind.of(name: word, group: ""))
    }

    /// Words of a row's name that say it is made without meat.
    static let meatlessWords: Set<String> = ["veggie", "vegetarian", "vegan", "meatless", "soyburger", "tofu", "soy"]

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
