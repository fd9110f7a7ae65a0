import Testing
@testable import Nutrition

/// The matcher's confidence floor and spelling rules (grammar/foods.md).
struct FoodMatcherTests {
    let matcher = FoodMatcher(table: try! FoodTable())

    @Test func spellingCorrectionNeverRewritesAWordTheTableKnows() {
        #expect(matcher.correctTypos("brocoli") == "broccoli")
        #expect(matcher.correctTypos("kimchi") == nil)  // an FNDDS food, not an alias
        #expect(matcher.correctTypos("tahini") == nil)
        #expect(matcher.correctTypos("mochi") == nil)  // only an FNDDS synonym ("Japanese rice cake Mochi")
    }

    @Test func belowTheFloorThereIsNoMatch() {
        // Every word must be named by the row or be a modifier; brands must be named.
        #expect(matcher.match("scotch egg") == nil)
        #expect(matcher.match("blorp") == nil)
        #expect(matcher.match("grilled chicken breast")?.food.id == "usda:05064")
        #expect(matcher.match("silk mocha")?.food.id == "usda:16248")
        #expect(matcher.match("mocha")?.food.id.hasPrefix("fndds:") == true)
    }

    @Test func aSeasoningMeasurePrefersASpice() {
        #expect(matcher.match("pepper")?.food.id == "usda:11333")
        #expect(matcher.match("pepper", seasoning: true)?.food.id == "usda:02030")
        #expect(matcher.match("soy sauce", seasoning: true)?.food.id == matcher.match("soy sauce")?.food.id)
    }

    @Test func anFNDDSFoodCountsByItsDefaultServing() {
        #expect(matcher.match("pad thai")?.naturalPortion == "serving")
    }
}
