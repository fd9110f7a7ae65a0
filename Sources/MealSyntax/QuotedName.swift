/// The text of a quoted name, both ways: ``quote(_:)`` writes any text as a quoted name that
/// reads back as exactly that text, and ``decode(_:)`` reads one.
///
/// Inside `"…"` a backslash starts an escape: `\"` a quote, `\\` a backslash, `\n` a line
/// break, `\t` a tab, `\u{HEX}` the Unicode scalar with that hexadecimal value (1 to 6
/// digits, not a surrogate). Any other backslash is the error `invalid-escape`.
public enum QuotedName {
    /// `text` as a quoted name: `"` and `\` escaped, line breaks and tabs as `\n` and `\t`,
    /// and every control, format (bidirectional overrides such as U+202E, zero-width
    /// characters) or line/paragraph separator character as `\u{…}`, so the name can
    /// neither end its line nor look different from what it is. Blank text has no quoted form
    /// (`""` is the error `empty-name`); callers keep such names out.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Characters written as `\u{…}`: controls, format characters and line separators.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The text between a quoted name's quotes (`bytes`, without them) with its escapes read.
    /// An invalid escape (already reported by the lexer) is kept as written.
    public static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x5C) else { return String(decoding: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x5C, let escape = escape(in: bytes, at: index) {
                result.append(contentsOf: Array(String(escape.scalar).utf8))
                index += escape.length
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The escape starting with the backslash at `index`: the scalar it stands for and how many
    /// bytes it takes; nil when it is not a valid escape.
    static func escape(in bytes: ArraySlice<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard index + 1 < bytes.endIndex else { return nil }
        switch bytes[index + 1] {
        case 0x22: return ("\"", 2)
        case 0x5C: return ("\\", 2)
        case 0x6E: return ("\n", 2)
        case 0x74: return ("\t", 2)
        case 0x75:  // u{HEX}
            guard index + 2 < bytes.endIndex, bytes[index + 2] == 0x7B else { return nil }
            var value: UInt32 = 0
            var position = index + 3
            while position < bytes.endIndex, let digit = hexValue(bytes[position]), position - (index + 3) < 6 {
                value = value << 4 | digit
                position += 1
            }
            let digits = position - (index + 3)
            guard digits > 0, position < bytes.endIndex, bytes[position] == 0x7D, let scalar = Unicode.Scalar(value)
            else {
                return nil
            }
            return (scalar, position + 1 - index)
        default: return nil
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
