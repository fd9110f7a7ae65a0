import FoodLogCore
import Testing
@testable import Nutrition

/// The weighing rules behind amounts as people type them: a drained can, a half, the juice of
/// a fruit by its yield.
struct AmountWeighingTests {
    static let can = GramAmount(
        gramsPerQuantity: 400, basisSuffix: " × tin ≈ 400 g, assumed", assumption: "tin ≈ 400 g")
    static let beans = "Chickpeas (garbanzo beans, bengal gram), mature seeds, cooked, boiled, without salt"
    static let legumes = "Legumes and Legume Products"

    @Test func aDrainedCanOfBeansIsItsDrainedSolids() {
        let drained = PortionResolver.drained(
            Self.can, unit: "can", package: nil, note: "drained, rinsed", foodName: Self.beans, group: Self.legumes)
        #expect(drained.gramsPerQuantity == 240)
        #expect(drained.assumption == "tin ≈ 400 g; drained ≈ 60% of the can")
        // A stated size that replaced the word "can" counts as the can.
        let stated = GramAmount(gramsPerQuantity: 28.349523125, basisSuffix: " oz")
        let ounces = PortionResolver.drained(
            stated, unit: "oz", package: "can", note: "drained", foodName: Self.beans, group: Self.legumes)
        #expect(abs(ounces.gramsPerQuantity - 17.0097) < 0.001)
        #expect(ounces.basisSuffix == " oz, drained × 0.6, assumed")
    }

    @Test func otherAmountsAndFoodsAreNotDrained() {
        let weighed = GramAmount(gramsPerQuantity: 1, basisSuffix: " g")
        // 400 g of chickpeas may already be the drained weight: no can, no change.
        #expect(
            PortionResolver.drained(
                weighed, unit: "g", package: nil, note: "drained", foodName: Self.beans, group: Self.legumes)
                == weighed)
        // No "drained" in the note; a row already drained; a food that is no legume or vegetable.
        #expect(
            PortionResolver.drained(
                Self.can, unit: "can", package: nil, note: "rinsed", foodName: Self.beans, group: Self.legumes)
                == Self.can)
        // A row of drained solids weighs its own can drained; an assumed tin of it is still a
        // whole tin, drained.
        let drainedCan = GramAmount(gramsPerQuantity: 298, basisSuffix: " × can (303 x 406) (298 g)")
        let corn = "Corn, sweet, yellow, canned, whole kernel, drained solids"
        #expect(
            PortionResolver.drained(
                drainedCan, unit: "can", package: nil, note: "drained", foodName: corn,
                group: "Vegetables and Vegetable Products") == drainedCan)
        #expect(
            PortionResolver.drained(
                Self.can, unit: "can", package: nil, note: "drained", foodName: corn,
                group: "Vegetables and Vegetable Products"
            ).gramsPerQuantity == 240)
        #expect(
            PortionResolver.drained(
                Self.can, unit: "can", package: nil, note: "drained", foodName: "Fish, tuna, light, canned in water",
                group: "Finfish and Shellfish Products") == Self.can)
    }

    @Test func aCanOfADrainedRowIsItsSolidsWithNoNote() {
        // `a tin of sweetcorn` of SR26's drained corn: the assumed tin is the net contents.
        let corn = "Corn, sweet, yellow, canned, whole kernel, drained solids"
        let vegetables = "Vegetables and Vegetable Products"
        let tin = PortionResolver.drained(
            Self.can, unit: "can", package: nil, note: nil, foodName: corn, group: vegetables)
        #expect(tin.gramsPerQuantity == 240)
        // A stated can size is the net contents too.
        let stated = GramAmount(gramsPerQuantity: 1, basisSuffix: " g")
        let grams = PortionResolver.drained(
            stated, unit: "g", package: "can", note: nil, foodName: corn, group: vegetables)
        #expect(grams.gramsPerQuantity == 0.6)
        // Not a row that holds the liquid, and not the row's own can portion.
        #expect(
            PortionResolver.drained(
                Self.can, unit: "can", package: nil, note: nil, foodName: Self.beans, group: Self.legumes) == Self.can)
        let own = GramAmount(gramsPerQuantity: 298, basisSuffix: " × can (303 x 406) (298 g)")
        #expect(
            PortionResolver.drained(own, unit: "can", package: nil, note: nil, foodName: corn, group: vegetables)
                == own)
        #expect(PortionResolver.saysDrained("rinsed and drained"))
        #expect(!PortionResolver.saysDrained("undrained"))
    }

    @Test func aHalfOfBeerIsAHalfPintAndOfAnythingElseHalfItsNaturalUnit() throws {
        let half = UnitRequest(canonical: "half", unitClass: .household, written: "half")
        let beer = try PortionResolver.grams(
            unit: half, foodName: "Alcoholic beverage, beer, regular, all", portions: [], naturalPortion: nil,
            kcalPer100g: 43, group: "Beverages"
        ).get()
        #expect(beer.gramsPerQuantity == 284)
        #expect(beer.assumption == "half ≈ 284 ml")
        let peach = try PortionResolver.grams(
            unit: half, foodName: "Peaches, raw",
            portions: [FoodPortion(sequence: 1, amount: 1, unit: "medium (2-2/3\" dia)", grams: 150)],
            naturalPortion: nil, kcalPer100g: 39, group: "Fruits and Fruit Juices"
        ).get()
        #expect(peach.gramsPerQuantity == 75)
    }

    @Test func aPintOfADrinkIsTheImperialPintAndOfCreamTheUSPint() throws {
        let pint = UnitRequest(canonical: "pint", unitClass: .volume, written: "pints")
        let cup = [FoodPortion(sequence: 1, amount: 1, unit: "cup", grams: 244)]
        let beer = try PortionResolver.grams(
            unit: pint, foodName: "Hard cider", portions: [], naturalPortion: nil, kcalPer100g: 49,
            group: "Alcoholic beverages"
        ).get()
        #expect(beer.gramsPerQuantity == 568)
        #expect(beer.assumption == "pint ≈ 568 ml")
        // Milk, juice and soft drinks are drunk by the same pint, at their own density.
        let milk = try PortionResolver.grams(
            unit: pint, foodName: "Milk, whole, 3.25% milkfat", portions: cup, naturalPortion: nil, kcalPer100g: 61,
            group: "Dairy and Egg Products"
        ).get()
        #expect(abs(milk.gramsPerQuantity - 568 * 244 / 236.5882365) < 1)
        #expect(milk.assumption == "pint ≈ 568 ml")
        let juice = try PortionResolver.grams(
            unit: pint, foodName: "Apple juice, canned or bottled, unsweetened", portions: cup, naturalPortion: nil,
            kcalPer100g: 46, group: "Fruits and Fruit Juices"
        ).get()
        #expect(abs(juice.gramsPerQuantity - 586) < 1)
        // Cream is not drunk: its pint is a US recipe's, 473 ml, by its own cup.
        let cream = try PortionResolver.grams(
            unit: pint, foodName: "Cream, fluid, heavy whipping",
            portions: [FoodPortion(sequence: 1, amount: 1, unit: "cup", grams: 238)],
            naturalPortion: nil, kcalPer100g: 340, group: "Dairy and Egg Products"
        ).get()
        #expect(abs(cream.gramsPerQuantity - 476) < 1)
        #expect(cream.assumption == nil)
        #expect(HouseholdMeasures.drinkPint(kind: .iceCream) == nil)
        #expect(HouseholdMeasures.drinkPint(kind: .softDrink) == MeasureUnit.imperialPintMillilitres)
    }

    @Test func wineGlassesAndSpiritMeasuresAreTheUKPubOnes() throws {
        let glass = UnitRequest(canonical: "glass", unitClass: .household, written: "glass")
        let wine = "Alcoholic beverage, wine, table, red"
        let large = try PortionResolver.grams(
            unit: glass, foodName: wine, portions: [], naturalPortion: nil, kcalPer100g: 85, size: "large",
            group: "Beverages"
        ).get()
        #expect(large.gramsPerQuantity == 250)
        #expect(large.assumption == "large glass ≈ 250 ml")
        let vodka = "Alcoholic beverage, distilled, vodka, 80 proof"
        let double = try PortionResolver.grams(
            unit: nil, foodName: vodka, portions: [], naturalPortion: nil, kcalPer100g: 231,
            hints: ["double", "vodka"], group: "Beverages", counted: true
        ).get()
        #expect(double.gramsPerQuantity == 50)
        // `double` means a measure of spirits only.
        #expect(HouseholdMeasures.spiritMeasure(words: ["double", "cream"], kind: .cream) == nil)
    }

    @Test func theJuiceOfAFruitIsItsYield() throws {
        let lemon = UnitRequest(canonical: "fruit", unitClass: .household, written: "lemon")
        let portions = [
            FoodPortion(sequence: 1, amount: 1, unit: "cup", grams: 244),
            FoodPortion(sequence: 3, amount: 1, unit: "lemon yields", grams: 48),
        ]
        let juice = try PortionResolver.grams(
            unit: lemon, foodName: "Lemon juice, raw", portions: portions, naturalPortion: nil, kcalPer100g: 22,
            group: "Fruits and Fruit Juices"
        ).get()
        #expect(juice.gramsPerQuantity == 48)
        #expect(juice.assumption == nil)
    }
}
