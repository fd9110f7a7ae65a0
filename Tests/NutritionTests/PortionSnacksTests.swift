import Testing

@testable import Nutrition

/// What a snack, a sweet or a baked good weighs (grammar/foods.md, "Amounts by kind"): the
/// table's own names for the measure said, sized bags, and a bare count that is the food's
/// usual piece, with the suite's foods built by hand from their USDA portions.
extension PortionServingsTests {
    @Test func aBareCountIsTheUsualPieceNotASmallerProduct() throws {
        // SR26 lists a frosted doughnut's `donettes` (18 g) before its medium doughnut.
        let doughnut = [
            portion("oz", 28.35), portion("donettes (2\" dia)", 18), portion("doughnut, medium (approx 3\" dia)", 43),
            portion("doughnut large (approx 3-1/2\" dia)", 67),
        ]
        let one = try #require(
            grams("Doughnuts, cake-type, plain, chocolate-coated or frosted", doughnut, hints: ["donut"], counted: true)
        )
        #expect(one.gramsPerQuantity == 43)
        #expect(one.assumption == nil)
        // Sizes alone, large first: a bare count is the medium one.
        let pretzel = [portion("large", 143), portion("medium", 115), portion("small", 62)]
        #expect(grams("Pretzels, soft", pretzel, hints: ["pretzel"], counted: true)?.gramsPerQuantity == 115)
        // A food whose only count is a small product keeps it.
        let holes = [portion("oz", 28.35), portion("doughnut hole", 14)]
        #expect(grams("Doughnut holes", holes, hints: ["hole"], counted: true)?.gramsPerQuantity == 14)
    }

    @Test func aPieceOfPieIsItsSliceAndACubeOfCheeseItsCubicInch() throws {
        let pecanPie = [portion("oz", 28.35), portion("slice", 133), portion("pie", 833)]
        let piece = try #require(grams("Pie, pecan, commercially prepared", pecanPie, unit: household("piece")))
        #expect(piece.gramsPerQuantity == 133)
        #expect(piece.assumption == nil)
        let cheddar = [portion("cup, diced", 132), portion("oz", 28.35), portion("cubic inch", 17)]
        #expect(grams("Cheese, cheddar", cheddar, unit: household("cube"))?.gramsPerQuantity == 17)
    }

    @Test func aPieceOfCakeIsTheHouseholdSliceNotARestaurantPiece() throws {
        let carrotCake = [
            portion("cupcake, any size", 90), portion("piece/slice, any size", 200), portion("cup", 120),
        ]
        let piece = try #require(grams("Cake or cupcake, carrot", carrotCake, unit: household("piece")))
        #expect(piece.gramsPerQuantity == 80)
        #expect(piece.assumption != nil)
        // A pie's slice of any size is the standard eighth of a 9" pie and stays.
        let keyLime = [portion("slice, any size", 150), portion("pie, any size", 1600)]
        #expect(grams("Pie, key lime", keyLime, unit: household("piece"))?.gramsPerQuantity == 150)
    }

    @Test func aSizedBagIsTheSnacksOwnSizeOrFNDDSsSingleServingBag() throws {
        // SR26's peanut M&M's: the fun-size bag is its `package fun size`.
        let peanutMMs = [
            portion("serving 1 singles bag", 54), portion("package fun size", 18), portion("pieces", 20, amount: 10),
        ]
        let funSize = try #require(
            grams("Candies, M&M's Peanut Chocolate Candies", peanutMMs, unit: household("bag"), size: "fun size"))
        #expect(funSize.gramsPerQuantity == 18)
        #expect(funSize.assumption == nil)
        // FNDDS's candy sizes name no container: the size is the bag.
        let candy = [
            portion("piece", 2), portion("fun/snack size", 15), portion("pouch/regular size", 45),
            portion("sharing/movie theater size", 180),
        ]
        #expect(
            grams("Chocolate candy, candy shell", candy, unit: household("bag"), size: "sharing")?.gramsPerQuantity
                == 180)
        // Chips whose own portions have no sized bag: FNDDS's single-serving bags, assumed.
        let chips = [portion("oz", 28.35), portion("bag", 213)]
        let large = try #require(
            grams("Snacks, tortilla chips, plain, white corn, salted", chips, unit: household("bag"), size: "large"))
        #expect(large.gramsPerQuantity == 85)
        #expect(large.assumption != nil)
        let popcorn = [portion("cup", 11), portion("oz", 28.35)]
        #expect(
            grams("Snacks, popcorn, oil-popped, microwave", popcorn, unit: household("bag"), size: "mini")?
                .gramsPerQuantity == 43)
    }

    @Test func aCountOfACookieServedTwoAtATimeIsItsMediumOne() throws {
        // FNDDS's unspecified serving of a cookie is two medium ones (60 g).
        let sugarCookie = [
            portion("miniature/bite size", 5), portion("small", 20), portion("medium", 30), portion("large", 45),
            portion("serving (quantity not specified)", 60),
        ]
        let one = try #require(
            grams(
                "Cookie, butter or sugar", sugarCookie, natural: "serving", hints: ["snickerdoodle"],
                counted: true))
        #expect(one.gramsPerQuantity == 30)
        // A dessert whose medium is heavier than its serving keeps the serving.
        let softServe = [
            portion("small", 300), portion("medium", 400), portion("serving (quantity not specified)", 215),
        ]
        #expect(
            grams(
                "Soft serve, blended with candy or cookies", softServe, natural: "serving",
                hints: ["mcflurry"], counted: true)?.gramsPerQuantity == 215)
    }

    @Test func anUnsizedPacketIsNeverTheFunSizeOne() throws {
        let skittles = [
            portion("serving 2.17 oz pack", 62), portion("pieces", 10.7, amount: 10), portion("package fun size", 20),
        ]
        let packet = try #require(
            grams("Candies, SKITTLES Original Bite Size Candies", skittles, unit: household("packet")))
        #expect(packet.gramsPerQuantity == 40)
        #expect(packet.assumption != nil)
    }

    @Test func aSizeIsScaledFromTheNearestSizeTheFoodHas() throws {
        let cookie = [portion("small cookie", 20), portion("medium cookie", 30), portion("large cookie", 45)]
        let extraLarge = try #require(grams("Cookie, chocolate chip", cookie, unit: household("extra large")))
        #expect(abs(extraLarge.gramsPerQuantity - 45 * 1.6 / 1.3) < 0.01)
    }

    @Test func aSleeveOfCrackersIsAQuarterBox() throws {
        let saltines = [portion("crackers", 14.9, amount: 5), portion("cracker square", 3)]
        let sleeve = try #require(
            grams("Crackers, saltines (includes oyster, soda, soup)", saltines, unit: household("sleeve")))
        #expect(sleeve.gramsPerQuantity == 115)
        #expect(sleeve.assumption != nil)
    }

    @Test func whatARowCoversNeverDecidesItsKind() {
        #expect(FoodKind.of(name: "Crackers, saltines (includes oyster, soda, soup)", group: "") == .biscuit)
        #expect(FoodKind.of(name: "Cookies, animal crackers (includes arrowroot, tea biscuits)", group: "") == .biscuit)
        #expect(
            FoodKind.withoutIncludes("Doughnuts, glazed (includes honey buns), enriched")
                == "Doughnuts, glazed, enriched")
        #expect(FoodKind.of(name: "Yogurt, fruit (6 oz)", group: "") == .yogurt)
    }
}
