import Diary
import FoodLogCore
import MealSyntax
@testable import FoodLogEngine

/// How one corpus phrase fared through the real parser and the whole pipeline.
struct CorpusOutcome {
    var phrase: CorpusPhrase
    /// Quantity, unit and name of the first item read as labelled.
    var readRight: Bool
    /// The line resolved, and its first item is an acceptable food with grams within tolerance.
    var resolvedRight: Bool
    /// More items than the label allows (comma notes or `with` parts turned into foods).
    var phantom: Bool
    /// Resolved to a wrong food or wrong grams with nothing marking it assumed or estimated.
    var confidentWrong: Bool
    /// The line resolved, but its first item is not an acceptable food (grams aside).
    var wrongFood = false
    /// The first item was shown with a doubt: assumed, estimated, spelling-corrected or warned.
    var marked = false
    /// What the parser read and what the pipeline made of it, for the list of misses.
    var read: String
    var result: String
}

/// Runs corpus phrases one by one as `log PHRASE` dry runs into an empty in-memory diary with
/// the built-in food table, the way `foodlog check` would, and scores each.
final class CorpusScorer {
    /// Keeps the items a dry run reviews.
    final class ReviewedItems: InterpreterOutput {
        var items: [ResolvedItem] = []
        func review(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {
            self.items += items
        }
    }

    let diary: Diary
    let resolver: Resolver
    let output = ReviewedItems()

    init() throws {
        diary = try Diary(path: ":memory:")
        resolver = Resolver(library: DiaryLibrary(diary: diary))
    }

    func score(_ phrase: CorpusPhrase) throws -> CorpusOutcome {
        let text = "log " + phrase.phrase + "\n"
        let (readRight, read, parsedCount) = Self.read(phrase, Parser.parse(SourceFile(name: "corpus", text: text)))
        output.items = []
        let interpreter = Interpreter(
            diary: diary, resolver: resolver, mode: .dryRun, today: CalendarDate(year: 2026, month: 11, day: 29),
            output: output)
        let outcome = try Pipeline.run(
            SourceFile(name: "\(phrase.file):\(phrase.line)", text: text), on: interpreter, originPath: "corpus",
            replacing: false)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let first = output.items.first else {
            return CorpusOutcome(
                phrase: phrase, readRight: readRight, resolvedRight: false,
                phantom: parsedCount > phrase.items.upperBound, confidentWrong: false, read: read,
                result: errors.first.map { "[\($0.id)] \($0.message)" } ?? "nothing logged")
        }
        // Read as `resolve --json` shows it (`parsed`): the resolver's own parts where it reread
        // the parser's (`hard boiled egg for a snack` is the egg, noted).
        let (resolvedReadRight, resolvedRead) = Self.read(
            phrase, quantity: first.quantityText == nil ? nil : first.quantity, unit: first.unitCanonical,
            unitWritten: first.unit, names: [CorpusPhrase.normalized(first.name)])
        let foodRight = phrase.acceptable.contains(first.food.id)
        let gramsRight = abs(first.grams - phrase.grams) <= phrase.tolerance * phrase.grams
        let marked =
            first.isEstimate || first.choice.correctedPhrase != nil || !first.choice.assumed.isEmpty
            || outcome.diagnostics.contains {
                $0.severity == .warning && $0.range.start < first.range.end && first.range.start < $0.range.end
            }
        let shown = output.items.map { "\($0.food.id) \($0.food.name) \(formatAmount($0.grams)) g" }
        return CorpusOutcome(
            phrase: phrase, readRight: readRight || resolvedReadRight, resolvedRight: foodRight && gramsRight,
            phantom: output.items.count > phrase.items.upperBound,
            confidentWrong: !(foodRight && gramsRight) && !marked, wrongFood: !foodRight, marked: marked,
            read: readRight || !resolvedReadRight ? read : resolvedRead,
            result: shown.joined(separator: " + ") + (marked ? " (marked)" : ""))
    }

    /// Whether the parser read the first item as labelled, what it read, and how many items it
    /// made (items joined by a bare `and` counted as one, as the resolver may join them).
    static func read(_ phrase: CorpusPhrase, _ script: Script) -> (Bool, String, Int) {
        guard case .log(let log)? = script.statements.first?.kind, let first = log.items.first else {
            return (false, "not a log statement", 0)
        }
        var names = [CorpusPhrase.normalized(first.name.text)]
        for next in log.items.dropFirst() {
            guard next.joinedByAnd, next.quantity == nil, next.unit == nil else { break }
            names.append(names[names.count - 1] + " and " + CorpusPhrase.normalized(next.name.text))
        }
        // A `with`/`on` name is read whole (`toast with jam`); a label may name its main food.
        let words = names[0].split(separator: " ")
        if let joint = words.firstIndex(where: { $0 == "with" || $0 == "on" }), joint > 0 {
            names.append(words[..<joint].joined(separator: " "))
        }
        let (right, read) = Self.read(
            phrase, quantity: first.quantity?.value, unit: first.unit?.canonical, unitWritten: first.unit?.written.text,
            names: names, name: first.name.text)
        let count = log.items.count { !($0.joinedByAnd && $0.quantity == nil && $0.unit == nil) }
        return (right, read, count)
    }

    /// Whether a quantity, unit and the name's readings are as labelled, and how they read.
    static func read(
        _ phrase: CorpusPhrase, quantity: Double?, unit: String?, unitWritten: String?, names: [String],
        name: String? = nil
    ) -> (Bool, String) {
        let quantityRight = phrase.quantities.contains { expected in
            switch (expected, quantity) {
            case (nil, nil): return true
            // No number written is one of the unit or serving (`pint of guinness`), as logged.
            case (let expected?, nil): return expected == 1
            case (let expected?, let value?): return abs(expected - value) <= 0.001 * max(1, expected)
            default: return false
            }
        }
        let unitRight = phrase.units.contains { expected in
            guard let unit else { return expected == nil }
            guard let expected else { return false }
            return expected == unit.lowercased() || expected == unitWritten?.lowercased()
                || sameMeasure(expected, unit)
        }
        let nameRight = phrase.names.contains { names.contains($0) }
        let read = "\(quantity.map { formatAmount($0) } ?? "-") | \(unit ?? "-") | \(name ?? names[0])"
        return (quantityRight && unitRight && nameRight, read)
    }

    /// True when two spellings name units of one kind and size (`tsp` and `teaspoon`, `l` and `liter`).
    static func sameMeasure(_ one: String, _ other: String) -> Bool {
        guard let one = MeasureUnit.named(one), let other = MeasureUnit.named(other), let factor = one.factor else {
            return false
        }
        return one.kind == other.kind && factor == other.factor
    }
}
