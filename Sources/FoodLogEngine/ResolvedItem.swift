import MealSyntax
import Nutrition

/// Which tier of the resolver chain answered.
public enum FoodSourceKind: String, Sendable, CaseIterable {
    case custom, recipe, meal, database, estimate
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

/// A food the chain chose for a name, before the amount is applied (cached per phrase).
public struct FoodChoice: Sendable {
    public var source: FoodSourceKind
    public var food: FoodReference
    public var tags: [String]
    public var per100g: Nutrients
    public var portions: [FoodPortion]
    public var naturalPortion: String?
    public var assumed: [FoodReference]
    /// Why this is an estimate (nil for data).
    public var estimateReason: String?
    /// Set when the name was matched only after correcting a typo.
    public var correctedPhrase: String?

    public init(source: FoodSourceKind, food: FoodReference, tags: [String], per100g: Nutrients,
                portions: [FoodPortion], naturalPortion: String? = nil, assumed: [FoodReference] = [],
                estimateReason: String? = nil, correctedPhrase: String? = nil) {
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
    /// How the grams were worked out (`2 × large (50 g)`).
    public var basis: String

    public var source: FoodSourceKind { choice.source }
    public var food: FoodReference { choice.food }
    public var isEstimate: Bool { choice.estimateReason != nil }

    /// Nutrients of this amount.
    public var nutrients: Nutrients { choice.per100g.scaled(by: grams / 100) }
}
