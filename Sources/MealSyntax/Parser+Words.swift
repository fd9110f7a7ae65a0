import FoodLogCore

/// The parser's vocabulary lookups of a word token: by the word's ``Token/key`` (no String is
/// made of the word), or, for a word a key cannot hold (not ASCII, or long), by its lowercased
/// text. A vocabulary word without a key can only be such a word, so both ways find the same.
extension Parser {
    /// The unit a word token spells, any case (`Cups`); nil for any other word. ``MeasureUnit``'s
    /// case-sensitive `T` and `t` are read by ``unitSpelled(_:_:)``.
    mutating func unitNamed(_ token: Token) -> MeasureUnit? {
        guard token.kind == .word else { return nil }
        guard token.key.exists else { return MeasureUnit.named(lowercased: lowercasedWord(token)) }
        return Parser.unitsBySpelling.value(of: token.key)
    }

    /// The unit of two words (`fl oz`, `extra large`), any case; nil when they spell none.
    mutating func unitNamed(_ first: Token, then second: Token) -> MeasureUnit? {
        guard first.key.exists, second.key.exists, first.range.length + 1 + second.range.length <= WordKey.longest
        else { return MeasureUnit.named(lowercased: lowercasedWord(first) + " " + lowercasedWord(second)) }
        var key = first.key
        key.add(0x20)
        for index in second.range.start..<second.range.end { key.add(lexer.bytes[index]) }
        return Parser.unitsBySpelling.value(of: key)
    }

    /// True for the first word of a two-word unit (`fl`, `fluid`, `extra`).
    mutating func startsTwoWordUnit(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        guard token.key.exists else { return MeasureUnit.firstWordsOfTwoWordUnits.contains(lowercasedWord(token)) }
        return Parser.twoWordUnitStarts.contains(token.key)
    }

    /// True for a word of ``Vocabulary/preparationWords`` or ``Vocabulary/noteWords``.
    mutating func isPreparationWord(_ token: Token) -> Bool {
        guard token.key.exists else { return Vocabulary.isPreparationWord(lowercasedWord(token)) }
        return Parser.preparationWords.contains(token.key)
    }

    /// True for a word of ``Vocabulary/partCountWords`` (`finger`, `inch`).
    mutating func isPartCountWord(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        guard token.key.exists else { return Vocabulary.partCountWords.contains(lowercasedWord(token)) }
        return Parser.partCountWords.contains(token.key)
    }

    /// True for a word that may qualify a unit after it without being a unit itself: a spoon
    /// adjustment (`heaped`) or an everyday size (`big`), see ``MeasureUnit``.
    mutating func isUnitQualifierWord(_ token: Token) -> Bool {
        guard token.key.exists else {
            let word = lowercasedWord(token)
            return MeasureUnit.spoonAdjustment(lowercased: word) != nil || MeasureUnit.qualifierSizes[word] != nil
        }
        return Parser.unitQualifierWords.contains(token.key)
    }

    /// ``MeasureUnit/named(lowercased:)`` by key: every spelling, the first unit of a spelling
    /// two units share winning, as there.
    static let unitsBySpelling = WordTable(
        MeasureUnit.all.flatMap { unit in ([unit.name] + unit.spellings).map { ($0, unit) } })

    static let twoWordUnitStarts = WordTable(words: MeasureUnit.firstWordsOfTwoWordUnits)

    static let preparationWords = WordTable(words: Vocabulary.preparationWords + Vocabulary.noteWords)

    static let partCountWords = WordTable(words: Vocabulary.partCountWords)

    static let diaryVerbs = WordTable(words: Vocabulary.diaryVerbs)

    static let eachKey = WordKey("each")
    static let andKey = WordKey("and")

    /// True for a word of ``Vocabulary/diaryVerbs`` (`had`, `ate`, `i`).
    mutating func isDiaryVerb(_ token: Token) -> Bool {
        guard token.kind == .word, token.key.exists else { return false }
        return Parser.diaryVerbs.contains(token.key)
    }

    static let unitQualifierWords = WordTable(
        words: MeasureUnit.spoonAdjustments.map(\.word) + MeasureUnit.qualifierSizes.keys.sorted())
}
