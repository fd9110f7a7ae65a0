import Testing
@testable import Nutrition

/// The matcher's confidence floor and spelling rules (grammar/foods.md).
struct FoodMatcherTests {
    static let matcher = FoodMatcher(table: try! FoodTable())

    @Test func spellingCorrectionNeverRewritesAWordTheTableKnows() {
        #expect(Self.matcher.correctTypos("brocoli") == "broccoli")
        #expect(Self.matcher.correctTypos("kimchi") == nil)  // an FNDDS food, not an alias
        #expect(Self.matcher.correctTypos("tahini") == nil)
        #expect(Self.matcher.correctTypos("mochi") == nil)  // only an FNDDS synonym ("Japanese rice cake Mochi")
    }

    @Test func belowTheFloorThereIsNoMatch() {
        // Every word must be named by the row or be a modifier; brands must be named.
        #expect(Self.matcher.match("scotch egg") == nil)
        #expect(Self.matcher.match("blorp") == nil)
        #expect(Self.matcher.match("grilled chicken breast")?.food.id == "usda:05064")
        #expect(Self.matcher.match("silk mocha")?.food.id == "usda:16248")
        #expect(Self.matcher.match("mocha")?.food.id.hasPrefix("fndds:") == true)
    }

    @Test func aSeasoningMeasurePrefersASpice() {
        #expect(Self.matcher.match("pepper")?.food.id == "usda:11333")
        #expect(Self.matcher.match("pepper", seasoning: true)?.food.id == "usda:02030")
        #expect(Self.matcher.match("soy sauce", seasoning: true)?.food.id == Self.matcher.match("soy sauce")?.food.id)
    }

    @Test func anFNDDSFoodCountsByItsDefaultServing() {
        #expect(Self.matcher.match("pad thai")?.naturalPortion == "serving")
    }
}
