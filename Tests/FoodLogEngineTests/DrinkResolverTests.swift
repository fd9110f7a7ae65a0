import Testing
import MealSyntax
import Nutrition
@testable import FoodLogEngine

/// Drinks as people order them: a spirit and its mixer are one drink, ice is how it is served,
/// and a pint of anything drunk is the imperial pint.
extension ResolverTests {
    @Test func aSpiritAndItsMixerAreOneDrinkWhateverTheMixerIsCalled() throws {
        let drinks = [
            "a vodka and diet coke": "fndds:93301215", "a whisky and coke": "fndds:93301182",
            "a gin and slimline tonic": "fndds:93301060", "a rum and pepsi max": "fndds:93301191",
            "a scotch and soda water": "fndds:93301170", "a double vodka and coke": "fndds:93301214",
            "a bourbon and ginger ale": "fndds:93301184",
        ]
        for (phrase, id) in drinks {
            let resolved = try resolve(phrase).map { try $0.get() }
            #expect(resolved.map(\.food.id) == [id], "\(phrase)")
            #expect(resolved.first?.grams == 225, "\(phrase): the drink's serving, not a spirit measure")
        }
        // No such row (FNDDS has no gin and orange): the spirit and the mixer stay two items.
        #expect(resolve("a gin and orange juice").count == 2)
    }

    @Test func iceIsHowADrinkIsServedNotAFood() throws {
        for phrase in ["a scotch on the rocks", "a margarita on the rocks", "a glass of lemonade with ice"] {
            let resolved = try resolve(phrase).map { try $0.get() }
            #expect(resolved.count == 1, "\(phrase)")
            #expect(["on the rocks", "with ice"].contains(resolved.first?.note ?? ""), "\(phrase)")
        }
    }

    @Test func whatAFoodIsWithoutNamesNoSecondFood() throws {
        for phrase in [
            "a glass of orange squash, no added sugar", "toast, no butter", "a pint of orange juice with bits",
        ] {
            #expect(resolve(phrase).count == 1, "\(phrase)")
        }
    }

    @Test func aPintOfAnyDrinkIsTheImperialPint() throws {
        let milk = try #require(resolve("a pint of semi skimmed milk").first).get()
        #expect(milk.food.id == "usda:01079")
        #expect(abs(milk.grams - 586) < 1)
        #expect(milk.assumption == "pint ≈ 568 ml")
        let juice = try #require(resolve("half a pint of orange juice").first).get()
        #expect(abs(juice.grams - 298) < 2)
    }

    @Test func fillingsBeforeSausagesNameTheSausage() throws {
        let sausages = resolve("2 pork and apple sausages")
        #expect(sausages.count == 1)
    }
}
