import FoodLogCore
import MealSyntax

/// How LSP positions count characters within a line, as negotiated at `initialize`.
enum PositionEncoding: String {
    /// UTF-8 code units (bytes): the source's own offsets.
    case utf8 = "utf-8"
    /// UTF-16 code units: the protocol's default.
    case utf16 = "utf-16"
    /// Unicode scalars.
    case utf32 = "utf-32"

    /// The client's preference from `general.positionEncodings`: UTF-8 when offered (no
    /// conversion), else UTF-32 when offered, else the default UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        if offered.contains(PositionEncoding.utf8.rawValue) { return .utf8 }
        if offered.contains(PositionEncoding.utf32.rawValue) { return .utf32 }
        return .utf16
    }
}

/// A zero-based line and character offset, counted in the negotiated encoding.
struct Position: Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{"line": L, "character": C}`.
    init?(_ json: JSON?) {
        guard let line = json?["line"]?.integer, let character = json?["character"]?.integer, line >= 0,
            character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { .object([("line", .number(Double(line))), ("character", .number(Double(character)))]) }
}

/// An open `.meal` document: its text as the client last sent it, and conversions between
/// LSP positions and the byte offsets the pipeline uses.
struct TextDocument {
    let uri: String
    private(set) var version: Int
    private(set) var source: SourceFile

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        source = SourceFile(name: TextDocument.displayName(uri), text: text)
    }

    /// The path of a `file:` URI (percent-decoded), else the URI itself.
    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var bytes: [UInt8] = []
        let raw = Array(uri.utf8.dropFirst("file://".count))
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
                let value = UInt8(String(decoding: raw[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `file:` URI for a path (bytes outside the unreserved set percent-encoded).
    static func uri(ofPath path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2F, 0x2E, 0x5F, 0x2D, 0x7E:
                result.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// What diagnostics call the document: its path, or its URI when it has none.
    static func displayName(_ uri: String) -> String { path(ofURI: uri) ?? uri }

    /// Replaces the whole text (full sync) or a range of it (incremental sync).
    mutating func apply(_ change: JSON, encoding: PositionEncoding) {
        guard let text = change["text"]?.string else { return }
        guard let range = change["range"], let start = Position(range["start"]), let end = Position(range["end"])
        else {
            source = SourceFile(name: source.name, text: text)
            return
        }
        let from = offset(of: start, encoding: encoding)
        let to = max(from, offset(of: end, encoding: encoding))
        var bytes = source.bytes
        bytes.replaceSubrange(from..<to, with: Array(text.utf8))
        source = SourceFile(name: source.name, bytes: bytes)
    }

    mutating func setVersion(_ version: Int) { self.version = version }

    /// The byte offset of a position; a character past the line's end means the line's end,
    /// a line past the last means the end of the text.
    func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line < source.lineStarts.count else { return source.bytes.count }
        let line = source.lineRange(position.line)
        if encoding == .utf8 { return min(line.start + position.character, line.end) }
        var index = line.start
        var counted = 0
        while index < line.end, counted < position.character {
            let (scalar, length) = decodeScalar(at: index)
            counted += encoding == .utf16 ? UTF16.width(scalar) : 1
            index += length
        }
        return index
    }

    /// The position of a byte offset.
    func position(of offset: Int, encoding: PositionEncoding) -> Position {
        let clamped = min(max(0, offset), source.bytes.count)
        let lineIndex = source.lineIndex(of: clamped)
        let start = source.lineStarts[lineIndex]
        if encoding == .utf8 { return Position(line: lineIndex, character: clamped - start) }
        var index = start
        var character = 0
        while index < clamped {
            let (scalar, length) = decodeScalar(at: index)
            character += encoding == .utf16 ? UTF16.width(scalar) : 1
            index += length
        }
        return Position(line: lineIndex, character: character)
    }

    /// `{"start": …, "end": …}` of a byte range.
    func range(_ range: SourceRange, encoding: PositionEncoding) -> JSON {
        .object([
            ("start", position(of: range.start, encoding: encoding).json),
            ("end", position(of: range.end, encoding: encoding).json),
        ])
    }

    /// The scalar starting at a byte and its length in bytes (an invalid byte counts as one
    /// U+FFFD of one byte, as the lexer reads it).
    func decodeScalar(at index: Int) -> (Unicode.Scalar, Int) {
        let bytes = source.bytes
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return ("\u{FFFD}", 1)
        }
        guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for next in bytes[index + 1..<index + length] {
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
