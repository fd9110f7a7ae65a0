import FoodLogCore

/// A sub or a pizza ordered by its length or diameter: `a footlong turkey sub`, `a six inch
/// meatball sub`, `a 12 inch margherita pizza`. The length is a size of the one item, not a
/// count, and weighs it from the food's own portions: SR26's `6 inch sub` is 190 g, so its
/// inch is a sixth of that; FNDDS's `regular or 6" submarine` weighs six inches and its
/// `medium pizza (11-12" diameter)` every pizza of 11 to 12 inches.
extension PortionResolver {
    /// Inches of the words people order a sub or a pizza by (`footlong`, `6 inch`, `six inch`).
    static func lengthSaid(_ hints: Set<String>) -> Double? {
        if hints.contains("footlong") || (hints.contains("foot") && hints.contains("long")) { return 12 }
        guard hints.contains("inch") else { return nil }
        let inches = hints.compactMap { FoodMatcher.lengthNumber($0) }
        return inches.count == 1 ? inches[0] : nil
    }

    /// The weight of one item of the length the name says, or of the food's standard sub when
    /// its portions weigh a sub by the inch and the name says no length (`a roast beef sandwich`
    /// is SR26's 6-inch sub, never one inch of it); nil when neither applies.
    static func byLength(_ food: FoodPortions) -> GramAmount? {
        let said = lengthSaid(food.hints)
        // SR26: `6 inch sub`, `12 inch sub` (amount 6 and 12 of `inch sub`).
        let perInch = food.portions.filter { plainKey($0.unit) == "inch sub" && $0.amount > 0 }
        if let standard = perInch.min(by: { $0.amount < $1.amount }) {
            let inches = said ?? standard.amount
            let grams = standard.grams / standard.amount * inches
            return GramAmount(
                gramsPerQuantity: grams,
                basisSuffix: " × " + formatAmount(inches) + " inch sub (" + formatAmount(grams) + " g)")
        }
        guard let said else { return nil }
        if said == 12, let footlong = food.portions.first(where: { plainKey($0.unit) == "footlong" }) {
            return GramAmount(
                gramsPerQuantity: footlong.gramsPerUnit,
                basisSuffix: " × footlong (" + formatAmount(footlong.gramsPerUnit) + " g)")
        }
        // FNDDS: `regular or 6" submarine`, counted in six-inch lengths.
        if let sixInch = food.portions.first(where: { $0.unit.contains("6\" submarine") }) {
            let grams = sixInch.gramsPerUnit * said / 6
            return GramAmount(
                gramsPerQuantity: grams,
                basisSuffix: " × " + formatAmount(said) + "\" sub (" + formatAmount(said / 6) + " × 6\" submarine "
                    + formatAmount(sixInch.gramsPerUnit) + " g)")
        }
        // FNDDS pizzas: `small pizza (8-10" diameter)`, the whole pizza whose range holds it.
        for portion in food.portions {
            guard let range = diameterRange(portion.unit), range.contains(said) else { continue }
            return GramAmount(
                gramsPerQuantity: portion.gramsPerUnit,
                basisSuffix: " × " + portion.unit + " (" + formatAmount(portion.gramsPerUnit) + " g)")
        }
        return wholePizza(inches: said, food)
    }

    /// One whole SR26 chain pizza of `inches` across: the chain pizzas are one diameter
    /// (`PIZZA HUT 12" Cheese Pizza`, `… 14" pizza …`), and another diameter scales the whole
    /// pizza by its area, assumed; nil for a food that is no such pizza.
    static func wholePizza(inches said: Double, _ food: FoodPortions) -> GramAmount? {
        guard let whole = food.portions.first(where: { plainKey($0.unit) == "pizza" }),
            let diameter = statedDiameter(food.name)
        else { return nil }
        let grams = whole.gramsPerUnit * (said * said) / (diameter * diameter)
        let basis =
            formatAmount(said) + "\" pizza ≈ (" + formatAmount(said) + "/" + formatAmount(diameter) + ")² × "
            + formatAmount(diameter) + "\" pizza " + formatAmount(whole.gramsPerUnit) + " g"
        guard said != diameter else {
            return GramAmount(gramsPerQuantity: grams, basisSuffix: " × pizza (" + formatAmount(grams) + " g)")
        }
        return GramAmount(gramsPerQuantity: grams, basisSuffix: " × " + basis + ", assumed", assumption: basis)
    }

    /// The diameters a pizza's size words mean, in inches (US and UK chains: a small 10", a
    /// medium 12", a large 14", an extra large 16"): `a large pizza` is a 14" pizza, not 1.3
    /// times one.
    static let pizzaInches: [String: Double] = [
        "small": 10, "medium": 12, "regular": 12, "large": 14, "extra large": 16,
    ]

    /// True when the portions weigh the food by a length or diameter (a sub by the inch, a
    /// six-inch submarine, a footlong, a pizza of a diameter range): a name that says a length
    /// prefers such a row (`a 6 inch veggie sub` is the sandwich sold as a sub, not the wrap).
    public static func weighsByLength(_ portions: [FoodPortion]) -> Bool {
        portions.contains { portion in
            let key = plainKey(portion.unit)
            return key == "inch sub" || key == "footlong" || portion.unit.contains("6\" submarine")
                || diameterRange(portion.unit) != nil
        }
    }

    /// The diameter an SR26 pizza's name states (`14` of `Fast Food, Pizza Chain, 14" pizza`).
    static func statedDiameter(_ name: String) -> Double? {
        guard let quote = name.firstIndex(of: "\"") else { return nil }
        let digits = name[..<quote].reversed().prefix { $0.isNumber }
        return digits.isEmpty ? nil : Double(String(digits.reversed()))
    }

    /// `8`…`10` of a portion described `small pizza (8-10" diameter)`; nil for any other.
    static func diameterRange(_ unit: String) -> ClosedRange<Double>? {
        guard unit.contains("\" diameter"), let open = unit.firstIndex(of: "("),
            let dash = unit[open...].firstIndex(of: "-"),
            let quote = unit[dash...].firstIndex(of: "\""),
            let low = Double(unit[unit.index(after: open)..<dash]),
            let high = Double(unit[unit.index(after: dash)..<quote]),
            low <= high
        else { return nil }
        return low...high
    }
}
