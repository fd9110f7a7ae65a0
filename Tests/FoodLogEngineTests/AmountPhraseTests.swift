import FoodLogCore
import Testing
import TestSupport
import MealSyntax
@testable import FoodLogEngine

/// The labelled set of amounts: household measures, sizes, abbreviations, multipliers, words
/// before `of` and comma notes, each with the quantity, unit and size as they must be parsed,
/// the grams they should weigh and how many items they are.
struct AmountPhrase: Sendable {
    var phrase: String
    var quantity: Double?
    var unit: String?
    var size: String?
    var grams: Double?
    var tolerance: Double
    var items: Int

    static let all: [AmountPhrase] = {
        let text = (try? RepositoryPaths.read("Tests/FoodLogEngineTests/Fixtures/amount-phrases.tsv")) ?? ""
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 7, let tolerance = Double(columns[5]), let items = Int(columns[6]) else {
                return nil
            }
            func optional(_ column: String) -> String? { column == "-" ? nil : column }
            return AmountPhrase(
                phrase: columns[0], quantity: optional(columns[1]).flatMap(Double.init), unit: optional(columns[2]),
                size: optional(columns[3]), grams: optional(columns[4]).flatMap(Double.init), tolerance: tolerance,
                items: items)
        }
    }()
}

/// How one phrase came out: parsed parts right, grams right, item count right.
struct AmountOutcome {
    var phrase: AmountPhrase
    var parsedOK: Bool
    var gramsOK: Bool
    var itemsOK: Bool
    var detail: String
    var ok: Bool { parsedOK && gramsOK && itemsOK }
}

enum AmountScorer {
    static func score(_ phrases: [AmountPhrase]) -> [AmountOutcome] {
        let resolver = Resolver(library: nil)
        return phrases.map { labelled in
            let script = Parser.parse(SourceFile(name: "phrase", text: "log " + labelled.phrase))
            guard case .log(let log)? = script.statements.first?.kind, let first = log.items.first else {
                return AmountOutcome(
                    phrase: labelled, parsedOK: false, gramsOK: false, itemsOK: false, detail: "no parse")
            }
            let parsedOK =
                first.quantity?.value == labelled.quantity && first.unit?.canonical == labelled.unit
                && first.size?.canonical == labelled.size
            let parsed =
                "qty=\(first.quantity.map { formatAmount($0.value) } ?? "-") unit=\(first.unit?.canonical ?? "-") size=\(first.size?.canonical ?? "-")"
            guard let results = try? resolver.resolveAll(log.items), case .success(let item)? = results.first else {
                return AmountOutcome(
                    phrase: labelled, parsedOK: parsedOK, gramsOK: false, itemsOK: false,
                    detail: parsed + " unresolved")
            }
            let gramsOK = labelled.grams.map { abs(item.grams - $0) <= labelled.tolerance * $0 } ?? true
            return AmountOutcome(
                phrase: labelled, parsedOK: parsedOK, gramsOK: gramsOK, itemsOK: results.count == labelled.items,
                detail: parsed
                    + " → \(item.food.name) \(item.basis) = \(formatAmount(item.grams)) g, \(results.count) item(s)")
        }
    }
}

struct AmountPhraseTests {
    @Test func theLabelledAmountsParseWeighAndCountRight() {
        let phrases = AmountPhrase.all
        #expect(phrases.count >= 150)
        let outcomes = AmountScorer.score(phrases)
        let parsed = outcomes.filter(\.parsedOK).count
        let weighed = outcomes.filter(\.gramsOK).count
        let phantoms = outcomes.filter { !$0.itemsOK }.count
        let passed = outcomes.filter(\.ok).count
        if RepositoryPaths.environment("FOODLOG_SHOW_MISSES") == "1" {
            for miss in outcomes where !miss.ok {
                print(
                    "MISS \(miss.phrase.phrase): \(miss.detail) (want qty=\(miss.phrase.quantity.map(formatAmount) ?? "-") unit=\(miss.phrase.unit ?? "-") size=\(miss.phrase.size ?? "-") \(miss.phrase.grams.map(formatAmount) ?? "-") g)"
                )
            }
        }
        print(
            "amount phrases: parsed \(parsed), weighed \(weighed), item count \(outcomes.count - phantoms), all \(passed) of \(outcomes.count)"
        )
        // Floors a little under what the code does today, so a regression fails.
        #expect(parsed == outcomes.count, "parsed \(parsed)/\(outcomes.count)")
        #expect(Double(weighed) >= 0.85 * Double(outcomes.count), "weighed \(weighed)/\(outcomes.count)")
        #expect(Double(passed) >= 0.85 * Double(outcomes.count), "all right \(passed)/\(outcomes.count)")
    }

    /// The parts `resolve --json` shows come from the parse, beside what was assumed.
    @Test func aResolvedItemKeepsItsParsedPartsAndAssumption() throws {
        let script = Parser.parse(SourceFile(name: "t", text: "log 2 small tins of tomatoes, drained"))
        guard case .log(let log)? = script.statements.first?.kind else {
            Issue.record("no log")
            return
        }
        let results = try Resolver(library: nil).resolveAll(log.items)
        guard case .success(let item)? = results.first else {
            Issue.record("unresolved")
            return
        }
        #expect(item.name == "tomatoes")
        #expect(item.size == "small")
        #expect(item.unit == "tins")
        #expect(item.unitCanonical == "can")
        #expect(item.quantityText == "2")
        #expect(item.note == "drained")
        #expect(item.assumption != nil)
        #expect(item.doubts().map(\.id) == [DiagnosticID.assumedAmount.rawValue])
    }
}
