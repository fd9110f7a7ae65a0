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

    @Test func aCookedRowHasSiblingsInOtherForms() throws {
        let table = try FoodTable()
        func sibling(_ id: String, _ form: String, saying said: Set<String> = []) -> String? {
            table.food(named: id).flatMap { matcher.sibling(of: $0, inForm: [form], saying: said)?.id }
        }
        // Dry pasta is raw pasta; a cooked chicken thigh's raw row keeps the thigh.
        #expect(sibling("usda:20121", "raw") == "usda:20120")
        #expect(sibling("usda:05098", "raw", saying: ["boneless", "skinless", "chicken", "thigh"]) == "usda:05096")
        // The canned row, not the one canned and stewed or with green chilies.
        #expect(sibling("usda:11529", "canned") == "usda:11531")
        #expect(sibling("usda:16057", "canned") == "usda:16058")
        // A row whose first segment names another food is no sibling, though it has the word:
        // `Textured vegetable protein, dry` is no raw form of `Vegetables, mixed, frozen, cooked`.
        #expect(sibling("usda:11584", "raw") != "fndds:41440000")
        // After a category the food is the next segment: FNDDS's cooked shrimp is SR26's crustacean.
        #expect(["usda:15149", "usda:15270"].contains(sibling("fndds:26319130", "raw") ?? ""))
        // Every row of a search for all of some words has each of them.
        let rows = table.search(allOf: ["lentil"], anyOf: ["raw", "dry"])
        #expect(rows.contains { $0.number == 16069 })
        #expect(rows.allSatisfy { $0.name.lowercased().contains("lentil") })
    }

    @Test func aSeasoningMeasurePrefersASpice() {
        #expect(matcher.match("pepper")?.food.id == "usda:11333")
        #expect(matcher.match("pepper", seasoning: true)?.food.id == "usda:02030")
        #expect(matcher.match("soy sauce", seasoning: true)?.food.id == matcher.match("soy sauce")?.food.id)
    }

    @Test func anFNDDSFoodCountsByItsDefaultServing() {
        #expect(matcher.match("pad thai")?.naturalPortion == "serving")
    }

    @Test func aCuttingWordNeverPullsTowardAProcessedRow() {
        // `Onions, frozen, chopped` and `Pineapple, frozen, chunks, sweetened` share a cutting
        // word with the phrase; the plain rows are the food.
        #expect(matcher.match("chopped onion")?.food.id == "usda:11282")
        #expect(matcher.match("pineapple chunks")?.food.id == "usda:09266")
        #expect(matcher.match("sliced strawberries")?.food.id == "usda:09316")
        #expect(matcher.match("orange segments")?.food.id == "usda:09200")
        // A row naming the cut still breaks a tie; a said preparation still counts.
        #expect(matcher.match("grated parmesan")?.food.id == "usda:01032")
        #expect(matcher.match("frozen chopped onion")?.food.id == "usda:11287")
    }

    @Test func qualityWordsAreModifiers() {
        #expect(matcher.match("freshly grated parmesan")?.food.id == "usda:01032")
        #expect(matcher.match("pure vanilla extract")?.food.id == "usda:02050")
        #expect(matcher.match("kosher salt")?.food.id == "usda:02047")
        #expect(matcher.match("mature cheddar")?.food.id == "usda:01009")
        #expect(matcher.match("dried oregano leaves")?.food.id == "usda:02027")
    }

    @Test func aSaidFormWinsOverAnAliasInAnotherForm() {
        // The aliases `chicken breast`, `long grain rice`, `lentils` mean cooked rows.
        #expect(matcher.match("raw chicken breast")?.food.id == "usda:05062")
        #expect(matcher.match("uncooked long grain rice")?.food.id == "usda:20044")
        #expect(matcher.match("dried lentils")?.food.id == "usda:16069")
        #expect(matcher.match("quinoa uncooked")?.food.id == "usda:20035")
        #expect(matcher.match("poached egg")?.food.id == "usda:01131")
        // No tomato row says grilled: the alias stands, rather than a sandwich with tomato.
        #expect(matcher.match("grilled tomato")?.food.id == "usda:11529")
        // FNDDS's `from raw` is what a cooked food was made from, not raw food.
        #expect(matcher.match("raw chicken thigh")?.food.name.hasSuffix("raw") == true)
    }

    @Test func aBrandAnywhereInARowMustBeNamed() {
        #expect(
            FoodMatcher.brandWords("Snacks, KELLOGG'S, NUTRI-GRAIN Cereal Bars, fruit") == [
                "kellogg", "nutri", "grain",
            ])
        #expect(FoodMatcher.brandWords("Burrito, NFS").isEmpty)
        #expect(matcher.match("oatmeal crisp") == nil)
    }

    @Test func typosOfPluralsAndShortWords() {
        #expect(matcher.correctTypos("egss") == "egg")
        #expect(matcher.correctTypos("tee") == "tea")
        #expect(matcher.correctTypos("tea") == nil)
    }

    @Test func britishAndBrandNamesAreTheirGenericFoods() {
        #expect(matcher.match("custard creams")?.food.id == "usda:18210")
        #expect(matcher.match("babybel")?.food.id == "fndds:14107030")
        #expect(matcher.match("hula hoops")?.food.id == "usda:19411")
        #expect(matcher.match("a greggs sausage roll")?.food.id == matcher.match("sausage roll")?.food.id)
    }

    @Test func regionalWordsReadAsTheTablesWordAndShowAsAssumed() {
        let steak = matcher.match("steak bap")
        #expect(steak?.food.id == "fndds:27514010")
        #expect(steak?.kind == .fuzzy)
        #expect(steak?.correctedPhrase == "steak sandwich")
        // A curated alias of the words it becomes is no assumption.
        #expect(matcher.match("tuna sarnie")?.food.id == "fndds:27550720")
        #expect(matcher.match("tuna sarnie")?.kind == .alias)
        // Two edits keep the first letter.
        #expect(matcher.correctTypos("brocolli") == "broccoli")
        #expect(matcher.correctTypos("freddo") == nil)
    }
}
