import FoodLogCore

/// What a snack, a sweet or a baked good weighs when the words and the table's portions name
/// the same thing differently: a piece of pie is its slice, a cube of cheese its cubic inch, a
/// fun-size bag of a candy its `fun/snack size`, and a bare count never a smaller product
/// (`donettes`) the table lists first.
extension PortionResolver {
    /// Portion names that mean the same measure as `unit` for a food of `kind`, tried after the
    /// unit's own: a piece of pie or cake is its slice (SR26's pecan pie has only `slice`), a cube
    /// of cheese or meat its `cubic inch`.
    static func sameMeasures(of unit: String, kind: FoodKind) -> [String] {
        switch unit {
        case "piece" where kind == .cake: return ["slice"]
        case "cube": return ["cubic inch"]
        default: return []
        }
    }

    /// True for FNDDS's restaurant piece of a cake, `piece/slice, any size` (115–200 g): a piece
    /// of cake is the household slice instead, as `a slice of cake` is. A pie's `slice, any size`
    /// is the standard eighth of a 9" pie and stays.
    static func isAnySizePiece(_ portion: FoodPortion) -> Bool {
        let key = plainKey(portion.unit)
        return key.hasPrefix("piece") && key.contains("any size")
    }

    /// Words of a count portion that name a smaller product than the food itself (`donettes`
    /// of a doughnut, `bite size`, `fun size` bars, `mini` muffins, doughnut `hole`s): a bare
    /// count means the food's usual piece, so these come after the others.
    static let smallerProductWords: Set<String> = [
        "donettes", "donette", "mini", "miniature", "bite", "fun", "snack", "hole", "holes", "kids",
    ]

    /// True for a count portion naming a smaller product (``smallerProductWords``).
    static func isSmallerProduct(_ portion: FoodPortion) -> Bool {
        !Set(plainKey(portion.unit).split(separator: " ").map(String.init)).isDisjoint(with: smallerProductWords)
    }

    /// `a soft pretzel` whose first count portion is a size alone (`large`, then `medium`,
    /// `small`): the medium or regular one, as a bare count means. Nil when the first count is
    /// no bare size or there is no middle one.
    static func middleOfBareSizes(_ counts: [FoodPortion], first: FoodPortion) -> FoodPortion? {
        guard MeasureUnit.named(plainKey(first.unit))?.size != nil else { return nil }
        return counts.first { middleSizeWords.contains(plainKey($0.unit)) }
    }

    /// Kinds whose packet, bag or box is one bought to eat at once, sized as the product is: a
    /// sized portion that names no container is that container (FNDDS's candy `fun/snack size`,
    /// `sharing/movie theater size`).
    static let sizedSnackKinds: Set<FoodKind> = [.crisps, .popcorn, .sweets, .chocolate, .nuts, .driedFruit]

    /// `2 small tins`, `a fun size bag of peanut m&ms`: the food's portion naming the size and
    /// the unit or a table word for the same container (`package fun size`); for a snack
    /// bought by the bag, the portion naming the size alone (`fun/snack size`); nil otherwise.
    static func sizedContainer(_ unit: UnitRequest, _ scale: MeasureUnit.SizeScale, size: String, _ food: FoodPortions)
        -> FoodPortion?
    {
        let unitKey = TextNormalizer.key(unit.canonical)
        let containerWords = Set(
            [unitKey, TextNormalizer.singular(unitKey)]
                + HouseholdMeasures.portionSynonyms(of: unit.canonical, kind: food.kind).map(TextNormalizer.key))
        let sized = portions(sized: scale, size: size, food)
        if let portion = sized.first(where: { candidate in
            let words = TextNormalizer.key(candidate.unit).split(separator: " ").map(String.init)
            return !containerWords.isDisjoint(with: words)
        }) {
            return portion
        }
        guard HouseholdMeasures.containers.contains(unit.canonical), sizedSnackKinds.contains(food.kind) else {
            return nil
        }
        return sized.first { !isMeasure($0) }
    }

    /// FNDDS's single-serving bags of chips, pretzels and popcorn (`small single serving bag` 28
    /// g, `medium` 57 g, `large` 85 g; popcorn's `snack/mini microwave bag` 43 g), for a sized
    /// bag of a food whose own portions have none: assumed.
    static func snackBag(_ unit: UnitRequest, size: String, _ food: FoodPortions) -> GramAmount? {
        guard ["bag", "packet", "pack"].contains(unit.canonical),
            let grams = snackBagGrams[food.kind]?[size]
        else { return nil }
        let written = size + " " + unit.written
        return GramAmount(
            gramsPerQuantity: grams, basisSuffix: " × " + written + " ≈ " + formatAmount(grams) + " g, assumed",
            assumption: written + " ≈ " + formatAmount(grams) + " g")
    }

    /// Grams of a sized single-serving bag by kind and size word (FNDDS 2021-2023 portions of
    /// `Potato chips, NFS`, `Pretzels, NFS`, `Popcorn, NFS`).
    static let snackBagGrams: [FoodKind: [String: Double]] = [
        .crisps: ["small": 28, "medium": 57, "large": 85],
        .popcorn: ["mini": 43, "small": 28, "medium": 57, "large": 85],
    ]
}
