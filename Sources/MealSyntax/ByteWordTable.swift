/// Looks up ASCII words case-insensitively straight from source bytes, without building a
/// String: the lexer's vocabularies (keywords, units, quantity words) are hot in the parser.
///
/// A word of up to 24 bytes is packed, lowercased, into three 64-bit keys; a lookup is one
/// multiply-mix of the keys and, in the common case, one probe that compares three integers.
final class ByteWordTable<Value: Sendable>: @unchecked Sendable {
    /// A word's lowercase bytes, zero-padded (no word byte is zero, so padding cannot match).
    private struct Key: Equatable {
        var low: UInt64 = 0
        var middle: UInt64 = 0
        var high: UInt64 = 0
    }

    /// Longest word a table holds.
    static var maximumLength: Int { 24 }

    private let keys: UnsafeMutablePointer<Key>
    /// Open addressing: each slot holds an entry number plus one, or 0; at most a quarter is used.
    private let slots: UnsafeMutablePointer<UInt16>
    private let mask: Int
    private let values: [Value]

    /// A table of `entries`; a word given twice keeps its first value.
    init(_ entries: [(String, Value)]) {
        var capacity = 16
        while capacity < entries.count * 4 { capacity *= 2 }
        precondition(entries.count < Int(UInt16.max), "a word table holds fewer than 65,535 words")
        keys = .allocate(capacity: max(1, entries.count))
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        var values: [Value] = []
        values.reserveCapacity(entries.count)
        for (word, value) in entries {
            var word = word
            let key = word.withUTF8 { bytes in
                precondition(!bytes.isEmpty && bytes.count <= ByteWordTable.maximumLength && !bytes.contains(0),
                             "table words are 1-24 bytes without NUL")
                return ByteWordTable.key(bytes, SourceRange(0, bytes.count))
            }
            var slot = ByteWordTable.slot(key, mask)
            var duplicate = false
            while slots[slot] != 0, !duplicate {
                duplicate = keys[Int(slots[slot]) - 1] == key
                slot = (slot + 1) & mask
            }
            if duplicate { continue }
            slots[slot] = UInt16(values.count + 1)
            (keys + values.count).initialize(to: key)
            values.append(value)
        }
        self.values = values
    }

    deinit {
        keys.deinitialize(count: values.count)
        keys.deallocate()
        slots.deallocate()
    }

    /// The value for the word in `bytes[range]`, ignoring ASCII case.
    @inline(__always)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Value? {
        guard range.length > 0, range.length <= ByteWordTable.maximumLength else { return nil }
        let key = ByteWordTable.key(bytes, range)
        var slot = ByteWordTable.slot(key, mask)
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keys[entry - 1] == key { return values[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Packs up to 24 bytes, lowercased, little-endian into three words.
    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Key {
        var key = Key(low: PackedBytes.lowercased(PackedBytes.word(bytes, range, 0)))
        guard range.length > 8 else { return key }  // most words: one word of bytes
        key.middle = PackedBytes.lowercased(PackedBytes.word(bytes, range, 1))
        key.high = PackedBytes.lowercased(PackedBytes.word(bytes, range, 2))
        return key
    }

    @inline(__always)
    private static func slot(_ key: Key, _ mask: Int) -> Int {
        PackedBytes.slot(key.low, key.middle, key.high, 0, length: 0, mask: mask)
    }
}

/// Up to eight bytes of a buffer as one little-endian integer (missing bytes are zero), so short
/// words are compared and hashed a word at a time rather than byte by byte.
enum PackedBytes {
    /// `count` (0...8) bytes from `bytes[start...]`.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt64 {
        let base = bytes.baseAddress! + start
        if start + 8 <= bytes.count { return load(UnsafeRawPointer(base), keeping: count) }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(base[index]) &<< UInt64(index &* 8) }
        return word
    }

    /// The eight bytes at `base` (all readable), keeping the first `count` (none when
    /// `count <= 0`, all when `count >= 8`) and zeroing the rest.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, keeping count: Int) -> UInt64 {
        if count <= 0 { return 0 }
        let word = base.loadUnaligned(as: UInt64.self)
        return count >= 8 ? word : word & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1)
    }

    /// Word `index` (bytes `8 * index ..< 8 * index + 8`) of `bytes[range]`, zero past its end.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange, _ index: Int) -> UInt64 {
        let available = range.length &- index &* 8
        if available <= 0 { return 0 }
        return load(bytes, range.start &+ index &* 8, min(available, 8))
    }

    /// A slot below `mask + 1` for up to four packed words and a length (a multiply-mix).
    @inline(__always)
    static func slot(_ first: UInt64, _ second: UInt64, _ third: UInt64, _ fourth: UInt64, length: Int, mask: Int) -> Int {
        var mixed = first &* 0x9E37_79B9_7F4A_7C15
        mixed ^= second &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= third &* 0x1656_67B1_9E37_79F9
        mixed ^= fourth &* 0x27D4_EB2F_1656_67C5
        mixed = (mixed ^ UInt64(truncatingIfNeeded: length)) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed &>> 32) & mask
    }

    /// The eight bytes with ASCII `A`–`Z` turned to `a`–`z` (every other byte unchanged).
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low7 = word & ~high
        let atLeastA = (low7 &+ 0x3F3F_3F3F_3F3F_3F3F) & high   // byte & 0x7F >= 0x41
        let pastZ = (low7 &+ 0x2525_2525_2525_2525) & high      // byte & 0x7F >= 0x5B
        let upper = atLeastA & ~pastZ & ~word                   // and the byte is ASCII
        return word | (upper &>> 2)
    }
}

/// The vocabularies as byte tables, built once and shared by every parser (a parser keeps a
/// reference, so its hot lookups do not go through a lazy global each time).
final class VocabularyTables: Sendable {
    static let shared = VocabularyTables()

    /// Statement keyword (any case) → the keyword in lowercase.
    let statements = ByteWordTable(Vocabulary.statementKeywords.map { ($0, $0) })

    /// A unit word's meaning: its canonical spelling, its kind, and whether it is a household
    /// size (`large`, `medium`, `small`, `jumbo`), which may stand without a quantity.
    struct Unit: Sendable {
        let canonical: String
        let kind: Vocabulary.UnitKind
        let isSize: Bool
    }

    /// Every unit spelling (singular and plural).
    let units: ByteWordTable<Unit> = {
        var entries: [(String, Unit)] = []
        for unit in Vocabulary.units where !unit.word.utf8.contains(0x20) {
            let isSize = unit.kind == .household && ["large", "medium", "small", "jumbo"].contains(unit.word)
            let meaning = Unit(canonical: unit.word, kind: unit.kind, isSize: isSize)
            entries.append((unit.word, meaning))
            if let plural = Vocabulary.pluralOf(unit.word), plural != unit.word { entries.append((plural, meaning)) }
            if unit.word.hasSuffix("y") { entries.append((String(unit.word.dropLast()) + "ies", meaning)) }
            entries.append((unit.word + "es", meaning))
            if !unit.word.hasSuffix("s") { entries.append((unit.word + "s", meaning)) }
        }
        return ByteWordTable(entries)  // a spelling met twice keeps its first meaning
    }()

    let quantities = ByteWordTable(Vocabulary.quantityWords.map { ($0.word, $0.value) })
    let preparation = ByteWordTable(Vocabulary.preparationWords.map { ($0, true) })
}
