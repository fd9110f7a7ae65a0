import Diary
import Nutrition

/// A food from the user's own library (custom food, recipe or saved meal), ready to resolve.
public struct LibraryFood: Sendable {
    public var name: String
    public var per100g: Nutrients
    /// Named portions: `scoop (30 g)`, `serving (310 g)`.
    public var portions: [FoodPortion]
    public var tags: [String]

    public init(name: String, per100g: Nutrients, portions: [FoodPortion], tags: [String]) {
        self.name = name
        self.per100g = per100g
        self.portions = portions
        self.tags = tags
    }
}

/// The user's library: the first tiers of the resolver chain. Keys are normalised names
/// (``TextNormalizer/key(_:)``). The diary implements this; tests use ``MemoryLibrary``.
/// A library that cannot be read throws: a miss would resolve the name elsewhere, silently.
public protocol FoodLibrary: AnyObject {
    func customFood(_ key: String) throws(DiaryError) -> LibraryFood?
    func recipe(_ key: String) throws(DiaryError) -> LibraryFood?
    func savedMeal(_ key: String) throws(DiaryError) -> LibraryFood?
    /// The name a user alias stands for.
    func aliasTarget(_ key: String) throws(DiaryError) -> String?
}

/// A library held in memory (for `-e` one-liners without a diary, and tests).
public final class MemoryLibrary: FoodLibrary {
    public var customFoods: [String: LibraryFood] = [:]
    public var recipes: [String: LibraryFood] = [:]
    public var meals: [String: LibraryFood] = [:]
    public var aliases: [String: String] = [:]

    public init() {}

    public func customFood(_ key: String) -> LibraryFood? { customFoods[key] }
    public func recipe(_ key: String) -> LibraryFood? { recipes[key] }
    public func savedMeal(_ key: String) -> LibraryFood? { meals[key] }
    public func aliasTarget(_ key: String) -> String? { aliases[key] }
}

/// Supplies an estimate for a name nothing else matched (user Lua estimators, the built-in one).
public protocol FoodEstimator: AnyObject {
    /// A short name for status output and reasons.
    var providerName: String { get }
    func estimate(_ name: String) throws(DiaryError) -> FoodChoice?
    /// Why the estimator gave nothing for `name` when that was a failure (a script error or a
    /// limit) rather than having no estimate; nil otherwise. Shown with what came instead.
    func failure(for name: String) -> String?
}

extension FoodEstimator {
    public func failure(for name: String) -> String? { nil }
}
