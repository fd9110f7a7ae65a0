/// The one table of plausible amounts. Everything that enters the diary — from a script
/// (compiler and interpreter) or from an import — is checked against it, so what the diary
/// holds can always be summed, divided and shown. grammar/README.md ("Limits") lists the same
/// numbers for people.
public enum SaneRanges {
    /// A log item's quantity (`2` in `2 eggs`), a recipe's `serves` and a portion's count:
    /// from a thousandth to a hundred thousand.
    public static let quantity: ClosedRange<Double> = 0.001...100_000

    /// The grams one item resolves to, and the weight of a defined portion: 1 mg to 100 kg.
    public static let itemGrams: ClosedRange<Double> = 0.001...100_000

    /// Above these one item is allowed but flagged `implausible-item`: more than anyone eats at
    /// once (a 2 kg tub is plausible, a 3.8 kg "serving" is not; a day's 3,000 kcal in one item).
    public static let plausibleItemGrams = 2_500.0
    public static let plausibleItemKcal = 3_000.0

    /// A body weight in kilograms.
    public static let bodyWeightKilograms: ClosedRange<Double> = 2...700

    /// The most of a nutrient 100 g of a food can hold, by the nutrient's unit: pure fat has
    /// about 900 kcal per 100 g, and nothing holds more than its own weight of anything. The
    /// margin (1,000 kcal, 110 g) leaves room for rounded labels (`per 1 (5 g) = 6 g carbs`).
    /// IU: more than the IU of 110 g of pure vitamin D (4.4 × 10⁹).
    public static func perHundredGrams(unit: String) -> Double {
        switch unit {
        case "kcal": return 1_000
        case "mg": return 110_000
        case "µg": return 110_000_000
        case "IU": return 10_000_000_000
        default: return 110  // g
        }
    }

    /// The most of a nutrient one item (at most ``itemGrams``' 100 kg) can hold: what an
    /// imported row may report.
    public static func perItem(unit: String) -> Double {
        perHundredGrams(unit: unit) * itemGrams.upperBound / 100
    }

    /// A daily target, by the nutrient's unit: more than a thousandth of the unit, at most
    /// 20,000 kcal, 10 kg (water), 100 g of a mineral or vitamin in mg, 1 g of one in µg,
    /// 1,000,000 IU.
    /// A weekly target (`per week`) may be seven times as much.
    public static func target(unit: String, scope: TargetScope = .day) -> ClosedRange<Double> {
        if scope == .week {
            let daily = target(unit: unit)
            return daily.lowerBound...(daily.upperBound * 7)
        }
        switch unit {
        case "kcal": return 0.001...20_000
        case "mg": return 0.001...100_000
        case "µg": return 0.001...1_000_000
        case "IU": return 0.001...1_000_000
        default: return 0.001...10_000  // g
        }
    }

    /// A period covers at most this many days (100 years); a longer one is cut to the days
    /// the diary has entries on, and is an error if it is still longer.
    public static let periodDays = 36_525

    /// A food name (logged, defined, aliased) has at most this many bytes of UTF-8…
    public static let nameBytes = 256
    /// …and at most this many words. The table's longest name has 131 bytes and 21 words.
    public static let nameWords = 40
}

extension ClosedRange where Bound == Double {
    /// `0.001 to 100,000`: the range as a help text shows it.
    public var helpText: String { formatReadable(lowerBound) + " to " + formatReadable(upperBound) }
}
