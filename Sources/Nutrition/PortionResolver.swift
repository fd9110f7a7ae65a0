import FoodLogCore
/// The kind of unit a user wrote (mirrors the language's unit kinds).
public enum UnitClass: String, Sendable {
    case mass, volume, energy, household
}

/// A unit as the resolver needs it: canonical spelling, kind and the user's spelling.
public struct UnitRequest: Sendable {
    public var canonical: String
    public var unitClass: UnitClass
    public var written: String

    public init(canonical: String, unitClass: UnitClass, written: String) {
        self.canonical = canonical
        self.unitClass = unitClass
        self.written = written
    }
}

/// How an amount of a food turns into grams: grams per unit of quantity, and how that was
/// worked out (for the review). The same rule serves every quantity, so it can be cached.
public struct GramAmount: Equatable, Sendable {
    /// Grams for a quantity of 1.
    public var gramsPerQuantity: Double
    /// What follows the quantity in the explanation: ` × large (50 g)`, ` g`, ` cup at 1.03 g/ml`.
    public var basisSuffix: String

    public init(gramsPerQuantity: Double, basisSuffix: String) {
        self.gramsPerQuantity = gramsPerQuantity
        self.basisSuffix = basisSuffix
    }

    /// Grams of `quantity`.
    public func grams(_ quantity: Double) -> Double { quantity * gramsPerQuantity }

    /// `2 × large (50 g)`, `200 g`, `1.5 × cup (244 g)`.
    public func basis(_ quantity: Double) -> String { formatAmount(quantity) + basisSuffix }
}

/// Why no weight could be found for an item.
public struct PortionError: Error, Equatable, Sendable {
    public var message: String
    public var help: String
}

/// Turns quantity + unit into grams for one food: mass units always; volume units through the
/// food's own volume portions (their density); household and count units from the food's
/// portions by name and unique prefix; a bare count by the food's natural unit.
public enum PortionResolver {
    /// - Parameters:
    ///   - hints: words of the item's name and note (`shredded`, `cookie`), used to prefer the
    ///     matching portion (`cup, shredded`) and, for a bare count, the portion named by the
    ///     head noun (`2 chocolate chip cookies` → `cookie`).
    public static func grams(
        unit: UnitRequest?, foodName: String, portions: [FoodPortion],
        naturalPortion: String?, kcalPer100g: Double?,
        hints: [String] = []
    ) -> Result<GramAmount, PortionError> {
        let hintSet = Set(hints.map(TextNormalizer.singular))
        guard let unit else {
            guard
                let portion = naturalUnit(
                    portions, preferred: naturalPortion, headNoun: hints.last.map(TextNormalizer.singular))
            else {
                return .failure(
                    PortionError(
                        message: "no natural unit to count \(foodName) by",
                        help: "give an amount such as '100 g'" + available(portions)))
            }
            return .success(rule(portion))
        }
        switch unit.unitClass {
        case .mass:
            let factor = MeasureUnit.named(unit.canonical)?.grams ?? 1
            return .success(GramAmount(gramsPerQuantity: factor, basisSuffix: " " + unit.written))
        case .volume:
            return volume(unit, foodName: foodName, portions: portions, hints: hintSet)
        case .energy:
            guard let kcal = kcalPer100g, kcal > 0 else {
                return .failure(
                    PortionError(
                        message: "\(foodName) has no energy value to count '\(unit.written)' by",
                        help: "give grams instead"))
            }
            let kcalPerQuantity = MeasureUnit.named(unit.canonical)?.kcal ?? 1
            return .success(GramAmount(gramsPerQuantity: kcalPerQuantity / kcal * 100, basisSuffix: " " + unit.written))
        case .household:
            if let portion = matchPortion(unit.canonical, portions, hints: hintSet, preferred: naturalPortion)
                ?? matchPortion(unit.written, portions, hints: hintSet, preferred: naturalPortion)
            {
                return .success(rule(portion))
            }
            return .failure(noWeight(unit.written, foodName, portions))
        }
    }

    static func volume(
        _ unit: UnitRequest, foodName: String,
        portions: [FoodPortion], hints: Set<String>
    ) -> Result<GramAmount, PortionError> {
        let millilitres = MeasureUnit.named(unit.canonical)?.millilitres ?? 1
        // Same measure named by the food ("cup"): use its weight directly.
        if let portion = matchPortion(unit.canonical, portions, hints: hints),
            MeasureUnit.millilitres(ofPortion: portion.unit) != nil
        {
            return .success(rule(portion))
        }
        // Otherwise the density from any volume portion, plain ones first.
        let volumePortions = expanded(portions).filter { MeasureUnit.millilitres(ofPortion: $0.unit) != nil }
        guard let reference = volumePortions.first(where: { !$0.unit.contains(",") }) ?? volumePortions.first,
            let referenceMillilitres = MeasureUnit.millilitres(ofPortion: reference.unit)
        else {
            return .failure(noWeight(unit.written, foodName, portions))
        }
        let density = reference.gramsPerUnit / referenceMillilitres
        return .success(
            GramAmount(
                gramsPerQuantity: millilitres * density,
                basisSuffix: " " + unit.written + " at " + formatAmount(density) + " g/ml"))
    }

    /// The food's portion named by `word`: equal first (ignoring parenthesised detail, so
    /// `bar (1.55 oz)` is a `bar`), then a unique prefix (`slice` → `slice, large`); the table's
    /// order breaks ties. Among several, one whose description shares a word with `hints` wins
    /// (`cup, shredded`), and `preferred` (the alias's natural portion) before that.
    public static func matchPortion(
        _ word: String, _ portions: [FoodPortion], hints: Set<String> = [],
        preferred: String? = nil
    ) -> FoodPortion? {
        let wanted = TextNormalizer.key(word)
        guard !wanted.isEmpty else { return nil }
        let keyed = expanded(portions).map { (portion: $0, key: TextNormalizer.key($0.unit), plain: plainKey($0.unit)) }
        let matching = keyed.filter { $0.key == wanted || $0.key.hasPrefix(wanted + " ") }
        if let preferred {
            let preferredKey = TextNormalizer.key(preferred)
            if let natural = matching.first(where: { $0.key == preferredKey })
                ?? matching.first(where: { $0.portion.unit.lowercased().hasPrefix(preferred.lowercased()) })
            {
                return natural.portion
            }
        }
        if !hints.isEmpty,
            let hinted = matching.first(where: { candidate in
                !Set(candidate.plain.split(separator: " ").map(String.init)).subtracting([wanted]).isDisjoint(
                    with: hints)
            })
        {
            return hinted.portion
        }
        return (matching.first { $0.key == wanted } ?? matching.first { $0.plain == wanted } ?? matching.first)?.portion
    }

    /// The description's key without parenthesised detail: `bar (1.55 oz)` → `bar`.
    static func plainKey(_ description: String) -> String {
        var depth = 0
        var kept = ""
        for character in description {
            if character == "(" {
                depth += 1
                continue
            }
            if character == ")" {
                depth = max(0, depth - 1)
                continue
            }
            if depth == 0 { kept.append(character) }
        }
        return TextNormalizer.key(kept)
    }

    /// The portions plus, for `serving 1/2 cup (132 g)`-style rows, the measure they contain
    /// (`0.5 cup = 132 g`), so a `cup` or `medium` finds them.
    public static func expanded(_ portions: [FoodPortion]) -> [FoodPortion] {
        var result = portions
        for portion in portions {
            let lowered = portion.unit.lowercased()
            guard lowered.hasPrefix("serving ") else { continue }
            var rest = lowered.dropFirst("serving ".count).split(separator: " ").map(String.init)
            var amount = 1.0
            if let first = rest.first, let value = parseAmount(first) {
                amount = value
                rest.removeFirst()
            }
            guard !rest.isEmpty, amount > 0 else { continue }
            result.append(
                FoodPortion(
                    sequence: portion.sequence, amount: portion.amount * amount,
                    unit: rest.joined(separator: " "), grams: portion.grams))
        }
        return result
    }

    static func parseAmount(_ text: String) -> Double? {
        if let value = Double(text) { return value }
        let parts = text.split(separator: "/")
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0 {
            return numerator / denominator
        }
        return nil
    }

    /// The unit a bare count means: the alias's natural portion, else the first portion that is
    /// neither a mass nor a volume measure, else the first portion.
    static func naturalUnit(_ portions: [FoodPortion], preferred: String?, headNoun: String?) -> FoodPortion? {
        if let preferred,
            let portion = matchPortion(preferred, portions)
                ?? portions.first(where: { $0.unit.lowercased().hasPrefix(preferred.lowercased()) })
        {
            return portion
        }
        if let headNoun, let portion = matchPortion(headNoun, portions) { return portion }
        let massWords: Set<String> = ["oz", "lb", "g", "ounce", "ounces", "pound"]
        if let count = expanded(portions).first(where: { portion in
            let first = TextNormalizer.words(portion.unit).first ?? ""
            return MeasureUnit.millilitres(ofPortion: portion.unit) == nil && !massWords.contains(first)
        }) {
            return count
        }
        return portions.lazy.compactMap(piecePortion).first
    }

    /// A portion that counts pieces in parentheses, as one piece: `oz (18 kernels)` → 1 kernel.
    static func piecePortion(_ portion: FoodPortion) -> FoodPortion? {
        guard let open = portion.unit.firstIndex(of: "(") else { return nil }
        let inside = portion.unit[portion.unit.index(after: open)...].prefix { $0 != ")" }
        let words = inside.split(separator: " ")
        guard words.count >= 2, let count = Double(words[0]), count >= 2, words[1].first?.isLetter == true,
            MeasureUnit.millilitres(ofPortion: String(words[1])) == nil, !["oz", "g", "lb"].contains(String(words[1]))
        else { return nil }
        return FoodPortion(
            sequence: portion.sequence, amount: 1, unit: TextNormalizer.singular(String(words[1])),
            grams: portion.gramsPerUnit / count)
    }

    static func rule(_ portion: FoodPortion) -> GramAmount {
        GramAmount(
            gramsPerQuantity: portion.gramsPerUnit,
            basisSuffix: " × " + portion.unit + " (" + formatAmount(portion.gramsPerUnit) + " g)")
    }

    static func noWeight(_ unit: String, _ foodName: String, _ portions: [FoodPortion]) -> PortionError {
        PortionError(
            message: "no gram weight for '\(unit)' of \(foodName)",
            help: (portions.isEmpty ? "it has no household portions" : "it has: " + list(portions)) + "; or give grams")
    }

    static func available(_ portions: [FoodPortion]) -> String {
        portions.isEmpty ? "" : "; it has: " + list(portions)
    }

    static func list(_ portions: [FoodPortion]) -> String {
        var shown = portions.prefix(6).map { $0.unit + " (" + formatAmount($0.gramsPerUnit) + " g)" }
        if portions.count > 6 { shown.append("…") }
        return shown.joined(separator: ", ")
    }
}
