import Testing
import MealSyntax
import Nutrition
@testable import FoodLogEngine

struct ResolverTests {
    func items(_ text: String) -> [Item] {
        guard case .log(let log)? = Parser.parse(SourceFile(name: "t", text: "log " + text)).statements.first?.kind
        else {
            return []
        }
        return log.items
    }

    func resolve(_ text: String, library: FoodLibrary? = nil) -> [Result<ResolvedItem, Diagnostic>] {
        do { return try Resolver(library: library).resolveAll(items(text)) } catch {
            Issue.record("the resolver failed: \(error.message)")
            return []
        }
    }

    @Test func theCachesStayWithinTheirLimit() throws {
        let resolver = Resolver(library: nil)
        resolver.cachedNamesLimit = 4
        let names = ["egg", "rice", "banana", "apple", "milk", "bread", "oats", "butter", "honey", "tea"]
        for name in names { _ = try resolver.resolveAll(items("1 " + name)) }
        #expect(resolver.cache.count <= 4 && resolver.shapes.count <= 4 && resolver.knownNames.count <= 4)
        #expect(!resolver.cache.isEmpty)
        // What was dropped resolves again the same way.
        #expect(try resolver.resolveAll(items("1 egg")).map { try $0.get().food.id } == ["usda:01123"])
    }

    @Test func plainFoodsAndTheirPortions() throws {
        let results = resolve("2 eggs, 200g rice, and a coffee")
        let resolved = try results.map { try $0.get() }
        #expect(resolved.map(\.food.id) == ["usda:01123", "usda:20045", "usda:14209"])
        #expect(resolved.map(\.grams) == [100, 200, 237])
        #expect(resolved[0].basis == "2 × large (50 g)")
        #expect(resolved.allSatisfy { $0.source == .database && !$0.isEstimate })
    }

    @Test func modifiersSwitchRows() throws {
        let ids = try resolve("1 cup brown rice, 1 cup skim milk, 2 scrambled eggs").map { try $0.get().food.id }
        #expect(ids == ["usda:20037", "usda:01085", "usda:01132"])
    }

    @Test func unitWithoutWeightNamesTheUnitsTheFoodHas() {
        guard case .failure(let diagnostic) = resolve("2 slices rice")[0] else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.id == "no-portion")
        #expect(
            diagnostic.message == "no gram weight for 'slices' of Rice, white, long-grain, regular, cooked, enriched")
        #expect(diagnostic.help == "it has: cup (158 g); or give grams")
    }

    @Test func volumeUsesTheFoodsDensity() throws {
        let milk = try resolve("250 ml milk")[0].get()
        #expect(abs(milk.grams - 250 * 244 / 236.5882365) < 0.01)
    }

    @Test func libraryComesBeforeTheTable() throws {
        let library = MemoryLibrary()
        var nutrients = Nutrients()
        nutrients[.kcal] = 400
        library.customFoods["egg"] = LibraryFood(
            name: "egg", per100g: nutrients,
            portions: [FoodPortion(sequence: 1, amount: 1, unit: "piece", grams: 60)], tags: [])
        let egg = try resolve("2 egg", library: library)[0].get()
        #expect(egg.source == .custom)
        #expect(egg.grams == 120)
        #expect(egg.nutrients[.kcal] == 480)
    }

    @Test func andJoinsOnlyKnownNames() throws {
        let joined = try resolve("1 cup mac and cheese").map { try $0.get() }
        #expect(joined.count == 1)
        #expect(joined[0].text == "1 cup mac and cheese")
        let separate = resolve("2 eggs and toast")
        #expect(separate.count == 2)
    }

    @Test func aNoteSaysTheFormOfTheFood() throws {
        let phrases = [
            "eggs, fried", "potatoes, boiled", "500g chicken thighs, diced", "1 cup quinoa, rinsed",
            // Rinsed tinned chickpeas are the canned row, not raw; vegetables are raw already.
            "1 can chickpeas, rinsed and drained", "1 onion, diced",
        ]
        let ids = try phrases.map { phrase in try resolve(phrase).map { try $0.get().food.id } }
        #expect(
            ids == [["usda:01128"], ["usda:11367"], ["usda:05096"], ["usda:20035"], ["usda:16058"], ["usda:11282"]])
    }

    @Test func drainedInALaterSegmentWeighsTheDrainedSolids() throws {
        // `rinsed and drained`: the parser keeps `rinsed` as the note and `drained` as a segment
        // that becomes a note; the can is weighed again, drained.
        let later = try #require(resolve("1 (15 oz) can black beans, rinsed and drained").first).get()
        let first = try #require(resolve("1 (15 oz) can black beans, drained, rinsed").first).get()
        #expect(later.food.id == "usda:16018")
        #expect(abs(later.grams - 255.15) < 0.01)
        #expect(later.grams == first.grams)
    }

    @Test func aCanOfAMilkIsTheCannedMilk() throws {
        let coconut = try resolve("1 (14 oz) can coconut milk, 1 x 400g tin coconut milk").map { try $0.get().food.id }
        #expect(coconut == ["usda:12118", "usda:12118"])
        // A tin of a fish is the canned fish.
        #expect(try resolve("a tin of mackerel").map { try $0.get().food.name.contains("canned") } == [true])
        // A glass of it stays the drink.
        #expect(try resolve("a glass of coconut milk").map { try $0.get().food.id } != ["usda:12118"])
    }

    @Test func aFrozenCooksQuantityWithNoFrozenRowIsRaw() throws {
        // No row is frozen chicken or frozen prawns: the pound and the 500 g still say raw.
        let ids = try resolve("1 lb frozen chicken breasts, 500g frozen prawns").map { try $0.get().food.id }
        #expect(ids == ["usda:05062", "usda:15149"])
    }

    @Test func aSachetOfPorridgeIsTheDryOats() throws {
        // The cooked row has no packet: the sachet holds the dry oats (the oats' sibling, not
        // another cereal's); a row that weighs its own packet keeps it.
        let ids = try resolve("a sachet of instant porridge, 1 packet oatmeal, 1 packet instant oatmeal").map {
            try $0.get().food.id
        }
        #expect(ids == ["usda:08122", "usda:08120", "usda:08123"])
    }

    @Test func aRecipeAmountSaysTheForm() throws {
        // A cook's quantity is raw (dry pasta); a can of a vegetable or pulse is canned; a
        // vegetable counted whole is raw; a name saying raw or dried finds the alias's sibling.
        let recipe = [
            "1 lb chicken breasts", "12 oz penne pasta", "500g beef mince", "2 boneless skinless chicken thighs",
            "1 can chickpeas", "1 (14.5 oz) can diced tomatoes", "1 cauliflower", "400g raw king prawns",
            "1 lb dried linguine",
        ]
        let ids = try recipe.map { phrase in try resolve(phrase).map { try $0.get().food.id } }
        #expect(
            ids == [
                ["usda:05062"], ["usda:20099"], ["usda:23572"], ["usda:05096"], ["usda:16058"], ["usda:11531"],
                ["usda:11135"], ["usda:15149"], ["usda:20120"],
            ])
        // A diary's weights stay as eaten, and a note that says cooked keeps the food cooked.
        let diary = ["200g chicken breast", "a 12 oz steak", "250g beef mince", "2 kg rice, cooked", "a can of coke"]
        let cooked = try diary.map { phrase in try resolve(phrase).map { try $0.get().food.id } }
        #expect(cooked == [["usda:05064"], ["usda:13451"], ["usda:23575"], ["usda:20045"], ["usda:14148"]])
    }

    @Test func aHeadOrBunchHasAWeight() throws {
        let grams = try ["1 head garlic", "1 head cauliflower", "a bunch of parsley", "1 red cabbage"].map {
            phrase in try resolve(phrase).map { try $0.get().grams }
        }
        // Ten cloves of 3 g; the medium head (588 g, 839 g); a bunch of herbs 30 g.
        #expect(grams == [[30], [588], [30], [839]])
    }

    @Test func aNoteContinuesAfterAnd() throws {
        let results = resolve("1 lb shrimp, peeled and deveined")
        #expect(results.count == 1)
        let shrimp = try results[0].get()
        #expect(shrimp.food.id == "usda:15149")
        #expect(shrimp.note == "peeled and deveined")
    }

    @Test func andJoinsAFoodWhoseSecondHalfIsNoFood() throws {
        let results = resolve("a packet of salt and vinegar crisps")
        #expect(results.count == 1)
        #expect(try results[0].get().food.id == "usda:19411")
    }

    @Test func unknownWordsBecomeMarkedEstimatesOrErrors() throws {
        let stew = try resolve("200 g aunties hotpot stew")[0].get()
        #expect(stew.isEstimate)
        #expect(stew.source == .estimate)
        #expect(stew.choice.estimateReason?.hasPrefix("no food matches") == true)
        guard case .failure(let unknown) = resolve("200 g qqqzzz")[0] else {
            Issue.record("expected unknown-food")
            return
        }
        #expect(unknown.id == "unknown-food")
    }

    @Test func typosAreMatchedButFlagged() throws {
        let banana = try resolve("a bananna")[0].get()
        #expect(banana.food.id == "usda:09040")
        #expect(banana.choice.correctedPhrase == "banana")
    }

    @Test func theTableOpensOnlyWhenNeeded() throws {
        let tables = FoodTableProvider()
        let library = MemoryLibrary()
        library.customFoods["shake"] = LibraryFood(
            name: "shake", per100g: Nutrients(),
            portions: [FoodPortion(sequence: 1, amount: 1, unit: "scoop", grams: 30)], tags: [])
        let resolver = Resolver(library: library, tables: tables)
        _ = try resolver.resolve(items("1 scoop shake")[0])
        #expect(!tables.isOpen)
        _ = try resolver.resolve(items("2 eggs")[0])
        #expect(tables.isOpen)
    }
}
