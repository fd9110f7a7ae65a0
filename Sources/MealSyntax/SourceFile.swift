import FoodLogCore

/// A half-open range of UTF-8 byte offsets into a ``SourceFile``.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// Offset of the first byte.
    public var start: Int
    /// Offset one past the last byte.
    public var end: Int

    /// Creates a range from `start` up to (not including) `end`.
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }

    /// Number of bytes covered.
    public var length: Int { end - start }

    public var description: String { "\(start)..<\(end)" }
}

/// A 1-based line and column (column counted in Unicode scalars).
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
}

/// The text of one script: its name, its raw UTF-8 bytes and a line table.
///
/// Invariants: `bytes` are exactly what was read (never re-encoded); `lineStarts[0] == 0` and
/// every later entry is the offset just after a line end: `\n`, or a `\r` not followed by `\n`. Positions everywhere else in the
/// pipeline are byte offsets; line and column are computed only when a diagnostic is rendered.
public struct SourceFile: Sendable {
    /// Display name: a path, `-` for stdin, `<repl>` or `<-e>`.
    public let name: String
    /// The raw bytes of the script.
    public let bytes: [UInt8]
    /// Byte offset where each line begins.
    public let lineStarts: [Int]
    /// The number its first line has where it came from: 1 for a file; the REPL gives each
    /// statement the number of its first line in the session, so errors name the real line.
    public var firstLine = 1

    /// Wraps raw bytes (which may be invalid UTF-8; the lexer reports that).
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        for index in bytes.indices {
            let byte = bytes[index]
            // Most bytes are above CR: one comparison passes them.
            guard byte <= 0x0D else { continue }
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
        }
        lineStarts = starts
    }

    /// Wraps Swift text.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The 0-based index of the line holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        let lineStarts = lineStarts
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Line and column of a byte offset (columns count scalars, so `½` is one column).
    public func location(of offset: Int) -> SourceLocation {
        let line = lineIndex(of: offset)
        let start = lineStarts[line]
        var column = 1
        var index = start
        let limit = min(offset, bytes.count)
        while index < limit {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line + firstLine, column: column)
    }

    /// Byte range of the 0-based line `index`, without its line terminator.
    public func lineRange(_ index: Int) -> SourceRange {
        let lineStarts = lineStarts
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return SourceRange(start, max(start, end))
    }

    /// The text of a range, decoded leniently (invalid bytes become U+FFFD).
    public func text(_ range: SourceRange) -> String {
        let start = min(range.start, bytes.count)
        let end = min(range.end, bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension SourceFile {
    /// The script at `path` (standard input for `-`), named by its path.
    public init(contentsOf path: String) throws(Files.ReadError) {
        self.init(name: path, bytes: try Files.read(path))
    }
}
