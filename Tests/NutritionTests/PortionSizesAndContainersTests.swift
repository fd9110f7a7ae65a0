import Testing

@testable import Nutrition

/// A size on a drink served in its own measure, a container portion shared by two containers,
/// and a head noun that only qualifies a portion's noun (grammar/foods.md, "Amounts by kind").
struct PortionSizesAndContainersTests: PortionFixtures {
    let latte = [
        FoodPortion(sequence: 1, amount: 1, unit: "fl oz", grams: 30),
        FoodPortion(sequence: 2, amount: 1, unit: "small", grams: 360),
        FoodPortion(sequence: 3, amount: 1, unit: "medium", grams: 480),
        FoodPortion(sequence: 4, amount: 1, unit: "large", grams: 600),
    ]

    @Test func aSizeScalesTheAliasServingVolumeNotTheRowsOwnSizes() throws {
        let large = try #require(
            grams("Coffee, Latte", latte, unit: household("large"), natural: "6 fl oz", group: "Coffee", counted: true))
        #expect(abs(large.gramsPerQuantity - 1.3 * 180) < 0.01)
        #expect(large.assumption != nil)
        let medium = try #require(
            grams("Coffee, Latte", latte, unit: household("medium"), natural: "6 fl oz", group: "Coffee", counted: true)
        )
        #expect(abs(medium.gramsPerQuantity - 180) < 0.01)
        // Without an alias serving, the row's own size stands.
        let plain = try #require(
            grams("Coffee, Latte", latte, unit: household("large"), group: "Coffee", counted: true))
        #expect(plain.gramsPerQuantity == 600)
    }

    @Test func aFortifiedWinesSmallGlassIsScaledNotThePubsWineGlass() throws {
        let sherry = [portion("fl oz", 30), portion("glass", 105)]
        let small = try #require(grams("Wine, dessert, sweet", sherry, unit: household("small"), group: "Wine"))
        #expect(abs(small.gramsPerQuantity - 0.7 * 105) < 0.01)
        #expect(small.assumption != nil)
        let smallGlass = try #require(
            grams("Wine, dessert, sweet", sherry, unit: household("glass"), size: "small", group: "Wine"))
        #expect(abs(smallGlass.gramsPerQuantity - 0.7 * 105) < 0.01)
        // A table wine's glass is 5–6 fl oz: its sizes are the UK pub's glasses.
        let red = [portion("fl oz", 30), portion("glass", 180)]
        let pub = try #require(grams("Wine, red", red, unit: household("small"), group: "Wine"))
        #expect(abs(pub.gramsPerQuantity - 125 * 30 / 29.5735) < 0.5)
    }

    @Test func aSharedCanOrBottlePortionGivesWayToTheKindsBottleOnlyWhenFarFromIt() throws {
        let cola = [portion("fl oz", 30.7), portion("can or bottle (12 fl oz)", 370)]
        let bottle = try #require(
            grams("Carbonated beverage, cola", cola, unit: household("bottle"), group: "Beverages"))
        #expect(abs(bottle.gramsPerQuantity - 500 * 30.7 / 29.5735) < 1)
        #expect(bottle.assumption != nil)
        // A can is the portion's first container, so it stands.
        #expect(
            grams("Carbonated beverage, cola", cola, unit: household("can"), group: "Beverages")?.gramsPerQuantity
                == 370)
        // A 12 fl oz bottle of beer is within a quarter of the 330 ml bottle: the table's stands.
        let beer = [portion("fl oz", 30), portion("can or bottle (12 fl oz)", 360)]
        let beerBottle = try #require(grams("Beer", beer, unit: household("bottle"), group: "Beer"))
        #expect(beerBottle.gramsPerQuantity == 360)
        #expect(beerBottle.assumption == nil)
    }

    @Test func aHeadNounThatQualifiesAnotherNounNamesNoPortion() {
        let dish = [
            portion("cup", 252), portion("chicken breast with sauce", 134, amount: 0.5),
            portion("chicken thigh with sauce", 85), portion("serving (quantity not specified)", 189),
        ]
        #expect(PortionResolver.portion(namedByHead: "chicken", dish) == nil)
        let cookies = [portion("cookie (3\" dia)", 30), portion("slice, large", 40), portion("potato large", 299)]
        #expect(PortionResolver.portion(namedByHead: "cookie", cookies)?.grams == 30)
        #expect(PortionResolver.portion(namedByHead: "slice", cookies)?.grams == 40)
        #expect(PortionResolver.portion(namedByHead: "potato", cookies)?.grams == 299)
    }
}

extension PortionSizesAndContainersTests {
    @Test func aFreshCheeseWithNoAmountIsHalfACupNotAHardCheesesServing() throws {
        let cottage = [portion("4 oz", 113), portion("cup, small curd (not packed)", 225)]
        let bare = try #require(
            grams("Cheese, cottage, creamed, large or small curd", cottage, natural: "cup, small curd", group: "Dairy"))
        #expect(bare.gramsPerQuantity == 110)
        #expect(bare.assumption != nil)
        let cheddar = [portion("cup, shredded", 113)]
        #expect(grams("Cheese, cheddar", cheddar, natural: "cup, shredded", group: "Dairy")?.gramsPerQuantity == 30)
    }
}
