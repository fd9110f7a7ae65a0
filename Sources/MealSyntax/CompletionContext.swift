import FoodLogCore

/// What may be typed where the cursor is, read from the line so far: the one place that knows
/// it, for the language server's completion and the REPL's Tab.
public struct CompletionContext: Equatable, Sendable {
    /// A kind of word that fits at the cursor.
    public enum Slot: String, Equatable, Sendable {
        /// A statement keyword (`log`, `food`, …): the start of a statement.
        case keyword
        /// A unit word, right after a quantity.
        case unit
        /// A meal tag, after `@`.
        case meal
        /// A plan name, after `plan` (and `plan show`).
        case plan
        /// A food name, where an item's name goes.
        case food
        /// A fixed phrase of the statement, one of ``CompletionContext/choices``: after a
        /// target's amounts, the days it is for (`per week`, `on weekends`) or `from`.
        case phrase
    }

    /// What fits, best first (after a number: a unit, else a food).
    public var slots: [Slot]
    /// The text already typed of the word being completed (for foods, every word of the name
    /// so far, single-spaced).
    public var typed: String
    /// The byte offset in the line prefix where the completed text starts (what a completion
    /// replaces runs from here to the cursor).
    public var start: Int
    /// The phrases that fit for ``Slot/phrase``, in the order they are offered.
    public var choices: [String] = []

    /// Bytes that end a word for completion.
    static let breaks: Set<UInt8> = Set(" \t,;+=@\"(".utf8)

    /// The context at the end of `linePrefix` (the current line up to the cursor).
    /// `continuing` says the line continues the statement of the line before (it ended in
    /// `,`, `+`, `and` or `=`), and `previousKeyword` is that statement's first word.
    public static func at(linePrefix: String, continuing previousKeyword: String? = nil) -> CompletionContext {
        let bytes = Array(linePrefix.utf8)
        var wordStart = bytes.count
        while wordStart > 0, !breaks.contains(bytes[wordStart - 1]) { wordStart -= 1 }
        let typed = String(decoding: bytes[wordStart...], as: UTF8.self)
        let none = CompletionContext(slots: [], typed: typed, start: wordStart)
        if bytes[..<wordStart].contains(UInt8(ascii: "#")) || bytes[..<wordStart].filter({ $0 == 0x22 }).count % 2 == 1
        {
            return none  // inside a comment or a quoted name
        }
        if wordStart > 0, bytes[wordStart - 1] == UInt8(ascii: "@") {
            return CompletionContext(slots: [.meal], typed: typed, start: wordStart)
        }
        let tokens = words(bytes[..<wordStart])
        var keyword = tokens.first?.text.lowercased()
        var statementTokens = tokens
        if let semicolon = tokens.lastIndex(where: { $0.text == ";" }) {
            statementTokens = Array(tokens[(semicolon + 1)...])
            keyword = statementTokens.first?.text.lowercased()
        } else if let previousKeyword {
            keyword = previousKeyword.lowercased()
            statementTokens = [Word(text: keyword!, start: 0)] + tokens
        }
        guard let keyword else { return CompletionContext(slots: [.keyword], typed: typed, start: wordStart) }
        let rest = Array(statementTokens.dropFirst())
        switch keyword {
        case "plan":
            if rest.isEmpty || (rest.count == 1 && rest[0].text.lowercased() == "show") {
                return CompletionContext(slots: [.plan], typed: typed, start: wordStart)
            }
            return none
        case "log":
            return itemContext(rest, typed: typed, wordStart: wordStart) ?? none
        case "target":
            return targetContext(rest, typed: typed, wordStart: wordStart) ?? none
        case "recipe", "meal", "alias":
            guard let equals = rest.lastIndex(where: { $0.text == "=" }) else { return none }
            if keyword == "alias" {
                return foodContext(Array(rest[(equals + 1)...]), typed: typed, wordStart: wordStart)
            }
            return itemContext(Array(rest[(equals + 1)...]), typed: typed, wordStart: wordStart) ?? none
        default:
            return none
        }
    }

    /// In a list of items: what fits in the item after the last separator.
    static func itemContext(_ tokens: [Word], typed: String, wordStart: Int) -> CompletionContext? {
        let separators: Set<String> = [",", "+", "=", "and"]
        var item = tokens
        if let last = tokens.lastIndex(where: { separators.contains($0.text.lowercased()) }) {
            item = Array(tokens[(last + 1)...])
        }
        if item.contains(where: { ["at", "on"].contains($0.text.lowercased()) || $0.text.hasPrefix("@") }) {
            return nil  // past the items: a time, a date or a meal
        }
        var index = 0
        var sawQuantity = false
        while index < item.count, isQuantity(item[index].text) {
            sawQuantity = true
            index += 1
        }
        var sawUnit = false
        if index < item.count, MeasureUnit.named(item[index].text) != nil {
            sawUnit = true
            index += 1
        } else if index < item.count, gluedUnit(item[index].text) {
            sawQuantity = true
            sawUnit = true
            index += 1
        }
        if index < item.count, item[index].text.lowercased() == "of" { index += 1 }
        let name = Array(item[index...])
        if name.isEmpty, !typed.isEmpty, isQuantity(typed) { return nil }
        if name.isEmpty, sawQuantity, !sawUnit {
            return CompletionContext(slots: [.unit, .food], typed: typed, start: wordStart)
        }
        return foodContext(name, typed: typed, wordStart: wordStart)
    }

    /// After a target's amounts (`target 2000 kcal `): the scopes and `from` not written yet,
    /// whole phrases (`per week`), so that after `per` or `on` the phrase is completed from it.
    static func targetContext(_ tokens: [Word], typed: String, wordStart: Int) -> CompletionContext? {
        guard let last = tokens.last else { return nil }  // an amount comes first
        let lastWord = last.text.lowercased()
        if [",", "and", "from"].contains(lastWord) || isQuantity(last.text) { return nil }  // an amount, a date
        let prepositions = Set(Vocabulary.targetScopeWords.map(\.preposition))
        let words = tokens.map { $0.text.lowercased() }
        // Each scope's first spelling; a scope or `from` already written is not offered again.
        var choices: [String] = []
        var seen: Set<TargetScope> = []
        let scoped = zip(words, words.dropFirst()).contains { pair in
            Vocabulary.targetScopeWords.contains { $0.preposition == pair.0 && $0.word == pair.1 }
        }
        if !scoped || prepositions.contains(lastWord) {
            for entry in Vocabulary.targetScopeWords where seen.insert(entry.scope).inserted {
                choices.append(entry.preposition + " " + entry.word)
            }
        }
        if !words.contains("from"), !prepositions.contains(lastWord) { choices.append("from") }
        guard prepositions.contains(lastWord) else {
            return CompletionContext(slots: [.phrase], typed: typed, start: wordStart, choices: choices)
        }
        // After `per` or `on`: the phrase runs from the preposition.
        return CompletionContext(
            slots: [.phrase], typed: lastWord + " " + typed, start: last.start,
            choices: choices.filter { $0.hasPrefix(lastWord + " ") })
    }

    /// A food name whose first words are `name` and whose last word is being typed.
    static func foodContext(_ name: [Word], typed: String, wordStart: Int) -> CompletionContext {
        guard let first = name.first else { return CompletionContext(slots: [.food], typed: typed, start: wordStart) }
        let words = name.map(\.text) + (typed.isEmpty ? [""] : [typed])
        return CompletionContext(slots: [.food], typed: words.joined(separator: " "), start: first.start)
    }

    /// A number, a fraction or a quantity word.
    static func isQuantity(_ text: String) -> Bool {
        let lower = text.lowercased()
        if Vocabulary.quantityWords.contains(where: { $0.word == lower }) { return true }
        if let scalar = lower.unicodeScalars.first, Vocabulary.fractionValue(scalar) != nil { return true }
        guard let first = lower.utf8.first, (0x30...0x39).contains(first) else { return false }
        return lower.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2F }
    }

    /// A number with its unit written on (`200g`).
    static func gluedUnit(_ text: String) -> Bool {
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, digits.count < text.count else { return false }
        return MeasureUnit.named(text.dropFirst(digits.count)) != nil
    }

    /// A word of the line before the cursor and where it starts.
    struct Word {
        var text: String
        var start: Int
    }

    /// The words and separators (`,` `;` `+` `=`) of a line prefix.
    static func words(_ bytes: ArraySlice<UInt8>) -> [Word] {
        var result: [Word] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x22 || byte == 0x28 || byte == 0x29 {
                index += 1
                continue
            }
            if [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "+"), UInt8(ascii: "=")].contains(byte) {
                result.append(Word(text: String(Unicode.Scalar(byte)), start: index))
                index += 1
                continue
            }
            let start = index
            if byte == UInt8(ascii: "@") { index += 1 }
            while index < bytes.endIndex, !breaks.contains(bytes[index]), bytes[index] != 0x29 { index += 1 }
            if index == start { index += 1 }
            result.append(Word(text: String(decoding: bytes[start..<index], as: UTF8.self), start: start))
        }
        return result
    }

    /// True when a line ends so that the next continues its statement (`,` `+` `and` `=`).
    public static func lineContinues(_ line: String) -> Bool {
        var text = Substring(line)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return text.hasSuffix(",") || text.hasSuffix("+") || text.hasSuffix("=") || text.lowercased().hasSuffix(" and")
    }
}
