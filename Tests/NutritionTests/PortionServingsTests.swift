import Testing

@testable import Nutrition

/// What an amount with no unit, or a household measure, weighs by kind of food (grammar/foods.md,
/// "Amounts by kind"): foods built here, so each rule is seen on its own.
struct PortionServingsTests: PortionFixtures {
    @Test func aCountNeverMeansACupOfTheFood() throws {
        let eggplant = [portion("cup, cubes", 82), portion("eggplant, peeled (yield from 1-1/4 lb)", 458)]
        let one = try #require(grams("Eggplant, raw", eggplant, natural: "cup", hints: ["aubergine"], counted: true))
        #expect(one.gramsPerQuantity == 458)
        #expect(one.assumption == nil)
        // With no count at all, the alias's cup still is not a serving: a side of vegetables is.
        let side = try #require(grams("Eggplant, raw", eggplant, natural: "cup", group: "Vegetables"))
        #expect(side.gramsPerQuantity == 80)
        #expect(side.assumption != nil)
    }

    @Test func aPieceOfMeatOrFishBiggerThanOneServingIsOneServing() throws {
        let salmon = [portion("oz", 85, amount: 3), portion("fillet", 178, amount: 0.5)]
        let fillet = try #require(grams("Fish, salmon, cooked", salmon, hints: ["salmon", "fillet"], counted: true))
        #expect(fillet.gramsPerQuantity == 120)
        #expect(fillet.assumption != nil)
        let order = [portion("order", 623), portion("pieces", 73, amount: 3)]
        #expect(grams("Restaurant, Chinese, lemon chicken", order)?.gramsPerQuantity == 170)
        // A piece within one serving is the food's own.
        let breast = [portion("breast", 86, amount: 0.5)]
        #expect(grams("Chicken, breast, roasted", breast, counted: true)?.gramsPerQuantity == 172)
        // A size scales the serving, not the oversized piece.
        let steak = [portion("steak (yield from 518 g raw meat)", 384)]
        let small = try #require(
            grams("Beef, sirloin steak, broiled", steak, unit: household("small"), hints: ["steak"]))
        #expect(abs(small.gramsPerQuantity - 170 * 0.7) < 0.01)
    }

    @Test func noAmountIsOneServingWhenTheFoodsPortionIsACupOrACrumb() throws {
        let pasta = [portion("cup", 140)]
        #expect(grams("Spaghetti, cooked", pasta, natural: "cup")?.gramsPerQuantity == 210)
        // A spoon the alias chose stays: a serving of ketchup is a tablespoon.
        let ketchup = [portion("tbsp", 17), portion("cup", 240)]
        #expect(grams("Catsup", ketchup, natural: "tbsp")?.gramsPerQuantity == 17)
        // One berry is not a serving of berries.
        let blueberries = [portion("cup", 148), portion("berries", 68, amount: 50)]
        #expect(grams("Blueberries, raw", blueberries, natural: "berries")?.gramsPerQuantity == 80)
        // USDA's unspecified serving of an FNDDS food stands.
        let roast = [portion("medium", 170), portion("serving (quantity not specified)", 170)]
        #expect(grams("Potato, roasted, NFS", roast, natural: "serving")?.gramsPerQuantity == 170)
    }

    @Test func aCountOfAnFNDDSFoodTakesTheQualifiedPieceTheHeadNounNames() throws {
        let roast = [
            portion("baby potato", 60), portion("medium", 170), portion("serving (quantity not specified)", 170),
        ]
        let four = try #require(
            grams("Potato, roasted, NFS", roast, natural: "serving", hints: ["roast", "potatoes"], counted: true))
        #expect(four.gramsPerQuantity == 60)
        // A named piece heavier than the serving is not a piece of it.
        let sausage = [portion("half smoke sausage", 112), portion("serving (quantity not specified)", 60)]
        let links = grams("Pork sausage", sausage, natural: "serving", hints: ["sausages"], counted: true)
        #expect(links?.gramsPerQuantity == 60)
    }

    @Test func aCountOfSmallPiecesWithNoPiecePortionCountsTheKindsPieces() throws {
        let crisps = [portion("oz", 28.35), portion("bag (8 oz)", 227)]
        let fifteen = try #require(grams("Snacks, potato chips, plain", crisps, hints: ["chips"], counted: true))
        #expect(fifteen.gramsPerQuantity == 2)
        #expect(fifteen.assumption != nil)
        // A bag is a single-serve bag, not the table's 8 oz family bag.
        #expect(grams("Snacks, potato chips, plain", crisps, unit: household("bag"))?.gramsPerQuantity == 30)
    }

    @Test func aSliceOfFruitScalesWithTheFruit() throws {
        let lemon = [portion("fruit (2-1/8\" dia)", 58), portion("wedge or slice (1/8 of one lemon)", 7)]
        #expect(grams("Lemons, raw", lemon, unit: household("slice"))?.gramsPerQuantity == 7)
        let melon = [portion("cup, diced", 152), portion("wedge (approx 1/16 of melon)", 286)]
        #expect(grams("Watermelon, raw", melon, unit: household("slice"))?.gramsPerQuantity == 286)
        let orange = [portion("cup, sections", 180), portion("large", 184)]
        let slice = try #require(grams("Oranges, raw", orange, unit: household("slice")))
        #expect(slice.gramsPerQuantity == 23)
        #expect(slice.assumption != nil)
    }

    @Test func householdMeasuresFollowTheKind() {
        #expect(FoodKind.of(name: "Apricots, dried, sulfured, uncooked", group: "Fruits") == .driedFruit)
        #expect(FoodKind.of(name: "Cherries, sweet, raw", group: "Fruits") == .smallFruit)
        #expect(FoodKind.of(name: "Fast foods, potato, french fried", group: "Fast Foods") == .fries)
        #expect(FoodKind.of(name: "Snacks, potato chips, plain", group: "Snacks") == .crisps)
        #expect(FoodKind.of(name: "Salad dressing, mayonnaise, regular", group: "") == .sauce)
        #expect(FoodKind.of(name: "Beans, snap, green, cooked", group: "Vegetables") == .vegetable)
        #expect(FoodKind.of(name: "Beans, baked, canned", group: "Legumes") == .beans)
        let kidney = "Beans, kidney, red, mature seeds, cooked, boiled, without salt"
        #expect(FoodKind.of(name: kidney, group: "Legumes and Legume Products") == .beans)
        #expect(FoodKind.of(name: "Beans, baked, canned, with pork", group: "Legumes") == .beans)
        #expect(FoodKind.of(name: "Seeds, sunflower seed kernels, dried", group: "Nut and Seed Products") == .nuts)
        #expect(HouseholdMeasures.amount(of: "handful", kind: .driedFruit) == .grams(35))
        #expect(HouseholdMeasures.amount(of: "dash", kind: .milk) == .millilitres(30))
        #expect(HouseholdMeasures.amount(of: "dollop", kind: .spread) == .grams(16))
        #expect(HouseholdMeasures.amount(of: "scoop", kind: .potato) == .grams(100))
        #expect(HouseholdMeasures.density(of: .fries) == 0.25)
    }

    @Test func aContainerIsOneAsItIsBoughtAndEatenFrom() {
        // A carton or box one drinks is a single one; a jar of pasta sauce is a whole jar.
        #expect(HouseholdMeasures.amount(of: "carton", kind: .juice) == .millilitres(250))
        #expect(HouseholdMeasures.amount(of: "carton", kind: .soup) == .millilitres(600))
        #expect(HouseholdMeasures.amount(of: "box", kind: .juice) == .millilitres(200))
        #expect(HouseholdMeasures.amount(of: "box", kind: .cereal) == nil)
        #expect(HouseholdMeasures.amount(of: "jar", kind: .sauce) == .grams(600))
        #expect(HouseholdMeasures.amount(of: "jar", kind: .spread) == .grams(340))
        // A can of a spirit is a ready-mixed can; a flute a champagne pour.
        #expect(HouseholdMeasures.amount(of: "can", kind: .spirit) == .millilitres(250))
        #expect(HouseholdMeasures.amount(of: "flute", kind: .wine) == .millilitres(125))
        // Ice cream is sold by volume; a splash of milk is a mug's splash, of a sauce a spoon.
        #expect(HouseholdMeasures.amount(of: "tub", kind: .iceCream) == .millilitres(500))
        #expect(HouseholdMeasures.amount(of: "splash", kind: .milk) == .millilitres(30))
        #expect(HouseholdMeasures.amount(of: "splash", kind: .sauce) == .millilitres(15))
        // A pack is the package before any packet (SR26's ramen: the flavour `packet` is 5.8 g).
        #expect(HouseholdMeasures.portionSynonyms(of: "pack").first == "package")
        #expect(HouseholdMeasures.portionSynonyms(of: "packet").first == "packet")
        #expect(FoodKind.of(name: "Oil, olive, salad or cooking", group: "Fats and Oils") == .oil)
        #expect(HouseholdMeasures.amount(of: "glug", kind: .oil) == .millilitres(15))
        #expect(HouseholdMeasures.amount(of: "sliver", kind: .cake) == .grams(40))
        // What a fish is canned in is no kind of its own.
        let sardines = "Fish, sardine, Atlantic, canned in oil, drained solids with bone"
        #expect(FoodKind.of(name: sardines, group: "Finfish and Shellfish Products") == .fish)
        // Pasta sauce is a sauce, not pasta.
        #expect(FoodKind.of(name: "Sauce, pasta, spaghetti/marinara, ready-to-serve", group: "Soups") == .sauce)
        #expect(FoodKind.of(name: "Spaghetti sauce with poultry", group: "") == .sauce)
        #expect(FoodKind.of(name: "Spaghetti, cooked, enriched", group: "") == .grainDish)
    }

    @Test func aSizeOnAContainerScalesTheContainer() throws {
        let hummus = [portion("tbsp", 15)]
        let small = try #require(grams("Hummus, commercial", hummus, unit: household("pot"), size: "small"))
        #expect(small.gramsPerQuantity == 100)
        let juice = [portion("cup", 249)]
        let tall = try #require(
            grams("Orange juice, chilled", juice, unit: household("glass"), size: "tall"))
        #expect(abs(tall.gramsPerQuantity - 354.9 * 249 / 236.6) < 0.5)
    }
}
