import FoodLogCore
import MealSyntax
import Nutrition

/// Which tier of the resolver chain answered.
public enum FoodSourceKind: String, Sendable, CaseIterable {
    case custom, recipe, meal, database, estimate
    /// `log 500 kcal`: energy with no food (``QuickAdd``).
    case quickAdd = "quick-add"
}

/// A food as shown to people: its id, full name and group.
public struct FoodReference: Equatable, Sendable {
    /// `usda:01123`, `custom:kimchi`, `recipe:overnight oats`, `meal:usual breakfast`, `estimate:…`.
    public var id: String
    public var name: String
    public var group: String

    public init(id: String, name: String, group: String) {
        self.id = id
        self.name = name
        self.group = group
    }
}

/// A food the chain chose for a name, before the amount is applied (cached per phrase and
/// shared by every item that names it, hence a class: items hold one reference, not a copy).
/// Sendable because nothing changes once it is shared (``serial`` is set before).
public final class FoodChoice: @unchecked Sendable {
    public let source: FoodSourceKind
    public let food: FoodReference
    public let tags: [String]
    public let per100g: Nutrients
    public let portions: [FoodPortion]
    public let naturalPortion: String?
    public let assumed: [FoodReference]
    /// Why this is an estimate (nil for data).
    public let estimateReason: String?
    /// Set when the name was matched only after correcting a typo.
    public let correctedPhrase: String?
    /// Other meanings of a word of the name that nothing in the item ruled out (`french fries`
    /// for `chips`); empty for most names.
    public let otherReadings: [String]
    /// Set when the table has no row for the name's food and a curated alias chose the nearest
    /// one (``DiagnosticMessages/nearestFood(_:food:strict:_:)``).
    public let isNearest: Bool
    /// Words of the name the nearest food does not say (`tikka`, `skinny`), shown with it;
    /// empty when the row is a curated alias's nearest food or the food itself.
    public let unnamedWords: [String]
    /// Distinguishes choices made at different times (a redefined food gets a new serial), so
    /// callers may cache per choice. Set once by the resolver before the choice is shared.
    public internal(set) var serial = 0

    public init(
        source: FoodSourceKind, food: FoodReference, tags: [String], per100g: Nutrients,
        portions: [FoodPortion], naturalPortion: String? = nil, assumed: [FoodReference] = [],
        estimateReason: String? = nil, correctedPhrase: String? = nil,
        otherReadings: [String] = [], isNearest: Bool = false, unnamedWords: [String] = []
    ) {
        self.source = source
        self.food = food
        self.tags = tags
        self.per100g = per100g
        self.portions = portions
        self.naturalPortion = naturalPortion
        self.assumed = assumed
        self.estimateReason = estimateReason
        self.correctedPhrase = correctedPhrase
        self.otherReadings = otherReadings
        self.isNearest = isNearest
        self.unnamedWords = unnamedWords
    }
}

extension FoodChoice {
    /// This estimate with the failures of the estimators asked before it added to its reason
    /// (`… (estimators/mine.lua failed: …)`), so a broken user estimator is never silent.
    func addingEstimatorFailures(_ failures: [String]) -> FoodChoice {
        FoodChoice(
            source: source, food: food, tags: tags, per100g: per100g, portions: portions,
            naturalPortion: naturalPortion, assumed: assumed,
            estimateReason: (estimateReason ?? "estimated") + " (" + failures.joined(separator: "; ") + ")",
            correctedPhrase: correctedPhrase, otherReadings: otherReadings, isNearest: isNearest,
            unnamedWords: unnamedWords)
    }
}

/// One item after resolution: the user's words, the food, the grams and the nutrients.
public struct ResolvedItem: Sendable {
    /// The item exactly as written, and where.
    public var text: String
    public var range: SourceRange
    public var quantity: Double
    /// The user's unit word (`cups`), if any.
    public var unit: String?
    public var note: String?
    public var choice: FoodChoice
    public var grams: Double
    /// What follows the quantity in the explanation of the grams.
    public var basisSuffix: String
    /// What was assumed about the amount (`glass ≈ 250 ml`), when it is not the food's own.
    public var assumption: String? = nil
    /// The parts as parsed: the name, the size or spoon adjective, the quantity's and the
    /// unit's spelling and the unit's canonical name (nil when not written).
    public var name: String = ""
    public var size: String? = nil
    public var quantityText: String? = nil
    public var unitCanonical: String? = nil

    /// How the grams were worked out (`2 × large (50 g)`).
    public var basis: String { formatAmount(quantity) + basisSuffix }

    public var source: FoodSourceKind { choice.source }
    public var food: FoodReference { choice.food }
    public var isEstimate: Bool { choice.estimateReason != nil }

    /// Nutrients of this amount.
    public var nutrients: Nutrients { choice.per100g.scaled(by: grams / 100) }
}

extension ResolvedItem {
    /// This item with a comma segment of the source kept as (more of) its note: `1 leek,
    /// trimmed` is the leek, noted "trimmed".
    func noting(_ segment: Written, joinedByAnd: Bool = false) -> ResolvedItem {
        var noted = self
        let joiner = joinedByAnd ? " and " : ", "
        noted.note = note.map { $0 + joiner + segment.text } ?? segment.text
        noted.text = text + joiner + segment.text
        noted.range = range.union(segment.range)
        return noted
    }
}

extension ResolvedItem {
    /// Why this item may be wrong though it resolved: a corrected spelling, an assumed amount,
    /// an estimate, an implausible weight or energy (warnings; errors when `strict`).
    public func doubts(strict: Bool = false) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // `a handfull of nuts`: the parser read a near misspelling as the unit it is near. Most
        // units are written as their canonical spelling (`g`, `cup`) and need no look-up.
        if let unit, let unitCanonical, unit != unitCanonical, MeasureUnit.named(unit) == nil,
            MeasureUnit.named(unitCanonical) != nil
        {
            var diagnostic = DiagnosticMessages.assumedSpelling(unit, corrected: unitCanonical, range)
            if strict { diagnostic.severity = .error }
            found.append(diagnostic)
        }
        if let corrected = choice.correctedPhrase {
            var diagnostic = DiagnosticMessages.assumedSpelling(text, corrected: corrected, range)
            if strict { diagnostic.severity = .error }
            found.append(diagnostic)
        }
        if !choice.otherReadings.isEmpty {
            found.append(
                DiagnosticMessages.ambiguousFood(
                    text, chosen: choice.food.name, others: choice.otherReadings, strict: strict, range))
        }
        if let assumption {
            found.append(DiagnosticMessages.assumedAmount(text, assumption: assumption, strict: strict, range))
        }
        if choice.isNearest {
            found.append(
                DiagnosticMessages.nearestFood(
                    name, food: choice.food.name, unsaid: choice.unnamedWords, strict: strict, range))
        }
        if let reason = choice.estimateReason {
            found.append(DiagnosticMessages.estimatedFood(text, reason: reason, strict: strict, range))
        }
        // Only the energy is needed: not the scaled nutrients of every item of a long script.
        let kcal = (choice.per100g[.kcal] ?? 0) * grams / 100
        if grams > SaneRanges.plausibleItemGrams || kcal > SaneRanges.plausibleItemKcal {
            found.append(DiagnosticMessages.implausibleItem(text, grams: grams, kcal: kcal, strict: strict, range))
        }
        return found
    }
}
