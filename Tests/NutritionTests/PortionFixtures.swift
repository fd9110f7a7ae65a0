@testable import Nutrition

/// Foods built in a test, and the weight ``PortionResolver`` gives an amount of them: shared by
/// the suites that see one portion rule at a time.
protocol PortionFixtures {}

extension PortionFixtures {
    func portion(_ unit: String, _ grams: Double, amount: Double = 1) -> FoodPortion {
        FoodPortion(sequence: 1, amount: amount, unit: unit, grams: grams)
    }

    func household(_ word: String) -> UnitRequest { UnitRequest(canonical: word, unitClass: .household, written: word) }

    func grams(
        _ name: String, _ portions: [FoodPortion], unit: UnitRequest? = nil, natural: String? = nil,
        hints: [String] = [], size: String? = nil, group: String = "", counted: Bool = false,
        partOfOne: Bool = false
    ) -> GramAmount? {
        try? PortionResolver.grams(
            unit: unit, foodName: name, portions: portions, naturalPortion: natural, kcalPer100g: 100,
            hints: hints, size: size, group: group, counted: counted, partOfOne: partOfOne
        ).get()
    }
}
