extension FoodKind {
    /// The kind a name's head noun gives, nil when no rule of ``rules`` names it: its last two
    /// words as a phrase (`peanut butter` is a spread), else its last word (`almond milk` is
    /// milk, where ``of(name:group:)``, reading every word, finds the almond first).
    public static func ofHead(_ name: String) -> FoodKind? {
        let words = TextNormalizer.foldedWords(name)
        guard let last = words.last else { return nil }
        let phrases = (words.count >= 2 ? [words[words.count - 2] + " " + last] : []) + [last]
        for phrase in phrases {
            if let rule = rules.first(where: { $0.words.contains(phrase) }) { return rule.kind }
        }
        return nil
    }
}
