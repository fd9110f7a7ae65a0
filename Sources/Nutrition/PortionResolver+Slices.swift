import FoodLogCore

/// A unit the food's portions name only with a size or as a fraction of the whole: `a slice of
/// garlic bread` (FNDDS has `small slice`, `medium slice`, `large slice`), `a slice of quiche`
/// (FNDDS's `piece (1/8 of 9" dia)`).
extension PortionResolver {
    /// The middle one of the portions that are size words and the unit (`medium slice`, FNDDS's
    /// `small or medium single serving bag`), when the unit has no portion of its own: a medium
    /// or regular one, else the size nearest a medium. Nil when no portion pairs a size with one
    /// of `words`.
    static func middleSize(of words: [String], _ food: FoodPortions) -> FoodPortion? {
        let units = Set(words.map { TextNormalizer.singular(TextNormalizer.key($0)) })
        var sized: [(portion: FoodPortion, distance: Double)] = []
        for portion in expanded(food.portions) {
            let key = plainKey(portion.unit).split(separator: " ").map(String.init)
            guard key.count >= 2, let last = key.last, units.contains(TextNormalizer.singular(last)) else { continue }
            var distances: [Double] = []
            for word in key.dropLast() where !sizedUnitFillers.contains(word) {
                guard let scale = MeasureUnit.named(word)?.size, scale.millilitres == nil else {
                    distances = []
                    break
                }
                distances.append(abs(scale.relative - 1))
            }
            // A longer portion is the unsized one only when it spans sizes (`small or medium`):
            // `large single serving bag` is one size of several.
            guard let distance = distances.min(), key.count == 2 || distances.count >= 2 else { continue }
            sized.append((portion, distance))
        }
        return sized.enumerated().min { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }?
            .element.portion
    }

    /// `a slice of lasagna` or `of quiche` when the food has no slice portion: its piece that is
    /// a fraction of the whole dish (`piece (1/6 of 8" square)`), which is what a slice is. A
    /// kind with a slice of its own in the household table keeps it (a slice of cake ≈ 80 g
    /// beside SR26's eighth of a bakery cake), except meat and fish, whose slice is of a cold
    /// cut, not of a dish made with them (a quiche with ham).
    static func sliceAsPiece(_ unit: UnitRequest, _ food: FoodPortions) -> FoodPortion? {
        guard unit.canonical == "slice" else { return nil }
        return food.portions.first { portion in
            portion.unit.lowercased().hasPrefix("piece (") && isFractionOfWhole(portion)
                && (!keepsOwnSlice(food.kind) || isOfMeasuredWhole(portion))
        }
    }

    /// `a slice of tiramisu`: a slice of a food with no slice portion, no fraction of a whole and
    /// no slice for its kind is its piece (`piece`, 175 g), else its unspecified serving, assumed;
    /// nil when it has neither.
    static func sliceAsServing(_ unit: UnitRequest, _ food: FoodPortions) -> GramAmount? {
        guard unit.canonical == "slice" else { return nil }
        let piece = food.portions.first { plainKey($0.unit).split(separator: " ") == ["piece"] }
        guard
            let serving = piece
                ?? food.portions.first(where: { plainKey($0.unit).hasPrefix(FoodMatcher.defaultServing) })
        else { return nil }
        let written =
            unit.written + " ≈ one " + (piece == nil ? "serving" : "piece") + ", "
            + formatAmount(serving.gramsPerUnit) + " g"
        return GramAmount(
            gramsPerQuantity: serving.gramsPerUnit, basisSuffix: " × " + written + ", assumed", assumption: written)
    }

    /// True for a fraction of a whole of a stated size (`piece (1/8 of 9" dia)`: a standard
    /// pie's slice), not of a whole of any size (`piece (1/12 of a cake)`).
    static func isOfMeasuredWhole(_ portion: FoodPortion) -> Bool {
        portion.unit.contains("\"") || portion.unit.lowercased().contains("inch")
    }

    /// True for a kind whose slice is the household table's (a slice of cake ≈ 80 g), not a
    /// fraction of the food's whole: every kind with a slice default but meat and fish.
    static func keepsOwnSlice(_ kind: FoodKind) -> Bool {
        ![.meat, .fish].contains(kind) && HouseholdMeasures.hasOwnDefault("slice", kind: kind)
    }

    /// True for a portion that is a fraction of a whole dish or fruit: `piece (1/8 of 9" dia)`,
    /// `piece (1/12 of a cake)`, `wedge (approx 1/16 of melon)`.
    static func isFractionOfWhole(_ portion: FoodPortion) -> Bool {
        let words = portion.unit.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "/") }
        return zip(words, words.dropFirst()).contains { word, next in
            next == "of" && word.split(separator: "/").count == 2 && word.allSatisfy { $0.isNumber || $0 == "/" }
        }
    }

    /// `a piece of cake` where the cake's piece is a fraction of a whole of any size (SR26's
    /// `piece (1/12 of a cake)`, 144 g of a bakery layer cake): for a kind that keeps its own
    /// slice, a piece is that same household piece (≈ 80 g), assumed, as `a slice of cake` is;
    /// so is FNDDS's restaurant `piece/slice, any size` (``isAnySizePiece(_:)``, 200 g of carrot
    /// cake). A fraction of a whole of a stated size is the slice it says (`a piece of apple pie`: the
    /// eighth of a 9" pie).
    static func pieceAsSlice(_ unit: UnitRequest, instead portion: FoodPortion, _ food: FoodPortions) -> GramAmount? {
        guard unit.canonical == "piece",
            (isFractionOfWhole(portion) && !isOfMeasuredWhole(portion)) || isAnySizePiece(portion),
            keepsOwnSlice(food.kind)
        else { return nil }
        return defaultAmount(unit.canonical, written: unit.written, food)
    }

    /// `a mince pie`, `2 cheesecakes`: a count whose natural portion is a fraction of a whole
    /// (`piece (1/8 of 9" dia)`, 165 g of a family pie) does not count whole items by it; for a
    /// kind that keeps its own slice it is one household piece of the kind (a cake or pie ≈ 80
    /// g), assumed. Nil otherwise (a quiche keeps its eighth).
    static func countedFraction(_ portion: FoodPortion, _ food: FoodPortions) -> GramAmount? {
        guard isFractionOfWhole(portion), keepsOwnSlice(food.kind) else { return nil }
        return defaultAmount("piece", written: "piece", food)
    }
}

extension PortionResolver {
    /// Of two or more portions that are one measure in different sizes (`slice, large (1/4"
    /// thick)`, `slice, medium`, `slice, thin` of an onion; three pineapple `slice`s of 166, 84
    /// and 56 g), the medium or regular one, else the middle one by weight: `a slice` with no
    /// size is a middling slice, not whichever size the table lists first. Nil for fewer than
    /// two such portions.
    static func middleOfSizes(_ candidates: [(portion: FoodPortion, plain: String)], wanted: String) -> FoodPortion? {
        let plurals: Set<String> = [wanted, wanted + "s", wanted + "es"]
        let sizes = candidates.filter { candidate in
            let rest = candidate.plain.split(separator: " ").map(String.init).filter { !sizeWords.contains($0) }
            return rest.count == 1 && plurals.contains(rest[0])
        }
        guard sizes.count >= 2 else { return nil }
        if let medium = sizes.first(where: {
            !Set($0.plain.split(separator: " ").map(String.init)).isDisjoint(with: middleSizeWords)
        }) {
            return medium.portion
        }
        let byWeight = sizes.map(\.portion).sorted { $0.gramsPerUnit < $1.gramsPerUnit }
        return byWeight[(byWeight.count - 1) / 2]
    }

    /// Words that say only how big a portion of a measure is (`slice, thick/large`).
    static let sizeWords: Set<String> = [
        "small", "medium", "large", "thin", "thick", "extra", "x", "very", "big", "mini", "regular", "jumbo",
    ]

    /// Size words for the middle size of a measure.
    static let middleSizeWords: Set<String> = ["medium", "regular"]

    /// Words between the sizes and the unit of a sized portion that say no more than that it is
    /// one serving (`small or medium single serving bag`).
    static let sizedUnitFillers: Set<String> = ["or", "single", "serving", "individual"]
}

extension PortionResolver {
    /// `a large pizza`, `half a small loaf`: a size on a food named by a whole sold by size
    /// (``wholeSizedNouns``) sizes the whole, not its slice, when the food has a portion of that
    /// whole (SR26's 14" chain pizza, 853 g, taken as the medium one). Nil otherwise: `a small
    /// pie` is an individual pie, not a small family one.
    static func namedWhole(_ food: FoodPortions) -> FoodPortion? {
        guard let noun = food.headNoun, wholeSizedNouns.contains(noun) else { return nil }
        return food.portions.first { plainKey($0.unit) == noun }
    }

    /// Nouns for a whole of many servings whose size is the size of the whole.
    static let wholeSizedNouns: Set<String> = ["pizza", "loaf"]
}

extension PortionResolver {
    /// The food's portion named by an item's head noun (`3 cookies` → `cookie`, `slice, large`
    /// for `slice`), leaving out portions where that noun only qualifies another one: FNDDS's
    /// `1/2 chicken breast with sauce` of sesame chicken is a breast, not one `chicken` of the
    /// dish, so `sesame chicken` is the dish's unspecified serving.
    public static func portion(namedByHead head: String, _ portions: [FoodPortion]) -> FoodPortion? {
        matchPortion(head, portions.filter { !qualifiesAnotherNoun(head, $0) })
    }

    /// True when the portion's description starts with `head` followed by another noun
    /// (`chicken breast with sauce`), not by a size, a comma or an alternative (`potato large`,
    /// `slice, thin`, `cookie or biscuit`).
    static func qualifiesAnotherNoun(_ head: String, _ portion: FoodPortion) -> Bool {
        let words = plainKey(portion.unit).split(separator: " ").map(String.init)
        guard words.count >= 2, TextNormalizer.singular(words[0]) == TextNormalizer.singular(head),
            !portion.unit.lowercased().hasPrefix(words[0] + ",")
        else { return false }
        let next = words[1]
        return !sizeWords.contains(next) && next != "or" && next.first?.isLetter == true
    }
}
