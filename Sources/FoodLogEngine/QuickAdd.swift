import FoodLogCore
import MealSyntax
import Nutrition

/// `log 500 kcal`: energy with no food, as MyFitnessPal's quick add. An item is a quick add when
/// its whole name is an energy unit (`kcal`, `cal`, `calories`, `kj`) after a quantity; other
/// nutrients are unknown. It is stored as the food "Quick add (energy only)" with 100 kcal per
/// 100 g, so its grams are its kcal (a quick add has no real weight; reports say "quick add"
/// instead), and its text (`500 kcal`) runs back as the same quick add.
public enum QuickAdd {
    /// The food every quick add refers to (each resolver makes its own, to number it).
    static func makeChoice() -> FoodChoice {
        var nutrients = Nutrients()
        nutrients[.kcal] = 100
        return FoodChoice(
            source: .quickAdd,
            food: FoodReference(id: "quick-add", name: "Quick add (energy only)", group: "Quick add"),
            tags: [], per100g: nutrients, portions: [])
    }

    /// The source the diary stores for a quick add (`Entry.food.source`).
    public static var sourceName: String { FoodSourceKind.quickAdd.rawValue }

    /// The item as a quick add with `choice`, or nil when it is not one.
    static func resolve(_ item: Item, choice: FoodChoice) -> ResolvedItem? {
        guard item.unit == nil, item.note == nil, !item.name.quoted, let quantity = item.quantity?.value,
            let unit = MeasureUnit.named(item.name.text), let kcalPerUnit = unit.kcal
        else { return nil }
        return ResolvedItem(
            text: item.written.text, range: item.written.range, quantity: quantity, unit: nil, note: nil,
            choice: choice, grams: quantity * kcalPerUnit,
            basisSuffix: " " + item.name.text)
    }
}
