import Diary
import FoodLogCore
import MealSyntax
import Nutrition

/// A count inside a food's name, after `a` (grammar/foods.md, "A count inside the name"): `a 3
/// egg omelette` is one omelette of three eggs, `a 3 bean chilli` one chilli of three beans.
extension Resolver {
    /// `item` resolved as the food its name names without the count, when the name starts with
    /// a count and a noun and goes on (`3 egg omelette`). When the food has a portion named by
    /// that noun (the omelette's `egg`, 55 g), the item weighs that many of it; else it is one
    /// of the food, as it would be without the count. Nil for any other name, for a name the
    /// table knows whole, and for the part words the parser already reads (`12 inch pizza`).
    func countedPartName(_ item: Item, splitting: Bool, cue: String?) throws(DiaryError) -> Result<
        ResolvedItem, Diagnostic
    >? {
        guard item.unit == nil, item.size == nil, !item.name.quoted,
            let counted = Resolver.countedPart(item.name.text)
        else { return nil }
        guard try !knowsExactly(item.name.text) else { return nil }
        var rest = item
        let faithful = item.name.isFaithful
        let skipped = item.name.text.utf8.count - counted.rest.utf8.count
        rest.name = FoodName(
            text: counted.rest, quoted: false,
            range: faithful ? SourceRange(item.name.range.start + skipped, item.name.range.end) : item.name.range)
        let result = try resolveUncached(rest, splitting: splitting, cue: cue)
        guard case .success(let resolved) = result else { return result }
        return .success(weighedAsParts(rest, resolved, count: counted.count, noun: counted.noun) ?? resolved)
    }

    /// `rest` as `resolved`'s food weighed as `count` of its portion named by `noun` (`3 × egg
    /// (55 g each)`); nil when the food has no such portion.
    func weighedAsParts(_ rest: Item, _ resolved: ResolvedItem, count: Double, noun: String) -> ResolvedItem? {
        let noun = TextNormalizer.singular(noun)
        guard
            let part = PortionResolver.expanded(resolved.choice.portions).first(where: {
                TextNormalizer.singular(TextNormalizer.key($0.unit)) == noun
            })
        else { return nil }
        let rule = GramAmount(
            gramsPerQuantity: count * part.gramsPerUnit,
            basisSuffix: " × " + formatAmount(count) + " " + part.unit + " (" + formatAmount(part.gramsPerUnit)
                + " g each)",
            assumption: nil)
        return resolvedItem(rest, choice: resolved.choice, rule: rule)
    }

    /// `item` as one food of that many parts, when a whole number counts the first word of a
    /// name of one food (`3 egg omelette`, with no `a`): the dish the rest names, weighed as that
    /// many of its portion named by the counted noun (the omelette's `egg`). Nil when the last
    /// word is a plural (`3 egg omelettes` are three), or the food has no such portion (`2
    /// chicken sandwich` stays two sandwiches).
    func countedPartOfQuantity(_ item: Item, splitting: Bool, cue: String?) throws(DiaryError) -> Result<
        ResolvedItem, Diagnostic
    >? {
        guard let quantity = item.quantity, item.unit == nil, item.size == nil, !item.name.quoted,
            quantity.value >= 2, quantity.value <= 24, quantity.value == quantity.value.rounded()
        else { return nil }
        let words = item.name.text.split(separator: " ")
        guard words.count >= 2, let last = words.last?.lowercased(), TextNormalizer.singular(last) == last,
            let counted = Resolver.countedPart(formatAmount(quantity.value) + " " + item.name.text),
            try !knowsExactly(item.name.text)
        else { return nil }
        var rest = item
        rest.quantity = nil
        let restText = item.name.text[words[1].startIndex...]
        let skipped = item.name.text.utf8.count - restText.utf8.count
        rest.name = FoodName(
            text: String(restText), quoted: false,
            range: item.name.isFaithful
                ? SourceRange(item.name.range.start + skipped, item.name.range.end) : item.name.range)
        guard case .success(let resolved) = try resolveUncached(rest, splitting: splitting, cue: cue),
            !resolved.isEstimate, let parts = weighedAsParts(rest, resolved, count: quantity.value, noun: counted.noun)
        else { return nil }
        return .success(parts)
    }

    /// The count, the noun it counts and the name from that noun on, of a name such as `3 egg
    /// omelette` or `three egg omelette`; nil when the name has no such start, or its noun is
    /// one the parser keeps with its number (``Vocabulary/partCountWords``).
    static func countedPart(_ name: String) -> (count: Double, noun: String, rest: String)? {
        let words = name.split(separator: " ")
        guard words.count >= 3, let first = words.first else { return nil }
        let lowered = first.lowercased()
        let count =
            first.allSatisfy(\.isNumber)
            ? Double(first)
            : Vocabulary.quantityWords.first { $0.word == lowered && $0.value >= 2 && $0.value == $0.value.rounded() }?
                .value
        guard let count, count >= 2, count <= 24 else { return nil }
        let noun = words[1].lowercased()
        guard noun.allSatisfy(\.isLetter), !Vocabulary.partCountWords.contains(TextNormalizer.singular(noun)),
            MeasureUnit.named(noun) == nil
        else { return nil }
        return (count, noun, words.dropFirst().joined(separator: " "))
    }
}
