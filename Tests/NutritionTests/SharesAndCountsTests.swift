import Testing

@testable import Nutrition

/// Shares of a whole food, bars by their size, sweets by the piece and other counts as eaten
/// (grammar/foods.md, "Shares of a whole" and "Counts as eaten"): foods built here, so each rule
/// is seen on its own.
extension PortionServingsTests {
    var cantaloupe: [FoodPortion] {
        [
            portion("cup, diced", 156), portion("melon, large (about 6-1/2\" dia)", 814),
            portion("melon, medium (about 5\" dia)", 552), portion("melon, small (about 4-1/4\" dia)", 441),
        ]
    }

    @Test func aPartOfOneIsOfOneWholeFood() throws {
        // The portion named by the head noun, the medium of its sizes.
        let quarter = try #require(
            grams("Melons, cantaloupe, raw", cantaloupe, hints: ["melon"], counted: true, partOfOne: true))
        #expect(quarter.gramsPerQuantity == 552)
        #expect(quarter.assumption == nil)
        let cucumber = [portion("cup slices", 104, amount: 0.5), portion("cucumber (8-1/4\")", 301)]
        let third = try #require(
            grams("Cucumber, with peel, raw", cucumber, hints: ["cucumber"], counted: true, partOfOne: true))
        #expect(third.gramsPerQuantity == 301)
        // A whole sold by size: the pizza, not a third of its slice.
        let pizza = [portion("slice", 107), portion("pizza", 853)]
        let piece = grams("Pizza, cheese", pizza, unit: household("half"), hints: ["pizza"])
        #expect(piece?.gramsPerQuantity == 426.5)
        // A whole the food's portions lack: the household whole of the head noun, assumed.
        let baguette = try #require(
            grams(
                "Bread, french", [portion("slice, medium", 64)], hints: ["baguette"], counted: true, partOfOne: true))
        #expect(baguette.gramsPerQuantity == 324)
        #expect(baguette.assumption != nil)
    }

    @Test func aFractionalCountIsAShareOfTheWholeNotOfASlice() throws {
        let pizza = [portion("slice", 107), portion("pizza", 853)]
        let half = try #require(
            grams("Pizza, cheese", pizza, natural: "slice", hints: ["pizza"], counted: true, partOfOne: true))
        #expect(half.gramsPerQuantity == 853)
        // Two pizzas count its slices, as the alias says.
        #expect(
            grams("Pizza, cheese", pizza, natural: "slice", hints: ["pizza"], counted: true)?.gramsPerQuantity == 107)
        // `a whole pizza`.
        #expect(grams("Pizza, cheese", pizza, unit: household("whole"), hints: ["pizza"])?.gramsPerQuantity == 853)
    }

    @Test func aCountedWholeFoodIsNotAPortionItsNameOnlyQualifies() throws {
        let watermelon = [
            portion("cup, diced", 152), portion("melon (15\" long x 7-1/2\" dia)", 4518),
            portion("watermelon balls", 122, amount: 10),
        ]
        let one = grams("Watermelon, raw", watermelon, natural: "cup, diced", hints: ["watermelon"], counted: true)
        #expect(one?.gramsPerQuantity == 4518)
        // Of several sizes of the whole, the medium one.
        let melon = grams(
            "Melons, cantaloupe, raw", cantaloupe, natural: "cup, diced", hints: ["cantaloupe"], counted: true)
        #expect(melon?.gramsPerQuantity == 552)
    }

    @Test func aMiniOrLargeBarIsSizedAsBarsAreSold() throws {
        let bar = [portion("bar, miniature", 7), portion("bar (1.55 oz)", 44)]
        let large = try #require(
            grams(
                "Candies, milk chocolate", bar, unit: household("large"), hints: ["chocolate", "bar"], group: "Sweets"))
        #expect(large.gramsPerQuantity == 88)
        let twix = [
            portion("package (2 oz)", 57), portion("package (2.06 oz, 2 bars)", 58),
            portion("package, king size (3.35 oz, 4 bars)", 95), portion("package (11 oz)", 312),
        ]
        let mini = try #require(
            grams(
                "Candies, TWIX Caramel Cookie Bars", twix, unit: household("mini"), natural: "package (2.06",
                hints: ["twix"], group: "Sweets"))
        #expect(abs(mini.gramsPerQuantity - 11.6) < 0.01)
        // A sweet that is no bar keeps the everyday scale.
        let marshmallow = [portion("regular", 7.2), portion("cup of miniature", 50)]
        let big = grams(
            "Candies, marshmallows", marshmallow, unit: household("large"), hints: ["marshmallow"], group: "Sweets")
        #expect(big.map { abs($0.gramsPerQuantity - 9.36) < 0.01 } == true)
    }

    @Test func sweetsNamedByThePieceCountPieces() throws {
        let creamFilled = [portion("piece", 15), portion("pouch/regular size", 45), portion("serving", 45)]
        let truffles = try #require(
            grams(
                "Chocolate candy, cream filled", creamFilled, natural: "serving", hints: ["chocolate", "truffles"],
                group: "Candy containing chocolate", counted: true))
        #expect(truffles.gramsPerQuantity == 15)
        // No piece portion: the household piece, assumed.
        let bar = [portion("bar (1.55 oz)", 44)]
        let chocolates = try #require(
            grams("Candies, milk chocolate", bar, hints: ["chocolates"], group: "Sweets", counted: true))
        #expect(chocolates.gramsPerQuantity == 8)
        #expect(chocolates.assumption != nil)
        // A bar by its name stays a bar.
        #expect(
            grams("Candies, milk chocolate", bar, hints: ["chocolate", "bar"], group: "Sweets", counted: true)?
                .gramsPerQuantity == 44)
    }

    @Test func aQualifierThatNamesAPortionTakesIt() throws {
        let tomato = [
            portion("cup, chopped or sliced", 180), portion("medium whole (2-3/5\" dia)", 123),
            portion("plum tomato", 62),
        ]
        let plum = grams(
            "Tomatoes, red, ripe, raw", tomato, natural: "medium whole", hints: ["plum", "tomatoes"], counted: true)
        #expect(plum?.gramsPerQuantity == 62)
        #expect(
            grams("Tomatoes, red, ripe, raw", tomato, natural: "medium whole", hints: ["tomatoes"], counted: true)?
                .gramsPerQuantity == 123)
    }

    @Test func aPoundsYieldIsNoPieceOfMeat() throws {
        let ribs = [
            portion("oz", 85, amount: 3),
            portion("piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)", 177),
        ]
        let two = try #require(
            grams("Pork, fresh, spareribs, cooked, braised", ribs, hints: ["pork", "ribs"], counted: true))
        #expect(two.gramsPerQuantity == 35)
        #expect(two.assumption != nil)
    }

    @Test func aSideIsASideDishAndADessertCupASnackCup() throws {
        let rice = [portion("cup", 158)]
        let side = try #require(grams("Rice, white, cooked", rice, unit: household("side"), hints: ["rice"]))
        #expect(side.gramsPerQuantity == 150)
        let jello = [portion("cup", 135, amount: 0.5)]
        let cup = try #require(
            grams(
                "Gelatin desserts, prepared with water", jello, hints: ["jello", "cup"], group: "Sweets", counted: true)
        )
        #expect(cup.gramsPerQuantity == 110)
        #expect(cup.assumption != nil)
        let pudding = [portion("cup", 260), portion("snack size container", 110)]
        #expect(
            grams("Pudding, chocolate", pudding, hints: ["pudding", "cup"], group: "Sweets", counted: true)?
                .gramsPerQuantity == 110)
    }
}
