import Testing
@testable import Nutrition

struct MixedDrinksTests {
    @Test func aSpiritAndAMixerNameTheTableRowsBestFirst() {
        #expect(
            MixedDrinks.tableNames(words: ["vodka", "and", "diet", "coke"]) == [
                "Vodka and diet cola", "Vodka and cola",
            ])
        #expect(MixedDrinks.tableNames(words: ["gin", "&", "slimline", "tonic"]) == ["Gin and tonic"])
        #expect(MixedDrinks.tableNames(words: ["double", "whisky", "and", "coke"]) == ["Whiskey and cola"])
        #expect(MixedDrinks.tableNames(words: ["cognac", "and", "coke"]) == ["Brandy and cola"])
    }

    @Test func otherNamesAreNoMixedDrink() {
        #expect(MixedDrinks.tableNames(words: ["fish", "and", "chips"]).isEmpty)
        #expect(MixedDrinks.tableNames(words: ["vodka", "and", "orange", "cake"]).isEmpty)
        #expect(MixedDrinks.tableNames(words: ["vodka"]).isEmpty)
        #expect(MixedDrinks.tableNames(words: ["lime", "vodka", "and", "soda"]).isEmpty)
    }
}
