/// The curated aliases by word, so the aliases inside a longer phrase (`chicken breast` of
/// `grilled chicken breast`) are found by looking up the phrase's few words instead of testing
/// every alias. Built once per matcher from the aliases' keys.
struct AliasWordIndex {
    /// One alias: its distinct words (stop words left out), row, natural portion and whether
    /// the row is only the nearest food.
    struct Entry {
        var words: [String]
        var number: Int
        var portion: String?
        var nearest: Bool
    }

    private(set) var entries: [Entry] = []
    /// For each word, the entries that have it, in the table's order.
    private var byWord: [String: [Int]] = [:]

    /// - Parameters:
    ///   - keys: ``TextNormalizer/key(_:)`` of each alias phrase, in the table's order.
    ///   - aliases: the table's aliases, in the same order.
    init(keys: [String], aliases: [FoodTable.Alias]) {
        entries.reserveCapacity(keys.count)
        for (key, alias) in zip(keys, aliases) {
            var words: [String] = []
            for word in key.split(separator: " ") where !FoodMatcher.stopWords.contains(String(word)) {
                let text = String(word)
                if !words.contains(text) { words.append(text) }
            }
            guard !words.isEmpty else { continue }
            for word in words { byWord[word, default: []].append(entries.count) }
            entries.append(Entry(words: words, number: alias.number, portion: alias.portion, nearest: alias.nearest))
        }
    }

    /// The aliases all of whose words are in `words`, in the table's order.
    func aliases(within words: Set<String>) -> [Entry] {
        var hits: [Int: Int] = [:]
        for word in words {
            for index in byWord[word] ?? [] { hits[index, default: 0] += 1 }
        }
        return hits.filter { entries[$0.key].words.count == $0.value }.keys.sorted().map { entries[$0] }
    }

    /// Every word of every alias, sorted (the vocabulary spelling correction may correct to).
    var words: [String] { byWord.keys.sorted() }
}
