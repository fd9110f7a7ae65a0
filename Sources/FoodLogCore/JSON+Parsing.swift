/// Reading JSON text into a ``JSON`` value (RFC 8259), for the language server's messages.
extension JSON {
    /// Why text is not JSON: what was wrong and at which byte.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Deepest nesting accepted: deeper text is refused rather than risking the stack.
    public static let nestingLimit = 200

    /// Parses one JSON value that makes up the whole of `bytes` (whitespace around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(ParseError) -> JSON { try parse(Array(text.utf8)) }

    /// The member `key` of an object (nil for absent keys and for other values).
    public subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The string, or nil.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or nil.
    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number when it is a whole number that fits an `Int`, or nil.
    public var integer: Int? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, or nil.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements of an array, or nil.
    public var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// True for `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> JSON.ParseError { JSON.ParseError(message: message, offset: index) }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard depth < JSON.nestingLimit else { throw error("nesting deeper than \(JSON.nestingLimit)") }
        guard index < bytes.count else { throw error("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: String, _ value: JSON) throws(JSON.ParseError) -> JSON {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("unexpected character")
        }
        index += expected.count
        return value
    }

    mutating func object(depth: Int) throws(JSON.ParseError) -> JSON {
        index += 1
        var pairs: [(String, JSON)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(pairs)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            pairs.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(pairs)
        }
    }

    mutating func array(depth: Int) throws(JSON.ParseError) -> JSON {
        index += 1
        var values: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(values)
        }
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw error("expected a digit") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("expected a digit") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("bad number") }
        return .number(value)
    }

    mutating func hex4() throws(JSON.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        index += 4
        return value
    }

    mutating func string() throws(JSON.ParseError) -> String {
        index += 1
        var runStart = index
        var text = ""
        func flushRun(_ end: Int) {
            if end > runStart { text += String(decoding: bytes[runStart..<end], as: UTF8.self) }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(index)
                index += 1
                return text
            }
            if byte < 0x20 { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flushRun(index)
            index += 1
            guard index < bytes.count else { throw error("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): text.unicodeScalars.append("\"")
            case UInt8(ascii: "\\"): text.unicodeScalars.append("\\")
            case UInt8(ascii: "/"): text.unicodeScalars.append("/")
            case UInt8(ascii: "b"): text.unicodeScalars.append("\u{08}")
            case UInt8(ascii: "f"): text.unicodeScalars.append("\u{0C}")
            case UInt8(ascii: "n"): text.unicodeScalars.append("\n")
            case UInt8(ascii: "r"): text.unicodeScalars.append("\r")
            case UInt8(ascii: "t"): text.unicodeScalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        text.unicodeScalars.append("\u{FFFD}")
                        code = low
                    }
                }
                text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: throw error("bad escape")
            }
            runStart = index
        }
    }
}
