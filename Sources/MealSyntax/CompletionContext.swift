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
    }

    /// What fits, best first (after a number: a unit, else a food).
    public var slots: [Slot]
    /// The text already typed of the word being completed (for foods, every word of the name
    /// so far, single-spaced).
    public var typed: String
    /// The byte offset in the line prefix where the completed text starts (what a completion
    /// replaces runs from here to the cursor).
    public var start: Int

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
