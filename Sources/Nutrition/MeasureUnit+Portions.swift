import FoodLogCore

extension MeasureUnit {
    /// Millilitres of a portion description from the food table (`cup, chopped` → 236.6),
    /// when it starts with a volume measure.
    public static func millilitres(ofPortion description: String) -> Double? {
        let words = description.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" })
        guard let first = words.first else { return nil }
        if first == "fl", words.count > 1, words[1].hasPrefix("oz") { return named("fl oz")?.millilitres }
        // The table's `jigger 1.5 fl oz` of a spirit is that measure.
        if first == "jigger", let flOz = named("fl oz")?.millilitres { return 1.5 * flOz }
        // The table also writes `tbs` for a tablespoon.
        return named(first == "tbs" ? "tbsp" : first)?.millilitres
    }
}
