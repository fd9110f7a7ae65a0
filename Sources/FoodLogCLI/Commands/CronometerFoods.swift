import FoodLogCore
import Nutrition

/// What the built-in food table knows about a Cronometer row's food: the tags plans read and,
/// for an Amount in volume or household units, the food's weight. Only a confident match
/// counts: the table's exact name, a curated alias, or a name match with no close runner-up;
/// a typo-corrected (fuzzy) or ambiguous match leaves the row as Cronometer wrote it.
final class CronometerFoods {
    typealias Match = (food: FoodRecord, naturalPortion: String?)
    let table: FoodTable
    let matcher: FoodMatcher
    private var matches: [String: Match?] = [:]

    init(table: FoodTable, matcher: FoodMatcher) {
        self.table = table
        self.matcher = matcher
    }

    /// The table's food that `name` names beyond doubt, with its natural portion (for a bare
    /// count); nil when no match is confident.
    func confidentMatch(_ name: String) -> Match? {
        if let known = matches[name] { return known }
        let match = uncachedMatch(name)
        matches[name] = match
        return match
    }

    private func uncachedMatch(_ name: String) -> Match? {
        if let exact = table.food(named: name) { return (exact, nil) }
        guard let match = matcher.match(name) else { return nil }
        switch match.kind {
        case .alias: return (match.food, match.naturalPortion)
        case .name: return match.alternatives.isEmpty ? (match.food, match.naturalPortion) : nil
        case .fuzzy: return nil
        }
    }

    /// Grams in one `unit` (nil: a bare count) of the food, with how they were found (`1 cup`,
    /// `1 cup at 0.5 g/ml`), from the table's portions; nil when the food has no weight for that
    /// unit. `name` (the row's food name) picks among portions (`cup, chopped`).
    func gramsPerQuantity(
        of match: Match, unit: MeasureUnit?, written: String, name: String
    ) -> (grams: Double, basis: String)? {
        let request = unit.map {
            UnitRequest(
                canonical: $0.name, unitClass: UnitClass(rawValue: $0.kind.rawValue) ?? .household, written: written)
        }
        let result = PortionResolver.grams(
            unit: request, foodName: match.food.name, portions: table.portions(of: match.food.number),
            naturalPortion: match.naturalPortion, kcalPer100g: match.food.per100g[.kcal],
            hints: TextNormalizer.words(name))
        guard case .success(let rule) = result, rule.gramsPerQuantity > 0 else { return nil }
        return (rule.gramsPerQuantity, rule.basis(1))
    }
}
