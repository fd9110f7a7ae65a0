extension FoodMatcher {
    /// True for `apple and mango juice`, `lemon and ginger tea`, `strawberry and banana
    /// smoothie`: one flavour word (``drinkFlavours``), `and`, and a drink of at least two words
    /// (its head noun is a drink, see ``FoodKind/ofHead(_:)``) name one drink of both flavours,
    /// never a fruit and a drink. `toast and orange juice` stays two items (`toast` is no
    /// flavour), and so does `an apple and an orange juice` (each part has its own amount).
    public static func namesOneDrinkOfFlavours(first: String, second: String) -> Bool {
        let firstWords = TextNormalizer.foldedWords(first)
        guard firstWords.count == 1, drinkFlavours.contains(TextNormalizer.singular(firstWords[0])) else {
            return false
        }
        return TextNormalizer.foldedWords(second).count >= 2 && FoodKind.ofHead(second)?.isDrink == true
    }

    /// The drink's name without the flavour words the matched row does not say, and without
    /// the `and` that joined them (`apple and mango juice` is shown as `apple juice`).
    static func unflavouredName(_ key: String, without flavours: Set<String>) -> String {
        var words = key.split(separator: " ").map(String.init)
        for index in words.indices.reversed() {
            guard index < words.count, flavours.contains(words[index]) else { continue }
            words.remove(at: index)
            // The `and` (or `&`) before or after a flavour left out joined nothing.
            if index < words.count, words[index] == "and" || words[index] == "&" {
                words.remove(at: index)
            } else if index > 0, words[index - 1] == "and" || words[index - 1] == "&" {
                words.remove(at: index - 1)
            }
        }
        return words.joined(separator: " ")
    }
}
