/// How a name was matched to a row of the food table.
public enum MatchKind: String, Sendable {
    /// The whole phrase is a curated alias.
    case alias
    /// The phrase names the row (all its words found, ranked best).
    case name
    /// Only after correcting a typo; always shown as assumed.
    case fuzzy
}

/// The food table's answer for a name: the row, its natural unit and the runners-up.
public struct TableMatch: Sendable {
    public var food: FoodRecord
    /// The unit a bare count means (`large` for eggs), from the alias table.
    public var naturalPortion: String?
    public var kind: MatchKind
    /// Close alternatives when the winner's margin is small (at most 3).
    public var alternatives: [FoodRecord]
    /// For fuzzy matches: the words as corrected.
    public var correctedPhrase: String?

    public init(
        food: FoodRecord, naturalPortion: String?, kind: MatchKind, alternatives: [FoodRecord],
        correctedPhrase: String?
    ) {
        self.food = food
        self.naturalPortion = naturalPortion
        self.kind = kind
        self.alternatives = alternatives
        self.correctedPhrase = correctedPhrase
    }
}

/// Ranks the food table's rows for a typed name:
/// exact alias → token coverage with the head noun first → plain/raw before prepared unless
/// the phrase says otherwise → fuzzy matching only as a flagged last resort.
public final class FoodMatcher: @unchecked Sendable {
    let table: FoodTable
    private var aliasIndex: [String: (number: Int, portion: String?)] = [:]
    private var aliasWords: [(words: Set<String>, count: Int, number: Int, portion: String?, phrase: String)] = []
    private var vocabulary: [String]?
    private var cache: [String: TableMatch?] = [:]

    /// Words that carry no food meaning in a phrase.
    public static let stopWords: Set<String> = [
        "with", "and", "of", "the", "a", "an", "in", "on", "some", "my", "for", "to", "from",
    ]
    /// Words in a table name that mark a prepared or processed form.
    static let preparedWords: Set<String> = [
        "fried", "canned", "frozen", "dried", "dehydrated", "baked", "roasted", "boiled", "cooked", "stewed",
        "braised", "grilled", "broiled", "prepared", "sweetened", "breaded", "batter", "microwaved", "pickled",
        "smoked", "cured", "heated", "toasted", "scrambled", "poached", "infant", "babyfood", "formula", "mix",
        "dough", "powder", "concentrate", "dry",
    ]

    public init(table: FoodTable) {
        self.table = table
        for alias in table.aliases {
            let key = TextNormalizer.key(alias.phrase)
            if aliasIndex[key] == nil { aliasIndex[key] = (alias.number, alias.portion) }
            let words = Set(key.split(separator: " ").map(String.init)).subtracting(FoodMatcher.stopWords)
            if !words.isEmpty { aliasWords.append((words, words.count, alias.number, alias.portion, key)) }
        }
    }

    /// True when the phrase key is a curated alias.
    public func isAlias(_ key: String) -> Bool { aliasIndex[key] != nil }

    /// The best row for a name, or nil when nothing in the table is close enough.
    public func match(_ name: String) -> TableMatch? {
        let key = TextNormalizer.key(name)
        if let cached = cache[key] { return cached }
        var result = rank(key)
        if result == nil, let corrected = correctTypos(key), corrected != key, var fuzzy = rank(corrected) {
            fuzzy.kind = .fuzzy
            fuzzy.correctedPhrase = corrected
            result = fuzzy
        }
        cache[key] = result
        return result
    }

    struct Candidate {
        var number: Int
        var portion: String?
        var score: Double
    }

    func rank(_ key: String) -> TableMatch? {
        if let alias = aliasIndex[key], let food = table.food(number: alias.number) {
            return TableMatch(
                food: food, naturalPortion: alias.portion, kind: .alias, alternatives: [], correctedPhrase: nil)
        }
        let ranked = candidates(key)
        guard let best = ranked.first, best.score >= 1.4, let food = table.food(number: best.number) else { return nil }
        let alternatives = ranked.dropFirst().prefix { best.score - $0.score < 0.25 }.prefix(3)
            .compactMap { table.food(number: $0.number) }
        return TableMatch(
            food: food, naturalPortion: best.portion, kind: .name, alternatives: Array(alternatives),
            correctedPhrase: nil)
    }

    /// Rows for `foodlog search`: the ranked candidates for the words, best first.
    public func search(_ text: String, limit: Int = 10) -> [(food: FoodRecord, score: Double)] {
        var key = TextNormalizer.key(text)
        var ranked = candidates(key)
        if ranked.isEmpty, let corrected = correctTypos(key) {
            key = corrected
            ranked = candidates(key)
        }
        if let alias = aliasIndex[key] {
            ranked.removeAll { $0.number == alias.number }
            ranked.insert(Candidate(number: alias.number, portion: alias.portion, score: 9), at: 0)
        }
        return ranked.prefix(limit).compactMap { candidate in
            table.food(number: candidate.number).map { ($0, candidate.score) }
        }
    }

    /// Every candidate row for a phrase key with its score, best first (ties by number).
    func candidates(_ key: String) -> [Candidate] {
        let words = key.split(separator: " ").map(String.init)
        let significant = words.filter { !FoodMatcher.stopWords.contains($0) }
        guard !significant.isEmpty else { return [] }
        let wordSet = Set(significant)
        let head = FoodMatcher.headNoun(words)
        let mentionsPreparation = significant.contains { FoodMatcher.preparedWords.contains($0) || $0 == "raw" }
        var candidates: [Int: Candidate] = [:]
        func offer(_ candidate: Candidate) {
            if let existing = candidates[candidate.number], existing.score >= candidate.score { return }
            candidates[candidate.number] = candidate
        }
        // Aliases contained in the phrase ("grilled chicken breast" ⊇ "chicken breast").
        for alias in aliasWords where alias.words.isSubset(of: wordSet) {
            let coverage = Double(alias.count) / Double(significant.count)
            let headBonus = alias.words.contains(head) ? 0.6 : 0
            offer(Candidate(number: alias.number, portion: alias.portion, score: 2.2 * coverage + headBonus + 0.3))
        }
        // Table rows by full-text search, scored by coverage.
        for row in table.search(anyOf: significant) {
            let segments = row.name.split(separator: ",")
            let nameWords = Set(TextNormalizer.foldedWords(row.name))
            guard nameWords.contains(head) else { continue }
            let covered = wordSet.filter { nameWords.contains($0) }.count
            let coverage = Double(covered) / Double(significant.count)
            let firstSegment = Set(TextNormalizer.foldedWords(String(segments.first ?? "")))
            var score = 2.0 * coverage
            if firstSegment.contains(head) { score += 0.5 }
            if firstSegment.isSubset(of: wordSet) { score += 0.2 }
            if !mentionsPreparation {
                if nameWords.contains("raw") { score += 0.12 }
                if !nameWords.isDisjoint(with: FoodMatcher.preparedWords) { score -= 0.1 }
            }
            score -= 0.03 * Double(segments.count)
            score -= 0.005 * Double(nameWords.subtracting(wordSet).count)
            offer(Candidate(number: row.number, portion: nil, score: score))
        }
        return candidates.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.number < $1.number }
    }

    /// The noun a phrase is about: the last word before `with`, or the last word.
    public static func headNoun(_ words: [String]) -> String {
        let beforeWith = words.split(separator: "with", maxSplits: 1).first.map(Array.init) ?? words
        return beforeWith.last { !stopWords.contains($0) } ?? words.last ?? ""
    }

    /// Replaces words the table does not know by their nearest known word (distance 1, or 2
    /// for words of 6+ letters); nil when nothing changed.
    func correctTypos(_ key: String) -> String? {
        let known = knownWords()
        let knownSet = Set(known)
        var changed = false
        let words = key.split(separator: " ").map { word -> String in
            let text = String(word)
            if knownSet.contains(text) || FoodMatcher.stopWords.contains(text) || text.count < 4 { return text }
            let limit = text.count >= 6 ? 2 : 1
            var best: (String, Int)?
            for candidate in known where abs(candidate.count - text.count) <= limit {
                let distance = editDistance(text, candidate, limit: limit)
                if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
            }
            if let best {
                changed = true
                return best.0
            }
            return text
        }
        return changed ? words.joined(separator: " ") : nil
    }

    func knownWords() -> [String] {
        if let vocabulary { return vocabulary }
        var words = Set<String>()
        for alias in aliasWords { words.formUnion(alias.words) }
        let result = words.sorted()
        vocabulary = result
        return result
    }
}

/// Levenshtein distance by bytes, stopping early past `limit`.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    if abs(a.utf8.count - b.utf8.count) > limit { return limit + 1 }
    let left = Array(a.utf8)
    let right = Array(b.utf8)
    if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
    var previous = Array(0...right.count)
    var current = previous
    for i in 1...left.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...right.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1))
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return limit + 1 }
        swap(&previous, &current)
    }
    return previous[right.count]
}
