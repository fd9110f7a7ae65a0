import FoodLogCore

/// A unit the food's portions name only with a size or as a fraction of the whole: `a slice of
/// garlic bread` (FNDDS has `small slice`, `medium slice`, `large slice`), `a slice of quiche`
/// (FNDDS's `piece (1/8 of 9" dia)`).
extension PortionResolver {
    /// The middle one of the portions that are a size word and the unit (`medium slice`), when
    /// the unit has no portion of its own: a medium or regular one, else the size nearest a
    /// medium. Nil when no portion pairs a size with one of `words`.
    static func middleSize(of words: [String], _ food: FoodPortions) -> FoodPortion? {
        let units = Set(words.map { TextNormalizer.singular(TextNormalizer.key($0)) })
        var sized: [(portion: FoodPortion, distance: Double)] = []
        for portion in expanded(food.portions) {
            let key = plainKey(portion.unit).split(separator: " ").map(String.init)
            guard key.count == 2, units.contains(TextNormalizer.singular(key[1])),
                let scale = MeasureUnit.named(key[0])?.size, scale.millilitres == nil
            else { continue }
            sized.append((portion, abs(scale.relative - 1)))
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
        let kind = food.kind
        guard unit.canonical == "slice",
            [.meat, .fish].contains(kind) || !HouseholdMeasures.hasOwnDefault("slice", kind: kind)
        else { return nil }
        return food.portions.first { portion in
            let description = portion.unit.lowercased()
            return description.hasPrefix("piece (1/") && description.contains(" of ")
        }
    }
}
