import Testing
@testable import Nutrition

/// Rows of the shipped table against known SR26 and FNDDS values.
struct FoodTableTests {
    let table = try! FoodTable()

    @Test func eggRow() throws {
        let egg = try #require(table.food(id: "usda:01123"))
        #expect(egg.per100g[.kcal] == 143)
        #expect(egg.per100g[.protein] == 12.56)
        #expect(egg.name == "Egg, whole, raw, fresh")
        #expect(egg.group == "Dairy and Egg Products")
        #expect(table.portions(of: 1123).first { $0.unit == "large" }?.grams == 50)
    }

    @Test func cookedWhiteRiceRow() throws {
        let rice = try #require(table.food(number: 20045))
        #expect(rice.per100g[.kcal] == 130)
        #expect(table.portions(of: 20045).first { $0.unit == "cup" }?.grams == 158)
        #expect(rice.tags.contains("rice") && rice.tags.contains("white-starch"))
    }

    @Test func countsAndMeta() {
        let counts = table.counts()
        // 8,463 SR26 foods + 5,431 FNDDS foods (all but "Milk, human", which has no nutrients).
        #expect(counts.foods == 8463 + 5431)
        #expect(table.meta("fndds_food_count") == "5431")
        #expect(counts.portions == 15137 + 22043)  // less the 3 of "Milk, human"
        #expect(counts.aliases >= 400)
        #expect(table.meta("version") == "sr26-fndds-1")
    }

    @Test func fnddsLatteRow() throws {
        let latte = try #require(table.food(id: "fndds:92101900"))
        #expect(latte.number == 92_101_900)
        #expect(latte.name == "Coffee, Latte")
        #expect(latte.group == "Coffee")
        #expect(latte.per100g[.kcal] == 43)
        #expect(latte.per100g[.protein] == 2.81)
        #expect(latte.per100g[Nutrient.named("manganese")!] == nil)  // FNDDS has no manganese
        #expect(latte.tags.contains("beverage") && latte.tags.contains("dairy"))
        let portions = table.portions(of: latte.number)
        #expect(portions.first { $0.unit == "small" }?.grams == 360)
        #expect(portions.first { $0.unit == "serving (quantity not specified)" }?.grams == 360)
        #expect(table.food(named: "fndds:92101900") == latte)
        #expect(table.food(id: "92101900") == latte)
    }

    @Test func idsOfBothSources() {
        #expect(FoodSource.number(ofID: "usda:01123") == 1123)
        #expect(FoodSource.number(ofID: "01123") == 1123)
        #expect(FoodSource.number(ofID: "fndds:92101900") == 92_101_900)
        #expect(FoodSource.number(ofID: "fndds:01123") == nil)
        #expect(FoodSource.number(ofID: "usda:92101900") == nil)
        #expect(FoodSource.number(ofID: "usda:-1123") == nil)
        #expect(FoodSource(number: 1123).id(1123) == "usda:01123")
        #expect(FoodSource(number: 92_101_900).id(92_101_900) == "fndds:92101900")
        #expect(FoodSource.isID("fndds:92101900") && !FoodSource.isID("latte"))
    }

    @Test func fnddsMixedDishesCarryThePlansTags() throws {
        // A burrito is bread-like white starch with beef and cheese; a plain bagel is bread.
        let burrito = try #require(table.food(id: "fndds:58102310"))
        #expect(Set(burrito.tags).isSuperset(of: ["white-starch", "bread", "meat", "dairy", "prepared"]))
        let latteRowTags = try #require(table.food(id: "fndds:92101900")).tags
        #expect(!latteRowTags.contains("white-starch"))
    }

    @Test func missingValuesStayMissing() throws {
        // Caraway cheese has no vitamin D value in SR26 (an empty field): it must not read as zero.
        let cheese = try #require(table.food(number: 1008))
        #expect(cheese.per100g[Nutrient.named("vit_d")!] == nil)
        #expect(cheese.per100g[.kcal] == 376)
    }
}
