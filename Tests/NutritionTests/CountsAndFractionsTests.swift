import Testing

@testable import Nutrition

/// What one of a count, a slice or a piece weighs when the food's portions offer several sizes
/// of the measure, a fraction of a whole, or a count of several pieces (grammar/foods.md,
/// "Amounts by kind"): foods built here, so each rule is seen on its own.
extension PortionServingsTests {
    @Test func aMeasureInSeveralSizesIsTheMediumOne() throws {
        let onion = [
            portion("cup, chopped", 160), portion("slice, large (1/4\" thick)", 38),
            portion("slice, medium (1/8\" thick)", 14), portion("slice, thin", 9),
        ]
        let slice = try #require(grams("Onions, raw", onion, unit: household("slice")))
        #expect(slice.gramsPerQuantity == 14)
        #expect(slice.assumption == nil)
        // No size word says which is medium: the middle one by weight.
        let pineapple = [
            portion("slice (4-2/3\" dia x 3/4\" thick)", 166), portion("slice (3-1/2\" dia x 3/4\" thick)", 84),
            portion("slice, thin (3-1/2\" dia x 1/2\" thick)", 56),
        ]
        #expect(grams("Pineapple, raw", pineapple, unit: household("slice"))?.gramsPerQuantity == 84)
        // A plain portion of the measure is the food's own and wins.
        let bread = [portion("slice, large", 30), portion("slice", 28), portion("slice, thin", 20)]
        #expect(grams("Bread, white", bread, unit: household("slice"))?.gramsPerQuantity == 28)
        // A lone sized portion is simply that portion.
        #expect(grams("Bread", [portion("slice, large", 30)], unit: household("slice"))?.gramsPerQuantity == 30)
    }

    @Test func aCountOrAPieceIsNeverAFractionOfAFamilySizeWhole() throws {
        let pie = [portion("oz", 28.35), portion("piece (1/8 of 9\" dia)", 165)]
        let one = try #require(grams("Pie, mince", pie, hints: ["mince", "pie"], counted: true))
        #expect(one.gramsPerQuantity == 80)
        #expect(one.assumption != nil)
        // With no count the eighth is what `apple pie` means: a slice of it.
        #expect(grams("Pie, mince", pie, hints: ["mince", "pie"])?.gramsPerQuantity == 165)
        let cake = [portion("piece (1/12 of a cake)", 144), portion("cake", 1729)]
        let piece = try #require(grams("Cake, yellow, with chocolate frosting", cake, unit: household("piece")))
        #expect(piece.gramsPerQuantity == 80)
        #expect(piece.assumption != nil)
        // A piece or slice of a whole of a stated size is the fraction it says: a 9" pie's eighth.
        let applePie = [portion("oz", 28.35), portion("piece (1/8 of 9\" dia)", 125)]
        #expect(grams("Pie, apple", applePie, unit: household("piece"))?.gramsPerQuantity == 125)
        #expect(grams("Pie, apple", applePie, unit: household("slice"))?.gramsPerQuantity == 125)
        // A kind with no slice of its own keeps its fraction: a quiche's eighth.
        let quiche = [portion("piece (1/8 of 9\" dia)", 192)]
        #expect(grams("Quiche with meat", quiche, counted: true)?.gramsPerQuantity == 192)
        // A piece that is not a fraction is the food's own.
        #expect(grams("Cake, sponge", [portion("piece", 65)], unit: household("piece"))?.gramsPerQuantity == 65)
    }

    @Test func aCountBelowOneOfAWholeCutIntoServingsIsPartOfTheWhole() throws {
        // `half a pizza` is half the pizza the table weighs whole, not half the slice a count of
        // pizza is (the alias's natural portion).
        let pizza = [portion("slice", 107), portion("pizza", 853)]
        let whole = try #require(
            grams("Pizza, cheese", pizza, natural: "slice", hints: ["pizza"], counted: true, partOfOne: true))
        #expect(whole.gramsPerQuantity == 853)
        #expect(whole.assumption == nil)
        #expect(
            grams("Pizza, cheese", pizza, natural: "slice", hints: ["pizza"], counted: true)?.gramsPerQuantity == 107)
        // With no whole portion, N of a piece that is 1/N of the whole.
        let cheesecake = [portion("oz", 28.35), portion("piece (1/6 of 17 oz cake)", 80)]
        let cake = try #require(
            grams("Cheesecake", cheesecake, hints: ["cheesecake"], counted: true, partOfOne: true))
        #expect(cake.gramsPerQuantity == 480)
        // A food that is no such whole keeps its own count: half a bagel is half of one bagel.
        let bagel = [portion("medium bagel", 105)]
        #expect(
            grams("Bagels, plain", bagel, hints: ["bagel"], counted: true, partOfOne: true)?.gramsPerQuantity == 105)
        #expect(PortionResolver.partsOfWhole(portion("piece (1/8 of 9\" dia)", 125)) == 8)
        #expect(PortionResolver.partsOfWhole(portion("wedge (approx 1/16 of melon)", 286)) == 16)
        #expect(PortionResolver.partsOfWhole(portion("slice", 28)) == nil)
    }

    @Test func aPortionOfSeveralPiecesIsDivided() throws {
        let links = [portion("oz, 2 links", 56, amount: 2)]
        let link = try #require(
            grams("Sausage, turkey, breakfast links", links, hints: ["turkey", "sausage", "links"], counted: true))
        #expect(link.gramsPerQuantity == 28)
        #expect(link.assumption == nil)
        // In parentheses the count is of one measure: an ounce of 18 kernels.
        #expect(PortionResolver.piecePortion(portion("oz (18 kernels)", 28.8))?.grams == 1.6)
        #expect(PortionResolver.piecePortion(portion("cup, chopped", 160)) == nil)
    }

    @Test func aSausageIsABangerUnlessTheWordsSayABreakfastLink() throws {
        let pork = [portion("patty", 27), portion("link", 23), portion("serving", 48)]
        let sausage = try #require(
            grams("Pork sausage, link/patty", pork, natural: "link", hints: ["sausage"], counted: true))
        #expect(sausage.gramsPerQuantity == 45)
        #expect(sausage.assumption != nil)
        let breakfast = grams(
            "Pork sausage, link/patty", pork, natural: "link", hints: ["breakfast", "sausage"], counted: true)
        #expect(breakfast?.gramsPerQuantity == 23)
        let link = grams("Pork sausage, link/patty", pork, natural: "link", hints: ["sausage", "link"], counted: true)
        #expect(link?.gramsPerQuantity == 23)
        // A food with no count portion is counted by the noun's usual piece.
        let turkey = [portion("cup", 130), portion("oz", 28)]
        let counted = try #require(
            grams("Turkey sausage, cooked", turkey, natural: "cup", hints: ["turkey", "sausage"], counted: true))
        #expect(counted.gramsPerQuantity == 45)
        #expect(counted.assumption != nil)
        // An Italian sausage's own link is a full sausage and stands.
        let italian = [portion("link, 4/lb", 113)]
        #expect(
            grams("Sausage, Italian", italian, natural: "link, 4/lb", hints: ["sausage"], counted: true)?
                .gramsPerQuantity == 113)
    }

    @Test func aPotIsTheBritishPotOfItsKind() throws {
        let yogurt = [portion("container (6 oz)", 170), portion("cup (8 fl oz)", 245)]
        let pot = try #require(
            grams("Yogurt, fruit, low fat", yogurt, unit: household("pot"), group: "Dairy and Egg Products"))
        #expect(pot.gramsPerQuantity == 125)
        #expect(pot.assumption != nil)
    }
}

extension PortionServingsTests {
    @Test func aSizeOnAPizzaSizesTheWholePizza() throws {
        let pizza = [portion("slice", 107), portion("pizza", 853)]
        let large = try #require(
            grams(
                "Pizza chain, 14\" pizza, cheese", pizza, unit: household("large"), natural: "slice", hints: ["pizza"]))
        // A pizza's size is its diameter: the 14" chain pizza is a large one, a medium 12".
        #expect(large.gramsPerQuantity == 853)
        #expect(large.assumption == nil)
        let medium = try #require(
            grams(
                "Pizza chain, 14\" pizza, cheese", pizza, unit: household("medium"), natural: "slice", hints: ["pizza"])
        )
        #expect(abs(medium.gramsPerQuantity - 853 * 144 / 196) < 0.01)
        #expect(medium.assumption != nil)
        // A half of one is half the whole, the food's own portion.
        let half = try #require(
            grams("Pizza chain, 14\" pizza, cheese", pizza, unit: household("half"), natural: "slice", hints: ["pizza"])
        )
        #expect(half.gramsPerQuantity == 426.5)
        #expect(half.assumption == nil)
        // A size on a piece the name does not call a pizza scales that piece.
        let slice = try #require(
            grams(
                "Pizza chain, 14\" pizza, cheese", pizza, unit: household("large"), natural: "slice", hints: ["slice"]))
        #expect(abs(slice.gramsPerQuantity - 107 * 1.3) < 0.01)
    }

    @Test func aPortionSayingBigIsALargeOne() throws {
        let cookie = [
            portion("cookie", 12.9), portion("cookie, big (3-1/2\" - 4\" dia)", 40),
            portion("cookie, medium (2-1/4\" dia)", 10),
        ]
        #expect(grams("Cookies, chocolate chip", cookie, unit: household("large"))?.gramsPerQuantity == 40)
    }
}

extension PortionServingsTests {
    @Test func aWordOfTheItemNamesAnFNDDSCountPortion() throws {
        let sausage = [
            portion("patty", 35), portion("cocktail or miniature link", 10), portion("breakfast size link", 20),
            portion("cup, NFS", 138), portion(FoodMatcher.defaultServing, 60),
        ]
        func counted(_ hints: [String]) -> Double? {
            grams("Sausage, NFS", sausage, natural: FoodMatcher.defaultServing, hints: hints, counted: true)?
                .gramsPerQuantity
        }
        #expect(counted(["cocktail", "sausages"]) == 10)
        #expect(counted(["breakfast", "sausages"]) == 20)
        // Words are compared as written: a chocolate chip cookie is not a `Chips Ahoy!`.
        let cookie = [
            portion("Nabisco Chips Ahoy!", 10), portion("medium cookie", 30), portion(FoodMatcher.defaultServing, 60),
        ]
        #expect(
            grams(
                "Cookie, chocolate chip", cookie, natural: FoodMatcher.defaultServing,
                hints: ["chocolate", "chip", "cookies"], counted: true)?
                .gramsPerQuantity != 10)
    }
}
