import FoodLogCore

/// What a snack, a sweet or a baked good weighs when the words and the table's portions name
/// the same thing differently: a piece of pie is its slice, a cube of cheese its cubic inch, a
/// fun-size bag of a candy its `fun/snack size`, and a bare count never a smaller product
/// (`donettes`) the table lists first.
extension PortionResolver {
    /// Portion names that mean the same measure as `unit` for a food of `kind`, tried after the
    /// unit's own: a piece of pie or cake is its slice (SR26's pecan pie has only `slice`), a cube
    /// of cheese or meat its `cubic inch`, a square of a dish from a tray its piece.
    static func sameMeasures(of unit: String, kind: FoodKind) -> [String] {
        switch unit {
        case "piece" where kind == .cake: return ["slice"]
        case "cube": return ["cubic inch"]
        // A square of lasagna or cornbread is a piece cut from the tray; of chocolate, a square.
        case "square" where ![.chocolate, .sweets].contains(kind): return ["piece"]
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

    /// `a snickerdoodle`: of an FNDDS food whose unspecified serving is two or more pieces
    /// (a cookie's 60 g), a count is the portion that is the medium size alone (`medium`, 30
    /// g), as a bare count means. Not a drink's `medium (16 fl oz)` cup, nor any sized portion
    /// that says what it holds (a coffee counts by its unspecified serving), nor one as heavy as
    /// that serving (a McFlurry's 400 g medium beside its 215 g serving). Nil otherwise.
    static func mediumOfBareSizes(_ food: FoodPortions) -> FoodPortion? {
        guard !food.kind.isDrink,
            let serving = food.portions.first(where: { $0.unit.hasPrefix(FoodMatcher.defaultServing) })
        else { return nil }
        return food.portions.first { portion in
            guard !portion.unit.contains("("), portion.gramsPerUnit < serving.gramsPerUnit else { return false }
            let words = plainKey(portion.unit).split(separator: " ").map(String.init)
            return !words.isEmpty && words.allSatisfy(middleSizeWords.contains)
        }
    }

    /// `a packet of skittles` with no size said: a container portion naming a smaller product
    /// (SR26's `package fun size`, 20 g, beside its 62 g pack) is not the packet; the other
    /// portions, so the food's plain one or the kind's packet is. Other units keep them all.
    static func unsizedContainers(_ unit: UnitRequest, _ portions: [FoodPortion]) -> [FoodPortion] {
        guard HouseholdMeasures.containers.contains(unit.canonical) else { return portions }
        return portions.filter { !isSmallerProduct($0) }
    }

    /// The size nearest `scale` (by ratio) the food has a portion of, besides `size` itself, with
    /// the factor from it: `an extra large cookie` scales the large cookie (× 1.6/1.3), not the
    /// small one listed first. Nil when none is within ``maximumSizeScaling``.
    static func nearestSize(to scale: MeasureUnit.SizeScale, besides size: String, _ food: FoodPortions) -> (
        size: MeasureUnit, portion: FoodPortion, factor: Double
    )? {
        var best: (size: MeasureUnit, portion: FoodPortion, factor: Double)?
        let wanted = relative(scale, size: size, food)
        for other in MeasureUnit.all where other.size != nil && other.name != size {
            guard let otherScale = other.size, otherScale.millilitres == nil,
                let portion = portions(sized: otherScale, size: other.name, food).first
            else { continue }
            let factor = wanted / relative(otherScale, size: other.name, food)
            // A bite-size bar says little of a large one: scale only between near sizes.
            guard factor <= maximumSizeScaling, factor >= 1 / maximumSizeScaling else { continue }
            if best.map({ max(factor, 1 / factor) < max($0.factor, 1 / $0.factor) }) ?? true {
                best = (other, portion, factor)
            }
        }
        return best
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

extension PortionResolver {
    /// How a size scales the usual one of a food: the size's own relative weight
    /// (``MeasureUnit/SizeScale``), except on a chocolate or sweet sold by the bar
    /// (``isSoldByTheBar(_:)``), whose mini and large bars are sized as bars are (``barSizes``).
    static func relative(_ scale: MeasureUnit.SizeScale, size: String, _ food: FoodPortions) -> Double {
        guard let bar = barSizes[size], isSoldByTheBar(food) else { return scale.relative }
        return bar
    }

    /// True for a sweet or chocolate (by kind or table group) with a portion that is a bar or
    /// bars (`bar (1.55 oz)`, `package (2.06 oz, 2 bars)`) or FNDDS's candy `pouch/regular size`:
    /// not a marshmallow or a sweet counted by the piece.
    static func isSoldByTheBar(_ food: FoodPortions) -> Bool {
        guard isSweet(food) else { return false }
        return food.portions.contains { portion in
            let words = TextNormalizer.key(portion.unit).split(separator: " ")
            return words.contains("bar") || words.contains("bars") || portion.unit.lowercased().contains("pouch")
        }
    }

    /// True for a sweet or chocolate by kind or by the table's group (SR26's `Sweets`, FNDDS's
    /// `Candy containing chocolate`): `Chocolate candy, cream filled` reads as cream by its name.
    static func isSweet(_ food: FoodPortions) -> Bool {
        let group = food.group.lowercased()
        return [.chocolate, .sweets].contains(food.kind) || group.contains("sweets") || group.contains("candy")
    }

    /// A bar's size relative to the regular bar, where it is not the size's everyday scale: a
    /// miniature is about a fifth (FNDDS 2021-2023 chocolate candy: `miniature/bite size` 10 g
    /// beside a 45 g `pouch/regular size`; SR26's Kit Kat 10 g of 42 g, milk chocolate 7 of 44
    /// g), and a large bar is the king size, about twice (FNDDS `large/king size` 90 g).
    static let barSizes: [String: Double] = ["mini": 0.2, "large": 2]
}
