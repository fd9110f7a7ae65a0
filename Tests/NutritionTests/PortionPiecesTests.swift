import Testing

@testable import Nutrition

/// What a count or a slice of a dish or snack weighs (grammar/foods.md, "Amounts by kind";
/// grammar/README.md, "How an amount becomes grams"), with the suite's foods built by hand.
extension PortionServingsTests {
    @Test func aCountOfAServedFoodIsWholePiecesNotWholeServings() throws {
        let dumplings = [
            portion("item, any size", 25), portion("cup", 75), portion("serving (quantity not specified)", 75),
        ]
        let six = try #require(
            grams(
                "Wonton, dumpling or pot sticker, fried", dumplings, natural: "serving", hints: ["gyoza"], counted: true
            ))
        #expect(six.gramsPerQuantity == 25)
        let hashBrowns = [portion("patty", 55), portion("cup", 160), portion("serving (quantity not specified)", 80)]
        #expect(
            grams("Potato, hash brown, NFS", hashBrowns, natural: "serving", hints: ["hash", "brown"], counted: true)?
                .gramsPerQuantity == 55)
        // With no count the unspecified serving stands.
        #expect(
            grams("Potato, hash brown, NFS", hashBrowns, natural: "serving", hints: ["hash", "brown"])?.gramsPerQuantity
                == 80)
    }

    @Test func aCountOfAFoodWeighedByTheHalfIsWholeOnes() throws {
        let apricots = [portion("cup, halves", 130), portion("half", 3.5)]
        let whole = try #require(
            grams("Apricots, dried, sulfured, uncooked", apricots, natural: "half", hints: ["apricot"], counted: true))
        #expect(whole.gramsPerQuantity == 7)
        #expect(whole.assumption == nil)
    }

    @Test func aUnitTheFoodHasOnlyWithSizesIsItsMediumOne() throws {
        let garlicBread = [portion("small slice", 39), portion("medium slice", 79), portion("large slice", 118)]
        #expect(grams("Garlic bread, NFS", garlicBread, unit: household("slice"))?.gramsPerQuantity == 79)
        let noMedium = [portion("small slice", 39), portion("large slice", 118)]
        #expect(grams("Garlic bread, NFS", noMedium, unit: household("slice"))?.gramsPerQuantity == 39)
    }

    @Test func aSliceOfADishIsItsPieceCutFromTheWhole() throws {
        let quiche = [portion("piece (1/8 of 9\" dia)", 192), portion("serving (quantity not specified)", 192)]
        #expect(grams("Quiche with meat, poultry or fish", quiche, unit: household("slice"))?.gramsPerQuantity == 192)
        // A cake keeps the household slice beside a bakery cake's eighth.
        let cake = [portion("piece (1/8 of 18 oz cake)", 144)]
        let slice = try #require(grams("Cake, yellow, with chocolate frosting", cake, unit: household("slice")))
        #expect(slice.gramsPerQuantity == 80)
        #expect(slice.assumption != nil)
    }

    @Test func aSizeIsNeverScaledFromOneFarAway() throws {
        let chocolate = [portion("bar, miniature", 7), portion("bar (1.55 oz)", 44)]
        let large = try #require(
            grams("Candies, milk chocolate", chocolate, unit: household("large"), natural: "bar (1.55"))
        // A large bar is sized as bars are sold (twice the regular bar), from the 44 g bar, not the mini.
        #expect(abs(large.gramsPerQuantity - 44 * 2) < 0.01)
        let snickers = [portion("bar (2 oz)", 57), portion("bar, fun size", 15), portion("bar, king size (4 oz)", 113)]
        #expect(grams("Candies, SNICKERS Bar", snickers, unit: household("king size"))?.gramsPerQuantity == 113)
        #expect(grams("Candies, SNICKERS Bar", snickers, unit: household("fun size"))?.gramsPerQuantity == 15)
    }
}
