/// Conversion factors for the units FoodLog understands without knowing the food.
public enum MeasureUnit {
    /// Grams in one of each mass unit (keyed by the canonical spelling in the language).
    public static let gramsPer: [String: Double] = [
        "g": 1, "gram": 1, "mg": 0.001, "milligram": 0.001, "kg": 1000, "kilogram": 1000,
        "oz": 28.349523125, "ounce": 28.349523125, "lb": 453.59237, "lbs": 453.59237, "pound": 453.59237,
    ]

    /// Millilitres in one of each volume unit (US customary measures).
    public static let millilitresPer: [String: Double] = [
        "ml": 1, "milliliter": 1, "millilitre": 1, "l": 1000, "liter": 1000, "litre": 1000, "cl": 10, "dl": 100,
        "tsp": 4.92892159375, "teaspoon": 4.92892159375, "tbsp": 14.78676478125, "tablespoon": 14.78676478125,
        "cup": 236.5882365, "fl oz": 29.5735295625, "pint": 473.176473, "quart": 946.352946, "gallon": 3785.411784,
    ]

    /// Millilitres of a portion description from the food table (`cup, chopped` → 236.6),
    /// when it starts with a volume measure.
    public static func millilitres(ofPortion description: String) -> Double? {
        let words = description.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" })
        guard let first = words.first else { return nil }
        if first == "fl", words.count > 1, words[1].hasPrefix("oz") { return millilitresPer["fl oz"] }
        switch first {
        case "cup", "cups": return millilitresPer["cup"]
        case "tbsp", "tablespoon", "tablespoons", "tbs": return millilitresPer["tbsp"]
        case "tsp", "teaspoon", "teaspoons": return millilitresPer["tsp"]
        case "ml": return 1
        case "liter", "l": return 1000
        case "pint": return millilitresPer["pint"]
        case "quart": return millilitresPer["quart"]
        case "gallon": return millilitresPer["gallon"]
        default: return nil
        }
    }
}
