/// Looks up ASCII words case-insensitively straight from source bytes, without building a
/// String: the lexer's vocabularies (keywords, units, quantity words) are hot in the parser.
struct ByteWordTable<Value: Sendable>: Sendable {
    private var buckets: [UInt64: [(word: [UInt8], value: Value)]] = [:]

    init(_ entries: [(String, Value)]) {
        for (word, value) in entries {
            let bytes = Array(word.lowercased().utf8)
            buckets[ByteWordTable.hash(bytes[...]), default: []].append((bytes, value))
        }
    }

    /// The value for the word in `bytes[range]`, ignoring ASCII case.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Value? {
        guard range.length > 0, range.length <= 24 else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range.start..<range.end {
            hash = (hash ^ UInt64(ByteWordTable.lower(bytes[index]))) &* 0x100_0000_01b3
        }
        guard let candidates = buckets[hash] else { return nil }
        outer: for candidate in candidates where candidate.word.count == range.length {
            for offset in 0..<range.length where ByteWordTable.lower(bytes[range.start + offset]) != candidate.word[offset] {
                continue outer
            }
            return candidate.value
        }
        return nil
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

    static let quantities = ByteWordTable(Vocabulary.quantityWords.map { ($0.word, $0.value) })
    static let preparation = ByteWordTable(Vocabulary.preparationWords.map { ($0, true) })
}
