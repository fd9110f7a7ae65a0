import Diary
import FoodLogCore
import MealSyntax
import Nutrition

/// One word offered for completion: the text, what kind of word it is and a detail to show
/// beside it (a food's energy per 100 g).
public struct CompletionCandidate: Equatable, Sendable {
    public var text: String
    public var slot: CompletionContext.Slot
    public var detail: String?
}

/// A name of the user's library offered before the table's names.
public struct LibraryName: Equatable, Sendable {
    public var name: String
    /// `custom`, `recipe`, `meal` or `alias`.
    public var kind: String
    public var kcalPer100g: Double?

    public init(name: String, kind: String, kcalPer100g: Double?) {
        self.name = name
        self.kind = kind
        self.kcalPer100g = kcalPer100g
    }

    /// Every food and alias of a diary's library (none when it cannot be read: completion is
    /// a convenience, and the next statement that needs the diary reports the error).
    public static func all(in diary: Diary) -> [LibraryName] {
        let foods = (try? diary.libraryFoods()) ?? []
        let aliases = (try? diary.aliases()) ?? []
        return foods.map { LibraryName(name: $0.name, kind: $0.kind.rawValue, kcalPer100g: $0.per100g.amount(.kcal)) }
            + aliases.map { LibraryName(name: $0.name, kind: "alias", kcalPer100g: nil) }
    }
}

/// The words that complete a ``CompletionContext``: keywords, units, meal tags, plan names,
/// a statement's fixed phrases, and foods — the library first, then the table's everyday names, each with its energy per
/// 100 g. Shared by the language server and the REPL's Tab.
public final class Completer {
    let tables: FoodTableProvider
    let environment: [String: String]
    /// The table's everyday names, lowercased for matching, loaded on first use.
    private var everydayNames: [(phrase: String, number: Int)]?

    public init(tables: FoodTableProvider, environment: [String: String]) {
        self.tables = tables
        self.environment = environment
    }

    /// The plan names `plan` accepts: the built-in plans, then the user's plan folder.
    public func planNames() -> [String] {
        BuiltinScript.plans.map(\.name)
            + Files.names(inFolder: RuleEngine.planFolder(environment)).filter { $0.hasSuffix(".lua") }.map {
                String($0.dropLast(".lua".count))
            }
    }

    /// Candidates for `context`, best first, at most `limit`; `complete` is false when more matched.
    public func candidates(for context: CompletionContext, library: [LibraryName], limit: Int = 50)
        -> (candidates: [CompletionCandidate], complete: Bool)
    {
        let typed = context.typed.lowercased()
        var result: [CompletionCandidate] = []
        var seen: Set<String> = []
        var complete = true
        func offer(_ text: String, _ slot: CompletionContext.Slot, _ detail: String? = nil) -> Bool {
            guard result.count < limit else {
                complete = false
                return false
            }
            if seen.insert(text.lowercased()).inserted {
                result.append(CompletionCandidate(text: text, slot: slot, detail: detail))
            }
            return true
        }
        for slot in context.slots {
            switch slot {
            case .keyword:
                for word in Vocabulary.statementKeywords where word.hasPrefix(typed) { _ = offer(word, .keyword) }
            case .unit:
                for unit in MeasureUnit.all {
                    for spelling in [unit.name] + unit.spellings where spelling.hasPrefix(typed) {
                        _ = offer(spelling, .unit, unit.name == spelling ? nil : unit.name)
                    }
                }
            case .meal:
                for word in Vocabulary.mealWords where word.hasPrefix(typed) { _ = offer(word, .meal) }
            case .plan:
                for name in planNames() where name.lowercased().hasPrefix(typed) { _ = offer(name, .plan) }
            case .food:
                foods(typed, library: library, offer: offer)
            case .phrase:
                for phrase in context.choices where phrase.hasPrefix(typed) { _ = offer(phrase, .phrase) }
            }
        }
        return (result, complete)
    }

    /// Library names starting with what was typed, then the table's; then names with a later
    /// word starting with it.
    func foods(
        _ typed: String, library: [LibraryName],
        offer: (String, CompletionContext.Slot, String?) -> Bool
    ) {
        let names = everyday()
        for wordStart in [false, true] {
            func matches(_ name: String) -> Bool {
                guard wordStart else { return name.hasPrefix(typed) }
                return !name.hasPrefix(typed) && name.contains(" " + typed)
            }
            for entry in library where matches(entry.name.lowercased()) {
                guard offer(entry.name, .food, detail(kind: entry.kind, kcal: entry.kcalPer100g)) else { return }
            }
            if typed.isEmpty, wordStart { return }
            for entry in names where matches(entry.phrase) {
                let food = try? tables.get().table.food(number: entry.number)
                let kcal = food?.per100g.amount(.kcal)
                guard offer(entry.phrase, .food, detail(kind: food?.name, kcal: kcal)) else { return }
            }
        }
    }

    /// `custom · 120 kcal/100 g`, `Egg, whole, raw · 143 kcal/100 g`.
    func detail(kind: String?, kcal: Double?) -> String? {
        let energy = kcal.flatMap { $0.isFinite ? formatThousands($0) + " kcal/100 g" : nil }
        return [kind, energy].compactMap { $0 }.joined(separator: " · ")
    }

    func everyday() -> [(phrase: String, number: Int)] {
        if let everydayNames { return everydayNames }
        var seen: Set<String> = []
        let names = ((try? tables.get().table.aliases) ?? []).compactMap { alias -> (phrase: String, number: Int)? in
            seen.insert(alias.phrase).inserted ? (alias.phrase, alias.number) : nil
        }
        everydayNames = names
        return names
    }
}
