/// The words the parser asks about by name (`of`, `and`, `to`, `today`…). The lexer tells
/// them once, as it reads a word, so the parser's many questions (`is this word "of"?`) are a
/// comparison of two small values instead of a comparison of bytes with a String.
public enum Keyword: String, CaseIterable, Sendable {
    case a, all, am, an, and, at, by, couple, day, days, dozen, each, few, food, foods, `for`, from, half, juice,
        last, log, meal, meals, midnight, month, noon, of, off, on, or, per, plus, pm, reload, serves, show, some,
        taste, the, this, to, today, week, weeks, with, yesterday, zest

    /// The keyword of the word with this key; nil for any other word. Asked of every word the
    /// lexer reads, so it is one look in a table.
    static func spelled(by key: WordKey) -> Keyword? {
        let slot = table[Int(key.packed % UInt64(table.count))]
        return slot.key == key ? slot.keyword : nil
    }

    /// A keyword and its key, or an empty slot (the key of no letters, no keyword).
    private struct Slot {
        var key: WordKey
        var keyword: Keyword?
    }

    /// The keywords, each at its key modulo the table's size: the smallest size at which no two
    /// keywords share a slot, so a word is found, or not, by one look.
    private static let table: [Slot] = {
        let keys = allCases.map { (key: WordKey($0.rawValue), keyword: $0) }
        func slot(_ key: WordKey, _ size: Int) -> Int { Int(key.packed % UInt64(size)) }
        var size = keys.count
        while Set(keys.map { slot($0.key, size) }).count < keys.count { size += 1 }
        var slots = [Slot](repeating: Slot(key: WordKey(), keyword: nil), count: size)
        for entry in keys { slots[slot(entry.key, size)] = Slot(key: entry.key, keyword: entry.keyword) }
        return slots
    }()
}
