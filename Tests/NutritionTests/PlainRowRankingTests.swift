import Testing
@testable import Nutrition

/// Rows that say more than the name did (grammar/foods.md, "Plain rows, products and
/// substitutes"): the plain row before a flavour, the food before a mix of it, the usual food
/// before a substitute.
struct PlainRowRankingTests {
    let matcher = FoodMatcher(table: try! FoodTable())

    @Test func thePlainRowBeatsAFillingTheNameDidNotSay() {
        // SR26's cheese danish would win the ingredient tie-break; FNDDS's plain one is the food.
        #expect(matcher.match("danish pastry")?.food.id == "fndds:53510000")
        // A filling said still picks its row.
        #expect(matcher.match("cheese danish pastry")?.food.name.lowercased().contains("cheese") == true)
        // The NFS row stays the default over a plain one (`Crêpe, NFS` before `Crepe, plain`),
        // and a plain row with a variant after it is no plain row (`…, plain, sugared or glazed`).
        #expect(matcher.match("crepe")?.food.id == "fndds:55400010")
        #expect(matcher.match("doughnut")?.food.id == "fndds:53520000")
    }

    @Test func aMixOrDoughComesAfterTheFoodUnlessSaid() {
        #expect(matcher.match("buttermilk biscuit")?.food.name.contains("mix") == false)
        #expect(matcher.match("buttermilk biscuit")?.food.name.contains("dough") == false)
        // Said, the product is the row.
        #expect(matcher.match("buttermilk biscuit mix")?.food.name.contains("mix") == true)
        // Made up, a mix is the food again (`Lemonade, frozen concentrate, …, prepared with water`).
        #expect(
            FoodMatcher.unsaidAdjustment(
                "Biscuits, plain or buttermilk, dry mix, prepared",
                folded: Set(TextNormalizer.foldedWords("Biscuits, plain or buttermilk, dry mix, prepared")),
                said: ["buttermilk", "biscuit"]) == 0)
        // `mixed species` says no mix.
        #expect(
            FoodMatcher.unsaidAdjustment(
                "Mollusks, squid, mixed species, cooked, fried",
                folded: Set(TextNormalizer.foldedWords("Mollusks, squid, mixed species, cooked, fried")),
                said: ["squid"]) == 0)
    }

    @Test func aSubstituteIsNeverTheUsualFood() {
        #expect(matcher.match("hot chocolate made with milk")?.food.id == "fndds:11512010")
        #expect(matcher.match("hot chocolate made with non dairy milk")?.food.id == "fndds:11512030")
    }

    @Test func frostingAndIcingAreOneTopping() {
        // FNDDS ices its cupcakes; a name saying frosting covers the iced row, which ranks
        // before a cake of the flavour alone.
        let ranked = matcher.search("chocolate cupcake with chocolate frosting", limit: 10).map(\.food.id)
        let iced = ranked.firstIndex(of: "fndds:53105270")
        #expect(iced != nil && iced! < (ranked.firstIndex(of: "fndds:53105300") ?? ranked.count))
    }

    @Test func aDrinksUnsaidFlavourFallsBackToTheDrinkAsAssumed() {
        let kombucha = matcher.match("ginger kombucha")
        #expect(kombucha?.food.id == "fndds:92306920")
        #expect(kombucha?.kind == .fuzzy)
        #expect(kombucha?.correctedPhrase == "kombucha")
        // Only a drink: a flavour of a food is no such fallback.
        #expect(matcher.match("ginger blorp") == nil)
    }
}
