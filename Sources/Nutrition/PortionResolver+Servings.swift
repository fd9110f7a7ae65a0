import FoodLogCore

/// What an item with no unit weighs: a count (`2 salmon fillets`, `1 aubergine`) is that many
/// natural pieces, no amount at all (`pasta`, `broccoli`) one typical serving.
extension PortionResolver {
    /// One of what a count with no unit counts, or one serving when there is no count at all.
    ///
    /// - a count of an FNDDS food whose default is USDA's unspecified serving means whole items:
    ///   a portion naming the head noun after a qualifier and lighter than that serving (`4 roast
    ///   potatoes` → `baby potato`), else a whole-item portion (`full circle`);
    /// - otherwise the food's natural unit; for a count, never a volume measure (`1 aubergine`
    ///   is the whole eggplant, not the alias's `cup` for `aubergine` alone);
    /// - a piece heavier than the kind's largest single piece (a restaurant `order`, a whole
    ///   side of salmon) is one serving of the kind instead;
    /// - with no count, a plural is a few (``few(_:_:serving:)``: `eggs` are two);
    /// - with no count, a cup-sized measure or a crumb of a piece (one berry, a `half` dried
    ///   apricot) is one serving of the kind (`pasta` ≈ 210 g, not its 140 g cup);
    /// - a count of a food weighed by the half (`3 dried apricots`) counts whole ones;
    /// - a count of a food with no piece portion counts the kind's pieces (`15 crisps`).
    ///
    /// Everything but the food's own portion is marked assumed. `piece` is the food's own portion
    /// when that is what was used.
    static func bare(_ food: FoodPortions, counted: Bool) -> (amount: GramAmount, piece: FoodPortion?)? {
        let kind = food.kind
        if counted, let sweet = sweetPiece(food) { return sweet }
        if counted, let cup = snackCup(food) { return cup }
        var piece: FoodPortion?
        if counted, food.natural == FoodMatcher.defaultServing {
            piece =
                namedByHeadNoun(food) ?? namedByQualifier(food) ?? wholeItem(food.portions)
                ?? mediumOfBareSizes(food)
        } else if counted {
            piece = qualifiedHead(food)
        }
        if piece == nil { piece = soldWeight(food) }
        if piece == nil {
            piece = naturalUnit(food.portions, preferred: food.natural, headNoun: food.headNoun)
        }
        // A drink counts by its cup (`a coffee`); a food never does, nor by a cubic inch (`1
        // smoked haddock` is no 17 g cube of it).
        if !kind.isDrink, let found = piece, counted && isMeasure(found) || isCubicInch(found) {
            piece = wholeFood(food) ?? naturalUnit(food.portions, preferred: nil, headNoun: food.headNoun)
            if let found = piece, isMeasure(found) || isCubicInch(found) { piece = nil }
        }
        // `2 sausages`: a piece much lighter than the head noun's usual one is a smaller form
        // of the food (SR26's `link` is a breakfast link), and no piece at all (a turkey
        // sausage weighed by the cup) none: the noun's usual weight, assumed.
        var assumedPiece = false
        if let usual = usualPiece(food), piece.map({ $0.gramsPerUnit < usual.grams * 0.6 || isPoundsYield($0) }) ?? true
        {
            piece = usual
            assumedPiece = true
        }
        let serving = HouseholdMeasures.serving(of: kind)
        if let found = piece, let largest = HouseholdMeasures.largestPiece(of: kind), found.gramsPerUnit > largest,
            let serving = defaultAmount("serving", written: "serving", food)
        {
            return (serving, nil)
        }
        if counted, let found = piece, let one = countedFraction(found, food) { return (one, nil) }
        // Not a plural of cut pieces (`lemon wedges`, `broccoli florets`) nor one the food's own
        // serving already weighs (`chips`: `serving medium`): the rules below.
        if !counted, food.pluralNoun, food.natural != FoodMatcher.defaultServing, let found = piece,
            !isMeasure(found), !FoodMatcher.cutWords.contains(food.headNoun ?? ""),
            !plainKey(found.unit).hasPrefix(FoodMatcher.defaultServing),
            let few = few(found, food, serving: serving)
        {
            return few
        }
        // The crumb rule spares a spoon the alias chose (`ketchup` → tbsp) and a piece the
        // item named by a unit noun (`lemon wedges`), not the food's own count (`red grapes`).
        let named = food.headNoun.flatMap { head in
            HouseholdMeasures.table[head] == nil ? nil : matchPortion(head, food.portions)
        }
        if !counted, food.natural != FoodMatcher.defaultServing, let grams = serving,
            piece.map({ isCupSized($0) || (!isMeasure($0) && $0 != named && $0.gramsPerUnit < grams / 8) }) ?? true,
            let serving = defaultAmount("serving", written: "serving", food)
        {
            return (serving, nil)
        }
        // A count of a food the table weighs by the half (`3 dried apricots`) is whole ones.
        if counted, let half = piece, plainKey(half.unit) == "half" {
            let grams = 2 * half.gramsPerUnit
            return (
                GramAmount(gramsPerQuantity: grams, basisSuffix: " × whole (2 halves, " + formatAmount(grams) + " g)"),
                half
            )
        }
        if let piece, assumedPiece {
            let written = piece.unit + " ≈ " + formatAmount(piece.grams) + " g"
            return (
                GramAmount(
                    gramsPerQuantity: piece.grams, basisSuffix: " × " + written + ", assumed", assumption: written),
                piece
            )
        }
        if let piece { return (rule(piece), piece) }
        if counted, let grams = HouseholdMeasures.pieceWeight(of: kind) {
            return (
                GramAmount(
                    gramsPerQuantity: grams, basisSuffix: " × piece ≈ " + formatAmount(grams) + " g, assumed",
                    assumption: "piece ≈ " + formatAmount(grams) + " g"), nil
            )
        }
        return defaultAmount("serving", written: "serving", food).map { ($0, nil) }
    }

    /// The weight of one item as sold, where a fast-food or restaurant row's only portion
    /// states it in ounces other than the reference ounce (SR26's `McDONALD'S, Hash Brown`:
    /// `2 oz`, 56 g; a baked apple pie, `2.7 oz`); nil for any other row (SR26's `3 oz` of a
    /// meat or `2 oz` of dry pasta is a reference amount, not one item).
    static func soldWeight(_ food: FoodPortions) -> FoodPortion? {
        guard food.group == "Fast Foods" || food.group == "Restaurant Foods", food.portions.count == 1,
            let only = food.portions.first, plainKey(only.unit) == "oz", only.amount > 0,
            only.amount != 1
        else { return nil }
        return FoodPortion(
            sequence: only.sequence, amount: 1, unit: formatAmount(only.amount) + " oz", grams: only.grams)
    }

    /// What a plural with no count weighs (`eggs`, `sausages with mash`): two pieces, assumed;
    /// one serving of the kind when a piece is a crumb of one (under ``smallPiece`` grams:
    /// `grapes`, `strawberries`, `crackers`) or when two would be more than a serving and a half
    /// (`potatoes`, `bananas`).
    static func few(_ piece: FoodPortion, _ food: FoodPortions, serving: Double?) -> (
        amount: GramAmount, piece: FoodPortion?
    )? {
        let two = 2 * piece.gramsPerUnit
        if piece.gramsPerUnit < smallPiece || serving.map({ two > 1.5 * $0 }) == true {
            return defaultAmount("serving", written: "serving", food).map { ($0, nil) }
        }
        let written = "2" + rule(piece).basisSuffix
        return (
            GramAmount(gramsPerQuantity: two, basisSuffix: " × " + written + ", assumed", assumption: written), piece
        )
    }

    /// One of the head noun at its usual weight (``usualPieces``), unless the item's words name
    /// a smaller form (`2 breakfast sausages`, `cocktail sausages`); nil for other nouns.
    static func usualPiece(_ food: FoodPortions) -> FoodPortion? {
        guard let noun = food.headNoun, let usual = usualPieces[noun], food.hints.isDisjoint(with: usual.smallForms)
        else { return nil }
        return FoodPortion(sequence: 0, amount: 1, unit: noun, grams: usual.grams)
    }

    /// What one of a counted noun usually weighs where the table's only count is a smaller
    /// form, and the words that name that smaller form. A sausage in a British (or American
    /// dinner) sense is a banger of about 45 g cooked (a 57 g raw sausage, 8 to a 454 g pack);
    /// SR26's pork sausage `link` is a 23 g breakfast link.
    /// A pork rib is FNDDS's `1 rib (yield after cooking, bone removed)`, 35 g. Where the
    /// table has no count at all: a medium parsnip is about 130 g (SR26's 9" one 160 g), a
    /// shallot about 30 g (a banana shallot twice that), not the kind's 80 g serving.
    static let usualPieces: [String: (grams: Double, smallForms: Set<String>)] = [
        "sausage": (45, ["breakfast", "cocktail", "mini", "link", "chipolata", "patty"]),
        "banger": (45, []),
        "rib": (35, []),
        "parsnip": (130, []),
        "shallot": (30, ["banana"]),
    ]

    /// True for SR26's cooked yield of a pound of raw meat written as a `piece` or `unit`
    /// (`piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)`, 177 g of
    /// spareribs): a weight of meat, not one of the pieces a count names.
    static func isPoundsYield(_ portion: FoodPortion) -> Bool {
        let lowered = portion.unit.lowercased()
        return (lowered.hasPrefix("piece") || lowered.hasPrefix("unit")) && lowered.contains("yield from 1 lb")
    }

    /// Grams under which a piece is eaten by the handful, not counted (a berry, a grape, a nut).
    static let smallPiece = 15.0

    /// True for a portion that is a volume measure (`cup, chopped`, `tbsp`).
    static func isMeasure(_ portion: FoodPortion) -> Bool {
        MeasureUnit.millilitres(ofPortion: portion.unit) != nil
    }

    /// True for SR26's `cubic inch` portions, a measure of a cut, never one item.
    static func isCubicInch(_ portion: FoodPortion) -> Bool { plainKey(portion.unit).hasPrefix("cubic inch") }

    /// True for a volume measure of a quarter cup or more: a cup of pasta is a measure, not a
    /// serving, while a spoon of ketchup or jam is the serving the alias means.
    static func isCupSized(_ portion: FoodPortion) -> Bool {
        (MeasureUnit.millilitres(ofPortion: portion.unit) ?? 0) >= 59
    }

    /// A portion whose description has the head noun as a word after a qualifier (`baby
    /// potato` for `4 roast potatoes`) and that is lighter than USDA's unspecified serving (so
    /// that serving is several of them), preferring one that shares a word with the item (`new
    /// potato` for `new potatoes`). A portion that is the head noun alone is the matcher's
    /// choice already (``FoodMatcher``'s default portion).
    static func namedByHeadNoun(_ food: FoodPortions) -> FoodPortion? {
        guard let head = food.headNoun, !head.isEmpty,
            let serving = food.portions.first(where: { $0.unit.hasPrefix(FoodMatcher.defaultServing) })
        else { return nil }
        let naming = food.portions.filter { portion in
            let words = plainKey(portion.unit).split(separator: " ").map { TextNormalizer.singular(String($0)) }
            return words.dropFirst().contains(head) && portion.gramsPerUnit < serving.gramsPerUnit
        }
        return naming.first { portion in
            !Set(plainKey(portion.unit).split(separator: " ").map(String.init)).subtracting([head]).isDisjoint(
                with: food.hints)
        } ?? naming.first
    }

    /// A count portion lighter than USDA's unspecified serving whose description has a word
    /// of the item before its head noun (`3 cocktail sausages` → `cocktail or miniature link`,
    /// 10 g; `2 breakfast sausages` → `breakfast size link`), not a measure or a weight. Words
    /// are compared as written (`chip` of a chocolate chip cookie is not `Chips Ahoy!`).
    static func namedByQualifier(_ food: FoodPortions) -> FoodPortion? {
        guard let head = food.headNoun,
            let serving = food.portions.first(where: { $0.unit.hasPrefix(FoodMatcher.defaultServing) })
        else { return nil }
        let qualifiers = food.hints.subtracting([head]).filter { $0.count >= 4 }
        guard !qualifiers.isEmpty else { return nil }
        return food.portions.first { portion in
            let words = Set(portion.unit.lowercased().split { !$0.isLetter }.map(String.init))
            return !words.isDisjoint(with: qualifiers) && !isMeasure(portion)
                && portion.gramsPerUnit < serving.gramsPerUnit
                && !words.contains("oz") && !words.contains("cup")
        }
    }

    /// The food's portion for one whole food, named by the food's own first word (`eggplant,
    /// peeled` of `Eggplant, raw`) or by the head noun: not one where that word only qualifies
    /// another noun (`watermelon balls`), and of several sizes the medium one (`melon, medium`
    /// of a cantaloupe, not the `melon, large` listed first).
    static func wholeFood(_ food: FoodPortions) -> FoodPortion? {
        let first = TextNormalizer.foldedWords(food.name).first.map(TextNormalizer.singular)
        let names = Set([first, food.headNoun].compactMap { $0 })
        let wholes = food.portions.filter { portion in
            guard let word = TextNormalizer.foldedWords(portion.unit).first else { return false }
            let name = TextNormalizer.singular(word)
            return names.contains(name) && !qualifiesAnotherNoun(name, portion)
        }
        return wholes.first {
            !Set(plainKey($0.unit).split(separator: " ").map(String.init)).isDisjoint(
                with: middleSizeWords)
        } ?? wholes.first
    }
}

extension PortionResolver {
    /// `4 chocolate truffles`, `3 toffees`: a count of sweets named by the piece
    /// (``sweetPieceNouns``) of a sweet or chocolate with no portion of that noun counts the
    /// food's `piece` (FNDDS's cream-filled chocolate: 15 g), else the household piece (8 g,
    /// assumed), not its bar or unspecified serving (45 g). Nil for other items.
    static func sweetPiece(_ food: FoodPortions) -> (amount: GramAmount, piece: FoodPortion?)? {
        guard isSweet(food), let head = food.headNoun, sweetPieceNouns.contains(head),
            portion(namedByHead: head, food.portions) == nil
        else { return nil }
        if let own = matchPortion("piece", food.portions), !isMeasure(own) { return (rule(own), own) }
        let grams = HouseholdMeasures.amount(of: "piece", kind: .sweets) ?? .grams(8)
        return (assumed(grams, written: "piece", food), nil)
    }

    /// Head nouns that count single sweets, not bars or bags.
    static let sweetPieceNouns: Set<String> = [
        "truffle", "chocolate", "praline", "bonbon", "mint", "toffee", "caramel", "sweet", "candy", "fudge",
    ]

    /// `2 plum tomatoes`: of a food counted by its natural unit, the portion that is the head noun
    /// after a word of the item (`plum tomato` 62 g, not the medium tomato); nil when there is none.
    static func qualifiedHead(_ food: FoodPortions) -> FoodPortion? {
        guard let head = food.headNoun else { return nil }
        return food.portions.first { portion in
            let words = plainKey(portion.unit).split(separator: " ").map { TextNormalizer.singular(String($0)) }
            return words.count == 2 && words[1] == head && words[0] != head && food.hints.contains(words[0])
                && !isMeasure(portion)
        }
    }
}

extension PortionResolver {
    /// `a jello cup`, `2 pudding cups`: a counted food named with `cup` after it is a single-serve
    /// cup, not a cup measure: the food's snack-size or individual container, else
    /// ``HouseholdMeasures/snackCup`` grams, assumed. Nil for a drink (`a coffee cup` counts by its
    /// cup) or any other head noun.
    static func snackCup(_ food: FoodPortions) -> (amount: GramAmount, piece: FoodPortion?)? {
        // A sweet is never a drink, whatever its name says (`Gelatin desserts, ..., prepared with water`).
        guard food.headNoun == "cup", !food.kind.isDrink || isSweet(food) else { return nil }
        if let own = food.portions.first(where: { portion in
            let words = TextNormalizer.key(portion.unit).split(separator: " ")
            return words.contains("container") && !isMeasure(portion)
        }) {
            return (rule(own), own)
        }
        return (assumed(.grams(HouseholdMeasures.snackCup), written: "cup", food), nil)
    }
}
