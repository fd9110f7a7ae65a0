import Testing

@testable import Nutrition

/// Take-away names the table spells by a wider class or a length (grammar/foods.md, "Dish words
/// and common names" and "Subs and pizzas by length").
struct TakeawayRankingTests {
    let matcher = FoodMatcher(table: try! FoodTable())

    @Test func aDishRowCoversItsMeatByTheWiderClassAndSaysSo() throws {
        let pho = try #require(matcher.match("chicken pho"))
        #expect(pho.food.id == "fndds:28310330")  // Soup, pho, with meat
        #expect(pho.kind == .fuzzy && pho.correctedPhrase == "meat pho")
        // `Soup, pho, no meat` says it has none: it never covers the meat.
        #expect(matcher.match("beef pho")?.food.id == "fndds:28310330")
        // The narrower class first: poultry before meat.
        let pizza = try #require(matcher.match("bbq chicken pizza"))
        #expect(pizza.food.name.hasPrefix("Pizza") && pizza.kind == .fuzzy)
        // A row that names the meat itself needs no class and no mark.
        let loMein = try #require(matcher.match("chicken lo mein"))
        #expect(loMein.food.id == "fndds:58136160" && loMein.kind != .fuzzy)
        // A word alone is the food, never a dish of it.
        #expect(DishWords.genericWords(for: "chicken", inNameOf: 1).isEmpty)
        #expect(DishWords.genericWords(for: "chicken", inNameOf: 2) == ["poultry", "meat"])
    }

    @Test func meatsADishIsNamedByAreTheTablesMeat() {
        #expect(matcher.match("carnitas taco")?.food.id.hasPrefix("fndds:58102") == true)
        #expect(matcher.match("barbacoa burrito bowl")?.food.id.hasPrefix("fndds:5810271") == true)
        // `pastrami` is a common name of FNDDS's corned beef sandwich.
        #expect(matcher.match("pastrami sandwich")?.food.id == "fndds:27510910")
        #expect(matcher.match("chicken parmesan")?.food.id == "fndds:27146300")
        #expect(matcher.match("grated parmesan")?.food.name.contains("parmesan") == true)
    }

    @Test func aKebabIsTheTablesKabobAndADonutItsDoughnut() {
        #expect(matcher.match("pork shish kebab")?.food.id == "fndds:27420520")
        #expect(matcher.match("chicken kebab")?.food.id == "fndds:27440130")
        #expect(matcher.match("powdered donut")?.food.id == "fndds:53520130")
        // A count of kabobs or crab rangoons is whole skewers and puffs.
        let table = try! FoodTable()
        #expect(PortionResolver.wholeItem(table.portions(of: 58111200))?.unit == "puff")
        #expect(PortionResolver.wholeItem(table.portions(of: 27420520))?.unit == "shishkabob")
    }

    @Test func aCookingStyleAfterTheFoodIsNoHeadNoun() {
        #expect(matcher.match("shrimp tempura")?.food.id == "fndds:26319140")
        #expect(FoodMatcher.dishHead(["shrimp", "tempura"], significant: ["shrimp", "tempura"]) == "shrimp")
        #expect(FoodMatcher.dishHead(["tempura"], significant: ["tempura"]) == "tempura")
    }

    @Test func aDishWithoutAPartComesAfterTheWholeDish() {
        #expect(matcher.match("sloppy joe")?.food.id.hasPrefix("fndds:275101") == true)
        #expect(matcher.match("sloppy joe no bun")?.food.id == "fndds:27111500")
        // `without salt` says how USDA weighed a food, not a part it lacks.
        #expect(
            RowDetails(
                number: 11125, name: "Carrots, cooked, boiled, drained, without salt",
                folded: [
                    "carrot", "cooked", "boiled", "drained", "without", "salt",
                ], tags: ""
            ).without.isEmpty)
    }

    @Test func aDishOfSR26sAmericanIndianFoodsIsNoIngredient() {
        #expect(matcher.match("pork tamale")?.food.id == "fndds:58103125")
    }

    @Test func aLengthIsNoWordARowMustName() {
        #expect(FoodMatcher.lengthWords(["six", "inch", "meatball", "sub"]) == ["six", "inch"])
        #expect(FoodMatcher.lengthWords(["footlong", "turkey", "sub"]) == ["footlong"])
        #expect(FoodMatcher.lengthWords(["inch", "sub"]).isEmpty)
        #expect(matcher.match("six inch meatball sub")?.food.id == "fndds:27510700")
        #expect(matcher.match("6 inch veggie sub")?.food.id == "fndds:58200210")
    }
}

/// What a length or a diameter weighs, from the food's own portions.
extension PortionServingsTests {
    @Test func aSubByItsLength() throws {
        let sub = [
            portion("regular", 130), portion("regular or 6\" submarine", 195),
            portion("serving (quantity not specified)", 130),
        ]
        #expect(
            grams(
                "Turkey sandwich or sub, restaurant", sub, natural: "serving", hints: ["footlong", "turkey", "sub"],
                counted: true)?.gramsPerQuantity == 390)
        #expect(
            grams(
                "Turkey sandwich or sub, restaurant", sub, natural: "serving", hints: ["six", "inch", "sub"],
                counted: true)?.gramsPerQuantity == 195)
        // No length: the food's own rules.
        #expect(
            grams("Turkey sandwich or sub, restaurant", sub, natural: "serving", hints: ["sub"], counted: false)?
                .gramsPerQuantity == 130)
        // SR26 weighs its subs by the inch: with no length said, the 6-inch sub.
        let sr26 = [portion("inch sub", 190, amount: 6), portion("inch sub", 381, amount: 12)]
        #expect(
            grams("Fast foods, submarine sandwich, roast beef", sr26, hints: ["sandwich"], counted: true)?
                .gramsPerQuantity == 190)
        let twelve = try #require(
            grams("Fast foods, submarine sandwich, roast beef", sr26, hints: ["12", "inch", "sub"], counted: true))
        #expect(abs(twelve.gramsPerQuantity - 380) < 0.01)
    }

    @Test func aPizzaByItsDiameter() throws {
        let pizza = [
            portion("piece, NFS", 119), portion("small pizza (8-10\" diameter)", 480),
            portion("medium pizza (11-12\" diameter)", 691), portion("serving (quantity not specified)", 238),
        ]
        #expect(
            grams(
                "Pizza, cheese, from restaurant", pizza, natural: "serving", hints: ["12", "inch", "pizza"],
                counted: true)?.gramsPerQuantity == 691)
        #expect(
            grams(
                "Pizza, cheese, from restaurant", pizza, natural: "serving", hints: ["10", "inch", "pizza"],
                counted: true)?.gramsPerQuantity == 480)
        #expect(PortionResolver.diameterRange("small pizza (8-10\" diameter)") == 8...10)
        // SR26's chain pizza is one diameter: another scales it by area, assumed.
        let chain = [portion("slice", 111), portion("pizza", 896)]
        let ten = try #require(
            grams(
                "Fast Food, Pizza Chain, 14\" pizza, pepperoni topping", chain, hints: ["10", "inch", "pizza"],
                counted: true))
        #expect(abs(ten.gramsPerQuantity - 896 * 100 / 196) < 0.01 && ten.assumption != nil)
    }
}
