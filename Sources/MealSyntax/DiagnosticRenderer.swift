/// Turns diagnostics into the text a user reads. The one place that formats them:
///
/// ```
/// today.meal:3:9: error: unknown unit 'gx' [unknown-unit]
///   3 | log 150 gx rice @lunch
///     |         ^^
///   help: did you mean 'g'?
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Use ANSI colours (only when writing to a terminal and `NO_COLOR` is unset).
    public var colored: Bool
    /// Show at most this many diagnostics, then a count of the rest.
    public var limit: Int
    /// Longest stretch of a source line shown; longer lines are cut around the caret.
    public static let lineWindow = 120

    public init(colored: Bool = false, limit: Int = 20) {
        self.colored = colored
        self.limit = limit
    }

    /// Renders diagnostics in order, capped at `limit`, with a closing count of hidden ones.
    public func render(_ diagnostics: [Diagnostic], in source: SourceFile, dropped: Int = 0) -> String {
        var output = ""
        for diagnostic in diagnostics.prefix(limit) {
            output += render(diagnostic, in: source)
        }
        let hidden = max(0, diagnostics.count - limit) + dropped
        if hidden > 0 {
            output += paint("note", .bold) + ": \(hidden) more diagnostic\(hidden == 1 ? "" : "s") not shown\n"
        }
        return output
    }

    /// One diagnostic on one line, without the source excerpt: `FILE:LINE:COL: warning: MESSAGE [ID]`.
    public func renderLine(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
        let location = source.location(of: diagnostic.range.start)
        let severityColor: Color =
            diagnostic.severity == .error ? .red : (diagnostic.severity == .warning ? .yellow : .bold)
        return paint("\(source.name):\(location.line):\(location.column):", .bold) + " "
            + paint("\(diagnostic.severity.rawValue):", severityColor) + " " + Self.printable(diagnostic.message)
            + " [\(diagnostic.id)]\n"
    }

    /// Renders one diagnostic: header, numbered source line, caret, notes, help.
    public func render(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
        let location = source.location(of: diagnostic.range.start)
        let severityColor: Color =
            diagnostic.severity == .error ? .red : (diagnostic.severity == .warning ? .yellow : .bold)
        var output =
            paint("\(source.name):\(location.line):\(location.column):", .bold) + " "
            + paint("\(diagnostic.severity.rawValue):", severityColor) + " "
            + paint(Self.printable(diagnostic.message), .bold) + " [\(diagnostic.id)]\n"
        output += excerpt(diagnostic.range, in: source, color: severityColor)
        for note in diagnostic.notes {
            // A note of several lines (a Lua traceback) keeps its lines, indented under the first.
            let lines = note.message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Self.printable(String($0.drop { $0 == " " || $0 == "\t" })) }
            var text = lines.joined(separator: "\n        ")
            if let range = note.range {
                let noteLocation = source.location(of: range.start)
                text += " (\(source.name):\(noteLocation.line):\(noteLocation.column))"
            }
            output += "  note: \(text)\n"
        }
        if let help = diagnostic.help {
            output += "  " + paint("help:", .cyan) + " \(Self.printable(help))\n"
        }
        if let fixIt = diagnostic.fixIt { output += fixedLine(fixIt, in: source) }
        return output
    }

    /// The line as the fix-it would make it, the replacement marked with `+` (only for a fix
    /// within one line short enough to show whole).
    func fixedLine(_ fixIt: FixIt, in source: SourceFile) -> String {
        let lineIndex = source.lineIndex(of: fixIt.range.start)
        let line = source.lineRange(lineIndex)
        guard fixIt.range.start >= line.start, fixIt.range.end <= line.end else { return "" }
        let before = Self.displayText(source, SourceRange(line.start, fixIt.range.start))
        let replacement = Self.printable(fixIt.replacement)
        let after = Self.displayText(source, SourceRange(fixIt.range.end, line.end))
        guard before.count + replacement.count + after.count <= Self.lineWindow * 2 else { return "" }
        let number = String(lineIndex + source.firstLine)
        let gutter = String(repeating: " ", count: number.count)
        return "  \(number) | \(before)\(replacement)\(after)\n"
            + "  \(gutter) | " + String(repeating: " ", count: before.count)
            + paint(String(repeating: "+", count: max(1, replacement.count)), .cyan) + "\n"
    }

    /// The numbered source line and a caret under the range.
    func excerpt(_ range: SourceRange, in source: SourceFile, color: Color) -> String {
        let lineIndex = source.lineIndex(of: range.start)
        let line = source.lineRange(lineIndex)
        let caretStart = min(max(range.start, line.start), line.end)
        let caretEnd = min(max(range.end, caretStart), line.end)
        var before = Self.displayText(source, SourceRange(line.start, caretStart))
        var marked = Self.displayText(source, SourceRange(caretStart, caretEnd))
        var after = Self.displayText(source, SourceRange(caretEnd, line.end))
        // Cut long lines to a window around the caret.
        let window = Self.lineWindow
        if marked.count > window {
            marked = String(marked.prefix(window)) + "…"
            after = ""
        }
        if before.count > window / 2 { before = "…" + String(before.suffix(window / 2)) }
        if before.count + marked.count + after.count > window * 2 {
            after = String(after.prefix(max(0, window - marked.count))) + "…"
        }
        let number = String(lineIndex + source.firstLine)
        let gutter = String(repeating: " ", count: number.count)
        var output = "  \(number) | \(before)\(marked)\(after)\n"
        let caretCount = max(1, marked.count)
        output +=
            "  \(gutter) | " + String(repeating: " ", count: before.count)
            + paint(String(repeating: "^", count: caretCount), color) + "\n"
        return output
    }

    /// Source text safe to print (see ``printableText(_:keepNewlines:)``).
    static func displayText(_ source: SourceFile, _ range: SourceRange) -> String {
        printableText(source.text(range))
    }

    /// Message text safe to print (messages may quote hostile input).
    static func printable(_ text: String) -> String { printableText(text) }

    /// Untrusted text made safe for a terminal: tabs become spaces; control characters
    /// (escape sequences included) and the invisible marks that reorder text (bidirectional
    /// overrides and isolates, U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) become
    /// `�`; newlines are kept only when asked.
    public static func printableText(_ text: String, keepNewlines: Bool = false) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }  // printable ASCII: nothing to replace
        var result = ""
        for scalar in text.unicodeScalars {
            if keepNewlines, scalar == "\n" {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\t" {
                result.unicodeScalars.append(" ")
            } else if isUnsafeForTerminals(scalar) {
                result.unicodeScalars.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters and text-reordering marks.
    static func isUnsafeForTerminals(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    enum Color: String {
        case red = "31", yellow = "33", cyan = "36", bold = "1"
    }

    func paint(_ text: String, _ color: Color) -> String {
        colored ? "\u{1B}[\(color == .bold ? "1" : "1;" + color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
