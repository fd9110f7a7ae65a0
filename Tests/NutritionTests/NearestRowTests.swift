import Testing

@testable import Nutrition

/// A row is only the nearest food when it leaves out a word that says what the food is or what
/// is in it (grammar/foods.md, "When a row is only the nearest food").
struct NearestRowTests {
    let matcher = FoodMatcher(table: try! FoodTable())

    @Test func aDescribingWordNoRowHasGivesTheNearestRowShownAsSuch() throws {
        let wrap = try #require(matcher.match("chicken tikka wrap"))
        #expect(wrap.food.name.hasPrefix("Chicken fillet wrap sandwich"))
        #expect(wrap.nearest && wrap.unnamedWords == ["tikka"])
        let tacos = try #require(matcher.match("pulled pork tacos"))
        #expect(tacos.food.name.hasPrefix("Taco") && tacos.food.name.contains("pork"))
        #expect(tacos.nearest && tacos.unnamedWords == ["pulled"])
    }

    @Test func aLeftOutFoodOrAMostlyUnknownNameHasNoNearestRow() {
        // `halloumi` is a food of its own, and a wrap is only half the name.
        #expect(matcher.match("halloumi wrap") == nil)
        // Two words of three the table knows no food by: more left out than named.
        #expect(matcher.match("birria quesa taco") == nil)
        #expect(matcher.isDescribingWord("tikka"))
        #expect(!matcher.isDescribingWord("venison"))
        #expect(!matcher.isDescribingWord("cheese"))
    }

    @Test func aNutritionWordTheRowDoesNotSayMakesItTheNearestFood() throws {
        // (A skinny latte has an alias of its own, the nonfat flavoured latte.)
        let frozen = try #require(matcher.match("skinny caramel frappuccino"))
        #expect(frozen.nearest && frozen.unnamedWords == ["skinny"])
        // A lighter row of the food comes before the plain one.
        let yogurt = try #require(matcher.match("diet yogurt"))
        #expect(yogurt.nearest && yogurt.unnamedWords == ["diet"])
        #expect(yogurt.food.name.lowercased().contains("low fat") || yogurt.food.name.contains("nonfat"))
        // A row that says the word is the food itself.
        let almond = try #require(matcher.match("unsweetened almond milk"))
        #expect(!almond.nearest && almond.unnamedWords.isEmpty)
        let mayo = try #require(matcher.match("light mayo"))
        #expect(mayo.unnamedWords.isEmpty)
        // `homemade`, `tasty` describe a food without changing it.
        #expect(matcher.match("homemade lasagna")?.unnamedWords.isEmpty == true)
    }

    @Test func nutritionWordsAreTheOnesThatChangeTheFood() {
        #expect(FoodMatcher.unsaidNutrition("skinny vanilla latte", uncovered: ["skinny"]) == ["skinny"])
        #expect(FoodMatcher.unsaidNutrition("fat free yogurt", uncovered: ["fat", "free"]) == ["free"])
        // `free range` is no fat or sugar left out.
        #expect(FoodMatcher.unsaidNutrition("free range egg", uncovered: ["free", "range"]).isEmpty)
        #expect(FoodMatcher.unsaidNutrition("homemade lasagna", uncovered: ["homemade"]).isEmpty)
    }
}
