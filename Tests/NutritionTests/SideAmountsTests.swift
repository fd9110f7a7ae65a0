import Testing

@testable import Nutrition

/// The side-amount table (`SideAmounts`) and alias servings given as volumes.
struct SideAmountsTests {
    @Test func aSidesAmountDependsOnWhatItComesWith() {
        #expect(SideAmounts.amount(side: .milk, main: .hotDrink) == .millilitres(30))
        #expect(SideAmounts.amount(side: .milk, main: .cereal) == .millilitres(125))
        #expect(SideAmounts.amount(side: .butter, main: .bread) == .grams(7))
        #expect(SideAmounts.amount(side: .cheese, main: .biscuit) == .grams(30))
        // No row: the side counts its own natural unit.
        #expect(SideAmounts.amount(side: .spread, main: .bread) == nil)
        #expect(SideAmounts.amount(side: .milk, main: .meat) == nil)
    }

    @Test func waterIsAPreparationLiquid() {
        #expect(SideAmounts.isPreparationLiquid(.water))
        #expect(!SideAmounts.isPreparationLiquid(.milk))
    }

    @Test func anAliasServingMayBeAVolume() {
        let portions = [FoodPortion(sequence: 1, amount: 1, unit: "fl oz", grams: 30)]
        let serving = PortionResolver.servingVolume("6 fl oz", portions)
        #expect(serving?.unit == "serving (6 fl oz)")
        #expect(abs((serving?.grams ?? 0) - 180) < 0.01)
        // Without a volume portion, 1 g/ml.
        #expect(PortionResolver.servingVolume("120 ml", [])?.grams == 120)
        #expect(PortionResolver.servingVolume("cup", portions) == nil)
        #expect(PortionResolver.servingVolume("large egg", portions) == nil)
    }
}
