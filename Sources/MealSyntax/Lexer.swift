import FoodLogCore

/// Turns the bytes of a script into tokens, one at a time, on demand.
///
/// The lexer never fails: bytes it cannot use (invalid UTF-8, NUL, stray symbols) become an
/// `invalid` token plus a diagnostic, and lexing goes on. It shares the source's bytes (an
/// array is not copied until written, and nothing writes it).
public struct Lexer {
    let bytes: [UInt8]
    private(set) var offset = 0
    private(set) var diagnostics: [Diagnostic] = []
    private var atLineStart = true

    /// Lexes `bytes` from the start; token ranges are offsets into `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Produces the next token (`end` forever once the input is exhausted), after any blanks
    /// and comments.
    mutating func next() -> Token {
        var sawSpace = atLineStart
        atLineStart = false
        // Blanks and comments, on a local index (the common case is one space or none).
        var index = offset
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
                || (byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A)
            {  // the CR of CR LF
                index += 1
                sawSpace = true
            } else if byte == 0x7E, index + 1 < count, Lexer.isDigit(bytes[index + 1]) {
                // `~30g`, `(~150 g)`: a tilde before a number says it is approximate, as every
                // amount is; the number stands alone.
                index += 1
                sawSpace = true
            } else if byte == 0x23 {  // '#' comment to end of line
                while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte >= 0x80, let (scalar, length) = decodeScalar(at: index), Lexer.isUnicodeSpace(scalar) {
                index += length
                sawSpace = true
            } else {
                break
            }
        }
        offset = index
        guard offset < bytes.count else {
            return Token(kind: .end, range: SourceRange(bytes.count, bytes.count), spaceBefore: sawSpace)
        }
        let start = offset
        let byte = bytes[offset]
        func single(_ kind: TokenKind) -> Token {
            offset += 1
            return Token(kind: kind, range: SourceRange(start, start + 1), spaceBefore: sawSpace)
        }
        switch byte {
        case 0x0A, 0x0D:  // LF, or a CR not followed by LF (old Mac line ends)
            atLineStart = true
            return single(.newline)
        case 0x2C: return single(.comma)
        case 0x3B: return single(.semicolon)
        case 0x2B: return single(.plus)
        case 0x26:  // a lone `&`, read as `and` (`fish & chips`); `m&ms` is one word
            offset += 1
            let range = SourceRange(start, start + 1)
            return Token(kind: .word, range: range, spaceBefore: sawSpace, keyword: .and, key: WordKey(bytes, range))
        case 0x3D: return single(.equals)
        case 0x3A: return single(.colon)
        case 0x2D:
            // A hyphen with a blank or the line's end after it stands alone, as a dash does.
            let after = offset + 1 < bytes.count ? bytes[offset + 1] : 0x0A
            if after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D || after == 0x2D {
                var end = offset + 1
                while end < bytes.count, bytes[end] == 0x2D { end += 1 }  // `--`
                offset = end
                return Token(kind: .dash, range: SourceRange(start, end), spaceBefore: sawSpace)
            }
            // `(¼-ounce)`, `1/2-inch cubes`: a hyphen joining a fraction to a word begins that word.
            if !sawSpace, start > 0, bytes[start - 1] >= 0x80 || Lexer.isDigit(bytes[start - 1]),
                Lexer.isWordStart(after)
            {
                return lexWord(start: start, space: sawSpace)
            }
            return invalid(start: start, length: 1, space: sawSpace)
        case 0x28: return single(.leftParen)
        case 0x29: return single(.rightParen)
        case 0x5B: return single(.leftBracket)
        case 0x5D: return single(.rightBracket)
        case 0x2F:
            var next = offset + 1
            while next < bytes.count, bytes[next] == 0x20 { next += 1 }
            if next < bytes.count, Lexer.isDigit(bytes[next]) { return single(.slash) }
            return invalid(start: start, length: 1, space: sawSpace)
        case 0x22:
            if isInchMark(at: start) {
                offset = start + 1
                return Token(
                    kind: .word, range: SourceRange(start, offset), spaceBefore: sawSpace, key: Lexer.inchKey)
            }
            return lexString(start: start, space: sawSpace)
        case 0x40: return lexMealTag(start: start, space: sawSpace)
        case 0x2E:
            if offset + 1 < bytes.count, bytes[offset + 1] == 0x2E {
                offset += 2
                return Token(kind: .dotDot, range: SourceRange(start, start + 2), spaceBefore: sawSpace)
            }
            if offset + 1 < bytes.count, Lexer.isDigit(bytes[offset + 1]) {
                return lexNumber(start: start, space: sawSpace)
            }
            return invalid(start: start, length: 1, space: sawSpace)
        case 0x30...0x39:
            return lexNumber(start: start, space: sawSpace)
        case 0x00:
            offset += 1
            diagnostics.append(DiagnosticMessages.nulByte(SourceRange(start, start + 1)))
            return Token(kind: .invalid, range: SourceRange(start, start + 1), spaceBefore: sawSpace)
        default:
            if Lexer.isWordStart(byte) { return lexWord(start: start, space: sawSpace) }
            if byte >= 0x80 {
                guard let (scalar, length) = decodeScalar(at: offset) else {
                    var end = offset + 1
                    while end < bytes.count, bytes[end] >= 0x80, decodeScalar(at: end) == nil { end += 1 }
                    offset = end
                    diagnostics.append(DiagnosticMessages.invalidUTF8(SourceRange(start, end)))
                    return Token(kind: .invalid, range: SourceRange(start, end), spaceBefore: sawSpace)
                }
                if let value = Vocabulary.fractionValue(scalar) {
                    offset += length
                    return Token(
                        kind: .unicodeFraction, range: SourceRange(start, offset), value: value,
                        spaceBefore: sawSpace)
                }
                if Lexer.isDash(scalar) {
                    offset += length
                    return Token(kind: .dash, range: SourceRange(start, offset), spaceBefore: sawSpace)
                }
                if Lexer.isSymbol(scalar) { return invalid(start: start, length: length, space: sawSpace) }
                return lexWord(start: start, space: sawSpace)
            }
            return invalid(start: start, length: 1, space: sawSpace)
        }
    }

    // MARK: - Token forms

    private mutating func invalid(start: Int, length: Int, space: Bool) -> Token {
        offset = start + length
        let range = SourceRange(start, start + length)
        let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
        diagnostics.append(DiagnosticMessages.unexpectedCharacter(text, range))
        return Token(kind: .invalid, range: range, spaceBefore: space)
    }

    private mutating func lexWord(start: Int, space: Bool, abbreviationDot: Bool = true) -> Token {
        var index = start
        let count = bytes.count
        // The word's key, made as its bytes are read, tells a keyword (see ``Keyword``).
        var key = WordKey()
        var isASCII = true
        while index < count {
            let byte = bytes[index]
            if Lexer.isWordContinue(byte) {
                key.add(byte)
                index += 1
            } else if byte >= 0x80 {
                guard let (scalar, length) = decodeScalar(at: index),
                    !Lexer.isUnicodeSpace(scalar), Vocabulary.fractionValue(scalar) == nil,
                    !Lexer.isSymbol(scalar), !Lexer.isDash(scalar)
                else { break }
                isASCII = false
                index += length
            } else {
                break
            }
        }
        // `coffee w/ milk`, `tea w/o sugar`: the diary spellings of `with` and `without` are
        // one word each (the resolver reads them so).
        if index == start + 1, bytes[start] | 0x20 == 0x77, index + 1 < count, bytes[index] == 0x2F {
            if bytes[index + 1] == 0x20 {
                key.add(0x2F)
                index += 1
            } else if bytes[index + 1] | 0x20 == 0x6F, index + 2 >= count || !Lexer.isWordContinue(bytes[index + 2]) {
                key.add(0x2F)
                key.add(bytes[index + 1])
                index += 2
            }
        }
        offset = index
        if abbreviationDot, index < count, bytes[index] == 0x2E, isAbbreviationDot(wordStart: start, dot: index) {
            offset = index + 1  // `oz.`, `tbsp.`, `fl. oz`: the dot is skipped, the word stays `oz`
        }
        if !isASCII || index - start > WordKey.longest { key = .none }
        return Token(
            kind: .word, range: SourceRange(start, index), spaceBefore: space,
            keyword: key.exists ? Keyword.spelled(by: key) : nil, key: key)
    }

    /// True when the `.` at `dot` ends a unit abbreviation that starts at `wordStart` (`oz.`,
    /// `lbs.`, `T.`, the `fl.` of `fl. oz`), so it is no stray character; a dot before a digit or
    /// another dot, or after any other word (`2 eggs.`), stays one.
    private func isAbbreviationDot(wordStart: Int, dot: Int) -> Bool {
        if dot + 1 < bytes.count, Lexer.isDigit(bytes[dot + 1]) || bytes[dot + 1] == 0x2E { return false }
        let word = String(decoding: bytes[wordStart..<dot], as: UTF8.self)
        return MeasureUnit.written(word) != nil || MeasureUnit.firstWordsOfTwoWordUnits.contains(word.lowercased())
    }

    /// The key an inch mark reads as: the word `inch`.
    static let inchKey = WordKey("inch")

    /// True when the `"` at `index` is an inch mark: right after a digit and not before a word
    /// (`10" pizza`, a 10 inch pizza); a quoted name starts after a space (`2 "my shake"`).
    private func isInchMark(at index: Int) -> Bool {
        guard index > 0, Lexer.isDigit(bytes[index - 1]) else { return false }
        return index + 1 == bytes.count
            || !Lexer.isWordContinue(bytes[index + 1]) && bytes[index + 1] != 0x22
                && bytes[index + 1] < 0x80
    }

    private mutating func lexMealTag(start: Int, space: Bool) -> Token {
        offset = start + 1
        let wordStart = offset
        if offset < bytes.count,
            Lexer.isWordStart(bytes[offset]) || bytes[offset] >= 0x80 || Lexer.isDigit(bytes[offset])
        {
            _ = lexWord(start: offset, space: false, abbreviationDot: false)
        }
        if offset == wordStart {
            diagnostics.append(DiagnosticMessages.expectedMealName(SourceRange(start, start + 1)))
            return Token(kind: .invalid, range: SourceRange(start, start + 1), spaceBefore: space)
        }
        return Token(kind: .mealTag, range: SourceRange(start, offset), spaceBefore: space)
    }

    private mutating func lexString(start: Int, space: Bool) -> Token {
        offset = start + 1
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x22 {
                offset += 1
                return Token(kind: .string, range: SourceRange(start, offset), spaceBefore: space)
            }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == 0x5C {
                if let escape = QuotedName.escape(in: bytes[...], at: offset) {
                    offset += escape.length
                } else {
                    offset = invalidEscape(at: offset)
                }
                continue
            }
            if byte == 0x00 {
                diagnostics.append(DiagnosticMessages.nulByte(SourceRange(offset, offset + 1)))
            } else if byte >= 0x80 {
                if let (_, length) = decodeScalar(at: offset) {
                    offset += length
                    continue
                }
                diagnostics.append(DiagnosticMessages.invalidUTF8(SourceRange(offset, offset + 1)))
            }
            offset += 1
        }
        diagnostics.append(DiagnosticMessages.unterminatedString(SourceRange(start, offset)))
        return Token(kind: .invalid, range: SourceRange(start, offset), spaceBefore: space)
    }

    /// Reports the backslash at `index` with the character after it (and, after `\u`, the
    /// `{HEX}` part written so far); returns where lexing the name goes on.
    private mutating func invalidEscape(at index: Int) -> Int {
        var end = index + 1
        if end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != 0x22 {
            end += bytes[end] >= 0x80 ? (decodeScalar(at: end)?.1 ?? 1) : 1
            if bytes[end - 1] == 0x75 {
                while end < bytes.count, bytes[end] == 0x7B || QuotedName.hexValue(bytes[end]) != nil { end += 1 }
                if end < bytes.count, bytes[end] == 0x7D { end += 1 }
            }
        }
        let range = SourceRange(index, end)
        diagnostics.append(DiagnosticMessages.invalidEscape(source(range), range))
        return end
    }

    private mutating func lexNumber(start: Int, space: Bool) -> Token {
        let integerDigits = scanDigits(from: start)
        // Dates: YYYY-MM-DD
        if integerDigits == 4, let date = scanDate(at: start) {
            return date.token(space: space)
        }
        // Times: H:MM or HH:MM
        if integerDigits == 1 || integerDigits == 2, start + integerDigits < bytes.count,
            bytes[start + integerDigits] == 0x3A
        {
            let minuteStart = start + integerDigits + 1
            if scanDigits(from: minuteStart) == 2, !isWordByteAt(minuteStart + 2) {
                offset = minuteStart + 2
                let hour = digitsValue(start, integerDigits)
                let minute = digitsValue(minuteStart, 2)
                let range = SourceRange(start, offset)
                if hour > 23 || minute > 59 {
                    diagnostics.append(DiagnosticMessages.invalidTime(source(range), range))
                    return Token(kind: .invalid, range: range, spaceBefore: space)
                }
                return Token(kind: .time, range: range, value: Double(hour * 60 + minute), spaceBefore: space)
            }
        }
        offset = start + integerDigits
        // Decimal part.
        if offset + 1 < bytes.count, bytes[offset] == 0x2E, Lexer.isDigit(bytes[offset + 1]) {
            offset += 1 + scanDigits(from: offset + 1)
        }
        let numberEnd = offset
        // Fraction n/d.
        if numberEnd < bytes.count, bytes[numberEnd] == 0x2F, scanDigits(from: numberEnd + 1) > 0,
            integerDigits > 0, !(bytes[start..<numberEnd].contains(0x2E))
        {
            let denominatorDigits = scanDigits(from: numberEnd + 1)
            offset = numberEnd + 1 + denominatorDigits
            let range = SourceRange(start, offset)
            let numerator = parseDouble(start, numberEnd)
            let denominator = parseDouble(numberEnd + 1, offset)
            if denominator == 0 {
                diagnostics.append(DiagnosticMessages.zeroDenominator(range))
                return Token(kind: .invalid, range: range, spaceBefore: space)
            }
            return Token(kind: .fraction, range: range, value: numerator / denominator, spaceBefore: space)
        }
        // A percentage glued to digits is a word: "2% milk". So are digits joined to letters
        // by a hyphen, "4-hour-body", "7-up" (a range of numbers, "2-3", is a number below).
        if numberEnd < bytes.count, bytes[numberEnd] == 0x25 {
            offset = numberEnd + 1
            return lexWordTail(start: start, space: space)
        }
        if numberEnd + 1 < bytes.count, bytes[numberEnd] == 0x2D, Lexer.isWordStart(bytes[numberEnd + 1]) {
            offset = numberEnd + 1
            return lexWordTail(start: start, space: space)
        }
        // A range, "2-3": one number, the middle of the two (recipes give amounts so).
        if numberEnd + 1 < bytes.count, bytes[numberEnd] == 0x2D, scanDigits(from: numberEnd + 1) > 0 {
            var upperEnd = numberEnd + 1 + scanDigits(from: numberEnd + 1)
            if upperEnd + 1 < bytes.count, bytes[upperEnd] == 0x2E, Lexer.isDigit(bytes[upperEnd + 1]) {
                upperEnd += 1 + scanDigits(from: upperEnd + 1)
            }
            let lower = parseDouble(start, numberEnd)
            let upper = parseDouble(numberEnd + 1, upperEnd)
            let next = upperEnd < bytes.count ? bytes[upperEnd] : 0x20
            if upper > lower, next != 0x2D, next != 0x2F, next != 0x3A, next != 0x2E {
                offset = upperEnd
                return Token(
                    kind: .number, range: SourceRange(start, upperEnd), value: (lower + upper) / 2, spaceBefore: space)
            }
        }
        return Token(
            kind: .number, range: SourceRange(start, numberEnd), value: parseDouble(start, numberEnd),
            spaceBefore: space)
    }

    private mutating func lexWordTail(start: Int, space: Bool) -> Token {
        while offset < bytes.count, Lexer.isWordContinue(bytes[offset]) { offset += 1 }
        return Token(kind: .word, range: SourceRange(start, offset), spaceBefore: space)
    }

    private struct ScannedDate {
        var range: SourceRange
        var valid: Bool
        func token(space: Bool) -> Token {
            Token(kind: valid ? .date : .invalid, range: range, spaceBefore: space)
        }
    }

    private mutating func scanDate(at start: Int) -> ScannedDate? {
        guard start + 10 <= bytes.count, bytes[start + 4] == 0x2D, bytes[start + 7] == 0x2D,
            scanDigits(from: start + 5) == 2, scanDigits(from: start + 8) == 2,
            !isWordByteAt(start + 10)
        else { return nil }
        offset = start + 10
        let range = SourceRange(start, offset)
        let valid = CalendarDate(iso: source(range)) != nil
        if !valid {
            diagnostics.append(DiagnosticMessages.invalidDate(source(range), range))
        }
        return ScannedDate(range: range, valid: valid)
    }

    // MARK: - Byte helpers

    private func scanDigits(from index: Int) -> Int {
        var end = index
        while end < bytes.count, Lexer.isDigit(bytes[end]) { end += 1 }
        return end - index
    }

    private func digitsValue(_ start: Int, _ count: Int) -> Int {
        var value = 0
        for index in start..<(start + count) { value = value &* 10 &+ Int(bytes[index] - 0x30) }
        return value
    }

    private func parseDouble(_ start: Int, _ end: Int) -> Double {
        var integer: Double = 0
        var index = start
        while index < end, bytes[index] != 0x2E {
            integer = integer * 10 + Double(bytes[index] - 0x30)
            index += 1
        }
        guard index < end else { return integer }
        index += 1
        var fraction: Double = 0
        var scale: Double = 1
        // Digits past the 300th decimal cannot change a Double; counting them would make the
        // scale infinite and the value NaN.
        while index < end, scale < 1e300 {
            fraction = fraction * 10 + Double(bytes[index] - 0x30)
            scale *= 10
            index += 1
        }
        return integer + fraction / scale
    }

    private func isWordByteAt(_ index: Int) -> Bool {
        index < bytes.count && (Lexer.isWordContinue(bytes[index]))
    }

    private func source(_ range: SourceRange) -> String {
        String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }

    /// Decodes one well-formed UTF-8 scalar at `index`, or nil if the bytes there are invalid.
    func decodeScalar(at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for position in 1..<length {
            let byte = bytes[index + position]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
    }

    /// Letters, digits and `_ ' - & %`.
    static func isWordContinue(_ byte: UInt8) -> Bool {
        isWordStart(byte) || isDigit(byte) || byte == 0x27 || byte == 0x2D || byte == 0x26 || byte == 0x25
    }

    /// The en and em dash, which stand alone however they are spaced (`toast–2 slices`).
    static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2013 || scalar.value == 0x2014
    }

    static func isUnicodeSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    /// Non-ASCII punctuation that cannot be part of a name (typographic quotes are kept out
    /// so `“oats”` gets a clear error rather than a strange name).
    static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x201C, 0x201D, 0x201E, 0xAB, 0xBB: return true
        default: return false
        }
    }
}

/// A token together with its text, for tests and tools.
public struct LexedToken: Equatable, Sendable {
    public var token: Token
    public var text: String
}

extension Lexer {
    /// All tokens of a source (up to and including `end`) and the lexer's diagnostics.
    public static func tokenize(_ source: SourceFile) -> (tokens: [LexedToken], diagnostics: [Diagnostic]) {
        var lexer = Lexer(bytes: source.bytes)
        var tokens: [LexedToken] = []
        while true {
            let token = lexer.next()
            tokens.append(LexedToken(token: token, text: source.text(token.range)))
            if token.kind == .end { break }
        }
        return (tokens, lexer.diagnostics)
    }
}
