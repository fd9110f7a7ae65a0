/// Looks up ASCII words case-insensitively straight from source bytes, without building a
/// String: the lexer's vocabularies (keywords, units, quantity words) are hot in the parser.
final class ByteWordTable<Value: Sendable>: Sendable {
    /// Open addressing: each slot holds an entry index or -1; at most half the slots are used.
    private let slots: [Int32]
    private let hashes: [UInt64]
    /// Every word's lowercase bytes, back to back (`wordStarts[i]..<wordStarts[i + 1]`).
    private let wordBytes: [UInt8]
    private let wordStarts: [Int]
    private let values: [Value]

    init(_ entries: [(String, Value)]) {
        var capacity = 16
        while capacity < entries.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        var hashes: [UInt64] = []
        var wordBytes: [UInt8] = []
        var wordStarts = [0]
        var values: [Value] = []
        for (word, value) in entries {
            let bytes = Array(word.lowercased().utf8)
            let hash = ByteWordTable.hash(bytes[...])
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(values.count)
            hashes.append(hash)
            wordBytes += bytes
            wordStarts.append(wordBytes.count)
            values.append(value)
        }
        self.slots = slots
        self.hashes = hashes
        self.wordBytes = wordBytes
        self.wordStarts = wordStarts
        self.values = values
    }

    /// The value for the word in `bytes[range]`, ignoring ASCII case.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Value? {
        guard range.length > 0, range.length <= 24 else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range.start..<range.end {
            hash = (hash ^ UInt64(ByteWordTable.lower(bytes[index]))) &* 0x100_0000_01b3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if hashes[entry] == hash, wordStarts[entry + 1] - wordStarts[entry] == range.length,
               matches(entry, bytes, range) {
                return values[entry]
            }
            slot = (slot + 1) & mask
        }
    }

    private func matches(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Bool {
        let start = wordStarts[entry]
        for offset in 0..<range.length where ByteWordTable.lower(bytes[range.start + offset]) != wordBytes[start + offset] {
            return false
        }
        return true
    }

    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(lower(byte))) &* 0x100_0000_01b3 }
        return hash
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}

/// The vocabularies as byte tables, built once.
enum VocabularyTables {
    /// Statement keyword → index in ``Vocabulary/statementKeywords``.
    static let statements = ByteWordTable(Vocabulary.statementKeywords.enumerated().map { ($0.element, $0.offset) })

    /// Every unit spelling (singular and plural) → index in ``Vocabulary/units``.
    static let units: ByteWordTable<Int> = {
        var entries: [(String, Int)] = []
        for (index, unit) in Vocabulary.units.enumerated() where !unit.word.contains(" ") {
            entries.append((unit.word, index))
            if let plural = Vocabulary.pluralOf(unit.word), plural != unit.word { entries.append((plural, index)) }
            if unit.word.hasSuffix("y") { entries.append((String(unit.word.dropLast()) + "ies", index)) }
            entries.append((unit.word + "es", index))
            if !unit.word.hasSuffix("s") { entries.append((unit.word + "s", index)) }
        }
        var seen = Set<String>()
        return ByteWordTable(entries.filter { seen.insert($0.0).inserted })
    }()

    /// By index in ``Vocabulary/units``: true for the household sizes (`large`, `medium`, `small`, `jumbo`).
    static let sizeUnits: [Bool] = Vocabulary.units.map {
        $0.kind == .household && ["large", "medium", "small", "extra large", "jumbo"].contains($0.word)
    }

    static let quantities = ByteWordTable(Vocabulary.quantityWords.map { ($0.word, $0.value) })
    static let preparation = ByteWordTable(Vocabulary.preparationWords.map { ($0, true) })
}
