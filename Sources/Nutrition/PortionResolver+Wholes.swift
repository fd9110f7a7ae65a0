import FoodLogCore

extension PortionResolver {
    /// Head nouns of a whole that is cut into servings: a count below one of it (`half a
    /// pizza`, `a quarter of a cheesecake`, `1/2 quiche`) is that part of the whole, not of one
    /// slice.
    static let cutIntoServingsNouns: Set<String> = wholeSizedNouns.union([
        "cake", "cheesecake", "gateau", "pie", "quiche", "tart", "flan",
    ])

    /// One whole of the food a count below one is a part of: its portion named by the head noun
    /// (`pizza`, 853 g), else N of its `piece (1/N of …)` portion (`piece (1/8 of 9" dia)` of a
    /// quiche); nil when the head noun names no such whole or the food has neither portion.
    static func wholeCutIntoServings(_ food: FoodPortions) -> GramAmount? {
        guard let noun = food.headNoun, cutIntoServingsNouns.contains(noun) else { return nil }
        if let whole = food.portions.first(where: { plainKey($0.unit).split(separator: " ").first == Substring(noun) })
        {
            return GramAmount(
                gramsPerQuantity: whole.gramsPerUnit,
                basisSuffix: " × " + whole.unit + " (" + formatAmount(whole.gramsPerUnit) + " g)")
        }
        for portion in food.portions {
            guard let parts = partsOfWhole(portion) else { continue }
            let grams = portion.gramsPerUnit * parts
            return GramAmount(
                gramsPerQuantity: grams,
                basisSuffix: " × whole (" + formatAmount(parts) + " × " + portion.unit + ", "
                    + formatAmount(grams) + " g)")
        }
        return nil
    }

    /// How many of a portion make its whole, for a portion that is one part of it (`piece (1/8
    /// of 9" dia)` → 8, `piece (1/12 of a cake)` → 12).
    static func partsOfWhole(_ portion: FoodPortion) -> Double? {
        let words = portion.unit.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "/") }
        for (word, next) in zip(words, words.dropFirst()) where next == "of" {
            let sides = word.split(separator: "/")
            guard sides.count == 2, sides[0] == "1", let parts = Double(sides[1]), parts >= 2 else { continue }
            return parts
        }
        return nil
    }
}
