import MealSyntax
import Nutrition
import Testing

@testable import FoodLogEngine

/// `with`/`on` phrases: a side's amount by what it comes with, toppings by what they sit on,
/// cooking liquids and parts the main food already has as notes, composites that add no food.
struct WithSideTests {
    func resolved(_ text: String) throws -> [ResolvedItem] {
        guard case .log(let log)? = Parser.parse(SourceFile(name: "t", text: "log " + text)).statements.first?.kind
        else {
            Issue.record("not a log statement: \(text)")
            return []
        }
        return try Resolver(library: nil).resolveAll(log.items).map { try $0.get() }
    }

    @Test func milkInAHotDrinkIsASplashAndOnCerealAPour() throws {
        let tea = try resolved("tea with milk")
        #expect(tea.map(\.food.id) == ["usda:14355", "usda:01077"])
        #expect(abs(tea[1].grams - 30 * 244 / 236.5882365) < 0.01)
        #expect(tea[1].assumption == "side with a hot drink ≈ 30 ml")
        let muesli = try resolved("muesli with milk")
        #expect(abs(muesli[1].grams - 125 * 244 / 236.5882365) < 0.01)
        #expect(muesli[1].assumption == "side with cereal ≈ 125 ml")
    }

    @Test func aSideJoinedByAndIsASideToo() throws {
        let coffee = try resolved("a cup of coffee with cream and sugar")
        #expect(coffee.count == 3)
        #expect(coffee[2].food.id == "usda:19335")
        #expect(coffee[2].grams == 4)
        #expect(coffee[2].assumption == "side with a hot drink ≈ 4 g")
    }

    @Test func aSideWithItsOwnAmountKeepsIt() throws {
        let coffee = try resolved("coffee with a splash of milk")
        #expect(coffee[1].assumption == "splash ≈ 30 ml")
    }

    @Test func sidesByTheMainsKind() throws {
        #expect(try resolved("toast with butter")[1].grams == 7)
        #expect(try resolved("crackers with cheese")[1].grams == 30)
        #expect(try resolved("a jacket potato with cheese")[1].grams == 40)
        // A sprinkle, not one raisin or one walnut.
        #expect(try resolved("porridge with raisins")[1].grams == 20)
        #expect(try resolved("greek yogurt with walnuts")[1].grams == 15)
        // No row for the pair: the side's own natural unit.
        #expect(try resolved("toast with jam")[1].basis == "1 × tbsp (20 g)")
    }

    @Test func aPartsKindIsItsHeadNoun() throws {
        // `almond milk` is milk, not nuts; `Potatoes, mashed, …, butter added` are no butter.
        #expect(try resolved("coffee with almond milk")[1].assumption == "side with a hot drink ≈ 30 ml")
        #expect(try resolved("steak with mashed potatoes")[1].assumption?.hasPrefix("side") != true)
    }

    @Test func aToppingIsWeighedByWhatItSitsOn() throws {
        let avocado = try resolved("avocado on toast")
        #expect(avocado.map(\.food.id) == ["usda:09037", "usda:18070"])
        #expect(avocado[0].grams == 100)
        #expect(avocado[0].assumption == "topping on bread ≈ 100 g")
        #expect(try resolved("beans on toast")[0].grams == 200)
        // A topping with an amount keeps it.
        #expect(try resolved("2 eggs on toast")[0].grams == 100)
        #expect(try resolved("2 eggs on toast")[0].assumption == nil)
    }

    @Test func aCookingLiquidIsANote() throws {
        let porridge = try resolved("porridge with water")
        #expect(porridge.count == 1)
        #expect(porridge[0].note == "with water")
        #expect(porridge[0].text == "porridge with water")
    }

    @Test func whatTheMainFoodAlreadyHasIsANote() throws {
        let potato = try resolved("a baked potato with skin")
        #expect(potato.count == 1)
        #expect(potato[0].food.name.lowercased().contains("skin"))
        #expect(potato[0].note == "with skin")
    }

    @Test func aCompositeAddsNoFoodNobodyNamed() throws {
        // `Egg burrito, with bacon` is no composite of eggs and bacon.
        let eggs = try resolved("eggs with bacon")
        #expect(eggs.count == 2)
        #expect(!eggs.contains { $0.food.name.lowercased().contains("burrito") })
        // `Tea, ready-to-drink, ARIZONA iced tea, with lemon flavor` is not tea with lemon.
        let tea = try resolved("tea with lemon")
        #expect(tea.map(\.food.id) == ["usda:14355", "usda:09150"])
    }

    @Test func aHotDrinksMilkIsNoMilkyDrink() throws {
        // The table's `Tea, hot, with milk` is masala chai, 51 kcal per 100 g.
        let tea = try resolved("tea with milk")
        #expect(!tea.contains { $0.food.id == "fndds:92306800" })
    }

    @Test func aSideReadsAnAmbiguousWordByTheMain() throws {
        let fish = try resolved("fish with chips")
        #expect(fish[1].food.name.lowercased().contains("french fried"))
        #expect(fish[1].choice.otherReadings.isEmpty)
    }

    @Test func coffeeShopServingsGivenAsVolumes() throws {
        let flatWhite = try resolved("a flat white")[0]
        #expect(flatWhite.food.id == "fndds:92101900")
        #expect(flatWhite.basis == "1 × serving (6 fl oz) (180 g)")
        #expect(abs(try resolved("2 flat whites")[0].grams - 360) < 0.01)
        #expect(try resolved("a cortado")[0].basis == "1 × serving (4 fl oz) (120 g)")
    }
}
