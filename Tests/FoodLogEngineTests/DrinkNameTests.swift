import Testing
import MealSyntax
@testable import Nutrition
@testable import FoodLogEngine

/// Drinks by the names people give them: two flavours joined by `and` are one drink, a spirit
/// is ordered by its brand, and a sugar-free or zero soft drink is the table's diet row.
extension ResolverTests {
    @Test func aFlavourAndADrinkOfAnotherFlavourAreOneDrink() throws {
        #expect(FoodMatcher.namesOneDrinkOfFlavours(first: "apple", second: "mango juice"))
        #expect(FoodMatcher.namesOneDrinkOfFlavours(first: "lemon", second: "ginger tea"))
        #expect(FoodMatcher.namesOneDrinkOfFlavours(first: "strawberries", second: "banana smoothie"))
        // Not a flavour, or not a drink, or the drink is one word: two items.
        #expect(!FoodMatcher.namesOneDrinkOfFlavours(first: "toast", second: "orange juice"))
        #expect(!FoodMatcher.namesOneDrinkOfFlavours(first: "apple", second: "cheddar cheese"))
        #expect(!FoodMatcher.namesOneDrinkOfFlavours(first: "banana", second: "tea"))
        for phrase in ["a glass of apple and mango juice", "a cup of lemon and ginger tea"] {
            #expect(resolve(phrase).count == 1, "\(phrase)")
        }
        #expect(resolve("toast and orange juice").count == 2)
    }

    @Test func aSpiritOrderedByItsBrandIsItsMixedDrink() throws {
        for (phrase, id) in ["a jack and coke": "fndds:93301182", "a bacardi and coke": "fndds:93301190"] {
            let resolved = try resolve(phrase).map { try $0.get() }
            #expect(resolved.map(\.food.id) == [id], "\(phrase)")
        }
        // The brand is a spirit only before a mixer.
        #expect(MixedDrinks.tableNames(words: ["jack"]).isEmpty)
    }

    @Test func aZeroOrSugarFreeSoftDrinkIsTheDietRow() throws {
        let phrases = [
            "a zero sugar sprite", "a can of diet irn bru", "a can of monster zero ultra", "a diet lemonade",
        ]
        for phrase in phrases {
            let name = try #require(resolve(phrase).first).get().food.name.lowercased()
            #expect(name.contains("diet") || name.contains("sugar free"), "\(phrase): \(name)")
        }
    }
}

extension ResolverTests {
    @Test func aFlavourLeftOutTakesItsAndWithIt() {
        #expect(FoodMatcher.unflavouredName("apple and mango juice", without: ["mango"]) == "apple juice")
        #expect(FoodMatcher.unflavouredName("mango and apple juice", without: ["mango"]) == "apple juice")
        #expect(FoodMatcher.unflavouredName("ginger kombucha", without: ["ginger"]) == "kombucha")
        #expect(FoodMatcher.unflavouredName("lime and mango", without: ["lime", "mango"]) == "")
    }
}

extension ResolverTests {
    @Test func aSkinnyOrSugarFreeCoffeeShopDrinkIsTheNonfatRow() throws {
        for phrase in ["a skinny vanilla latte", "a sugar free hazelnut latte"] {
            #expect(try #require(resolve(phrase).first).get().food.id == "fndds:92101905", "\(phrase)")
        }
    }

    @Test func aSizedFlavourMilkshakeIsTheShopMilkshakeScaled() throws {
        let plain = try #require(resolve("a strawberry milkshake").first).get()
        #expect(plain.food.id == "fndds:11541120")
        #expect(plain.grams == 280)
        let medium = try #require(resolve("a medium strawberry milkshake").first).get()
        #expect(medium.food.id == "fndds:11541120")
        #expect(medium.grams > 400 && medium.grams < 500, "a 16 fl oz cup, not SR26's 376 g")
    }
}

extension ResolverTests {
    @Test func whatADrinkIsOrderedWithoutIsANote() throws {
        let parts = try #require(FoodMatcher.hotDrinkOrderNote("black coffee no milk or sugar"))
        #expect(parts.drink == "black coffee" && parts.note == "no milk or sugar")
        #expect(FoodMatcher.hotDrinkOrderNote("lemonade no sugar") == nil, "a soft drink asks for its diet row")
        #expect(FoodMatcher.hotDrinkOrderNote("chips no salt") == nil, "no drink")
        #expect(FoodMatcher.hotDrinkOrderNote("tea no biscuits") == nil, "biscuits are no order word")
        #expect(FoodMatcher.saysOrderedWithout("no milk no sugar"))
        #expect(!FoodMatcher.saysOrderedWithout("no added sugar squash"))
        for phrase in ["a black coffee no sugar", "coffee with no sugar"] {
            let resolved = try resolve(phrase).map { try $0.get() }
            #expect(resolved.count == 1, "\(phrase)")
            #expect(resolved.first?.food.name.lowercased().hasPrefix("coffee") == true, "\(phrase)")
            #expect(resolved.first?.note?.contains("no sugar") == true, "\(phrase)")
        }
    }
}

extension ResolverTests {
    @Test func aColdDrinksGarnishIsANoteNotAFruit() throws {
        #expect(FoodMatcher.isDrinkGarnish("a slice of lemon"))
        #expect(FoodMatcher.isDrinkGarnish("lime"))
        #expect(!FoodMatcher.isDrinkGarnish("chips"))
        #expect(!FoodMatcher.isDrinkGarnish("a slice"))
        for phrase in ["a glass of sparkling water with lime", "a gin and tonic with lemon"] {
            let resolved = try resolve(phrase).map { try $0.get() }
            #expect(resolved.count == 1, "\(phrase)")
            #expect(resolved.first?.note?.hasPrefix("with") == true, "\(phrase)")
        }
        #expect(resolve("fish with lemon").count == 2, "no drink: the lemon is a side")
    }
}
