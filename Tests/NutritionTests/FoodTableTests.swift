import Testing
@testable import Nutrition

/// Rows of the shipped table against known SR26 values.
struct FoodTableTests {
    static let table = try! FoodTable()

    @Test func eggRow() throws {
        let egg = try #require(Self.table.food(id: "usda:01123"))
        #expect(egg.per100g[.kcal] == 143)
        #expect(egg.per100g[.protein] == 12.56)
        #expect(egg.name == "Egg, whole, raw, fresh")
        #expect(egg.group == "Dairy and Egg Products")
        #expect(Self.table.portions(of: 1123).first { $0.unit == "large" }?.grams == 50)
    }

    @Test func cookedWhiteRiceRow() throws {
        let rice = try #require(Self.table.food(number: 20045))
        #expect(rice.per100g[.kcal] == 130)
        #expect(Self.table.portions(of: 20045).first { $0.unit == "cup" }?.grams == 158)
        #expect(rice.tags.contains("rice") && rice.tags.contains("white-starch"))
    }

    @Test func countsAndMeta() {
        let counts = Self.table.counts()
        #expect(counts.foods == 8463)
        #expect(counts.portions == 15137)
        #expect(counts.aliases >= 400)
        #expect(Self.table.meta("version") == "sr26-1")
    }

    @Test func missingValuesStayMissing() throws {
        // Caraway cheese has no vitamin D value in SR26 (an empty field): it must not read as zero.
        let cheese = try #require(Self.table.food(number: 1008))
        #expect(cheese.per100g[Nutrient.named("vit_d")!] == nil)
        #expect(cheese.per100g[.kcal] == 376)
    }
}
