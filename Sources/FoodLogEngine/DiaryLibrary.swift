import Diary
import Nutrition

/// The diary's library as the resolver's first tiers (custom foods, recipes, saved meals,
/// aliases). Reads go through the diary's connection, so definitions made earlier in the same
/// (not yet committed) run are already visible.
public final class DiaryLibrary: FoodLibrary {
    let diary: Diary

    public init(diary: Diary) {
        self.diary = diary
    }

    public func customFood(_ key: String) throws(DiaryError) -> LibraryFood? { try food(.custom, key) }
    public func recipe(_ key: String) throws(DiaryError) -> LibraryFood? { try food(.recipe, key) }
    public func savedMeal(_ key: String) throws(DiaryError) -> LibraryFood? { try food(.meal, key) }
    public func aliasTarget(_ key: String) throws(DiaryError) -> String? { try diary.aliasTarget(key) }

    func food(_ kind: StoredFood.Kind, _ key: String) throws(DiaryError) -> LibraryFood? {
        guard let stored = try diary.storedFood(kind, key: key) else { return nil }
        return LibraryFood(name: stored.name, per100g: stored.per100g, portions: stored.portions, tags: stored.tags)
    }
}
