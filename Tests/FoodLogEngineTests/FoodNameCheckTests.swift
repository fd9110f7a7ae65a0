import FoodLogCore
import MealSyntax
import Testing
import TestSupport
@testable import FoodLogEngine
import Nutrition

/// One phrase of the food-name check set: what each resulting item may be.
struct FoodNameCheck: Sendable {
    /// What one item may resolve to.
    enum Expectation: Equatable, Sendable {
        /// One of these table ids.
        case food(Set<String>)
        /// No confident food: an `unknown-food` error or a marked estimate.
        case doubt
    }

    var phrase: String
    var items: [Expectation]

    static let all: [FoodNameCheck] = {
        let text: String = (try? RepositoryPaths.read("Tests/FoodLogEngineTests/Fixtures/food-names.tsv")) ?? ""
        return text.split(separator: "\n").compactMap { line -> FoodNameCheck? in
            if line.hasPrefix("#") { return nil }
            let columns = line.split(separator: "\t").map(String.init)
            guard columns.count == 2 else { return nil }
            let items = columns[1].split(separator: "+").map { spec -> Expectation in
                let spec = String(spec.filter { $0 != " " })
                return spec == "~" ? .doubt : .food(Set(spec.split(separator: ",").map(String.init)))
            }
            return FoodNameCheck(phrase: columns[0], items: items)
        }
    }()
}

/// How one phrase of the check set resolved.
struct FoodNameOutcome {
    var check: FoodNameCheck
    /// What each item became, for the report.
    var got: [String]
    var ok: Bool
    /// Some item went into the diary as a plain table food that is not acceptable.
    var confidentWrong: Bool
}

/// Scores names only: each item (after `and` joining and `with`/`on` splitting) is matched through the resolver
/// chain by its name and unit kind, so a missing household weight does not count against the
/// name (the weight is judged elsewhere).
enum FoodNameScorer {
    static func score(_ checks: [FoodNameCheck]) -> [FoodNameOutcome] {
        let resolver = Resolver(library: nil)
        return checks.map { check in
            let script = Parser.parse(SourceFile(name: "phrase", text: "log " + check.phrase))
            guard case .log(let log)? = script.statements.first?.kind, !script.hasErrors else {
                return FoodNameOutcome(check: check, got: ["parse error"], ok: false, confidentWrong: false)
            }
            let parts = (try? resolver.foods(in: log.items)) ?? []
            var got: [String] = []
            var ok = parts.count == check.items.count
            var confidentWrong = false
            for (index, part) in parts.enumerated() {
                let expected = index < check.items.count ? check.items[index] : .doubt
                let seasoning = part.unit.map { FoodMatcher.seasoningUnits.contains($0.canonical) } ?? false
                guard let choice = try? resolver.choose(part.name.text, seasoning: seasoning) else {
                    got.append("[unknown-food]")
                    if expected != .doubt { ok = false }
                    continue
                }
                // Shown to the user as a doubt: an estimate, a corrected spelling, a nearest food.
                let doubtful = choice.estimateReason != nil || choice.correctedPhrase != nil || choice.isNearest
                got.append(choice.food.id + (doubtful ? " (marked)" : ""))
                switch expected {
                case .food(let ids):
                    if !ids.contains(choice.food.id) {
                        ok = false
                        if !doubtful { confidentWrong = true }
                    }
                case .doubt:
                    if !doubtful {
                        ok = false
                        confidentWrong = true
                    }
                }
            }
            return FoodNameOutcome(check: check, got: got, ok: ok, confidentWrong: confidentWrong)
        }
    }
}

struct FoodNameCheckTests {
    @Test func dishesDrinksIngredientsAndBritishWordsLandOnTheRightFood() {
        let checks = FoodNameCheck.all
        #expect(checks.count >= 150)
        let outcomes = FoodNameScorer.score(checks)
        let passed = outcomes.filter(\.ok).count
        let wrong = outcomes.filter(\.confidentWrong).count
        let share = Double(passed) / Double(max(1, outcomes.count))
        if share < 0.9 || RepositoryPaths.environment("FOODLOG_SHOW_MISSES") == "1" {
            for miss in outcomes where !miss.ok {
                print(
                    "MISS \(miss.check.phrase) → \(miss.got.joined(separator: " + "))\(miss.confidentWrong ? "  CONFIDENT WRONG" : "")"
                )
            }
        }
        print("food-name check: \(passed)/\(outcomes.count) right, \(wrong) confidently wrong")
        #expect(share >= 0.9, "food-name check \(passed)/\(outcomes.count)")
        #expect(Double(wrong) / Double(max(1, outcomes.count)) <= 0.03, "\(wrong) confidently wrong")
    }
}
