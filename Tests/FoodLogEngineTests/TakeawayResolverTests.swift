import MealSyntax
import Nutrition
import Testing
@testable import FoodLogEngine

/// Take-away names through the whole resolver: joined names, estimates counted by the piece.
struct TakeawayResolverTests {
    func items(_ text: String) -> [Item] {
        guard
            case .log(let log)? = Parser.parse(SourceFile(name: "t", text: "log " + text + "\n")).statements.first?.kind
        else { return [] }
        return log.items
    }

    func resolve(_ text: String) throws -> [ResolvedItem] {
        try Resolver(library: nil).resolveAll(items(text)).map { try $0.get() }
    }

    @Test func aJoinedNameIsOneItemWhenTheRowIsTheSecondPartMadeWithTheFirst() throws {
        let muffin = try resolve("a sausage and egg mcmuffin")
        #expect(muffin.count == 1)
        #expect(muffin.first?.food.name.lowercased().contains("sausage") == true)
        // `Bread, egg, toasted` is toasted bread, not toast: eggs and toast stay two.
        #expect(try resolve("2 eggs and toast").count == 2)
        // A cooking style is one dish; salt and pepper alone stay two seasonings.
        let squid = try resolve("salt and pepper squid")
        #expect(squid.count == 1)
        #expect(squid.first?.food.name.lowercased().contains("fried") == true)
        #expect(try resolve("salt and pepper").count == 2)
    }

    @Test func aCountedEstimateOfFilledPiecesWeighsAPiece() throws {
        // Averaged from dumplings, so six are six dumplings, not six servings of halloumi.
        let dumplings = try resolve("6 halloumi dumplings")
        #expect(dumplings.first?.isEstimate == true)
        #expect((100...250).contains(dumplings.first?.grams ?? 0))
        // A head noun of a kind still weighs a serving of it.
        #expect(try resolve("a scotch egg").first?.grams == 100)
    }
}
