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
    /// Distinguishes choices made at different times (a redefined food gets a new serial), so
    /// callers may cache per choice. Set once by the resolver before the choice is shared.
    public internal(set) var serial = 0

    public init(
        source: FoodSourceKind, food: FoodReference, tags: [String], per100g: Nutrients,
        portions: [FoodPortion], naturalPortion: String? = nil, assumed: [FoodReference] = [],
        estimateReason: String? = nil, correctedPhrase: String? = nil
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

    /// How the grams were worked out (`2 × large (50 g)`).
    public var basis: String { formatAmount(quantity) + basisSuffix }

    public var source: FoodSourceKind { choice.source }
    public var food: FoodReference { choice.food }
    public var isEstimate: Bool { choice.estimateReason != nil }

    /// Nutrients of this amount.
    public var nutrients: Nutrients { choice.per100g.scaled(by: grams / 100) }
}
