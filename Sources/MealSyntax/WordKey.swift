/// A word's letters in lowercase, seven bits each, in one number: how the parser compares a
/// word with its vocabularies (keywords, units, note words) without making a String of it. The
/// lexer makes it as it reads a word (see ``Token/key``). Words of different letters or lengths
/// never share a key (no letter is zero); a key holds an ASCII word of up to ``longest`` bytes,
/// and a longer or non-ASCII word has none (``none``: it is looked up by its lowercased text).
public struct WordKey: Comparable, Hashable, Sendable {
    private(set) var packed: UInt64 = 0

    /// The most bytes a key holds (63 bits).
    static let longest = 9

    /// No key: a token that is no word, or a word a key cannot hold.
    public static let none = WordKey()

    /// True for the key of a word (not ``none``).
    var exists: Bool { packed != 0 }

    /// The key of no letters, to ``add(_:)`` a word's bytes to.
    init() {}

    /// The key of the word at `range`; ``none`` when it is longer than ``longest`` or not all
    /// ASCII.
    init(_ bytes: [UInt8], _ range: SourceRange) {
        guard range.length <= WordKey.longest else { return }
        for index in range.start..<range.end {
            guard bytes[index] < 0x80 else {
                packed = 0
                return
            }
            add(bytes[index])
        }
    }

    /// The key of a vocabulary word; ``none`` when it is longer than ``longest`` or not all ASCII.
    init(_ word: String) {
        self.init(Array(word.utf8), SourceRange(0, word.utf8.count))
    }

    /// Adds an ASCII byte after the letters so far, in lowercase. The first bytes of a word
    /// longer than ``longest`` are lost: such a word must not be given the key.
    @inline(__always)
    mutating func add(_ byte: UInt8) {
        packed = packed << 7 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }

    public static func < (left: WordKey, right: WordKey) -> Bool { left.packed < right.packed }
}

/// Values found by the key of the word that names them: the keys sorted, searched by halves.
struct WordTable<Value: Sendable>: Sendable {
    private var keys: [WordKey] = []
    private var values: [Value] = []

    /// The values of `entries`, by their words (lowercase); a word met again keeps its first
    /// value. A word without a key (`sautéed`) is left out: only a word without a key can be
    /// it, and such a word is looked up by its text.
    init(_ entries: [(word: String, value: Value)]) {
        var seen = Set<WordKey>()
        var pairs: [(key: WordKey, value: Value)] = []
        for entry in entries {
            let key = WordKey(entry.word)
            if key.exists, seen.insert(key).inserted { pairs.append((key, entry.value)) }
        }
        pairs.sort { $0.key < $1.key }
        keys = pairs.map(\.key)
        values = pairs.map(\.value)
    }

    /// The value of the word with this key; nil when no word of the table has it.
    func value(of key: WordKey) -> Value? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] == key { return values[middle] }
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

extension WordTable where Value == Void {
    /// A set of words, searched by key.
    init(words: [String]) { self.init(words.map { ($0, ()) }) }

    /// True when the table has the word with this key.
    func contains(_ key: WordKey) -> Bool { value(of: key) != nil }
}
