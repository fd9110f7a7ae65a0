/// The canonical layout of a meal script, as `foodlog fmt` writes it and the language
/// server's formatting returns it:
///
/// - one statement per line (`a; b` becomes two lines); a line continuing a statement (after
///   `,` `+` `and` `=`) is indented by two spaces, other lines start at the left margin;
/// - words separated by one space, none before `,` `)` `]` or after `(` `[`, one around `=`
///   and `+` and after `,`; a number written against its unit stays so (`200g`);
/// - comments kept, one space before a trailing one; at most one blank line in a row, one
///   before every date line after the first statement, none at the start or end;
///   LF line ends and a final newline.
///
/// Only a script without errors is formatted, and the result is checked to parse to exactly
/// the same statements; formatting is idempotent.
public enum Formatter {
    /// The formatted text, or nil when the script has errors (nothing can be safely moved).
    public static func format(_ source: SourceFile) -> String? {
        let script = Parser.parse(source)
        guard !script.hasErrors else { return nil }
        let text = layout(source, script: script)
        let again = Parser.parse(SourceFile(name: source.name, text: text))
        guard !again.hasErrors, again.statements.map(ASTDumper.dump) == script.statements.map(ASTDumper.dump) else {
            return nil
        }
        return text
    }

    /// One source line: its tokens and its comment.
    struct Line {
        var tokens: [Token]
        var comment: String?
    }

    static func layout(_ source: SourceFile, script: Script) -> String {
        var lexer = Lexer(bytes: source.bytes)
        var tokens: [Token] = []
        while true {
            let token = lexer.next()
            if token.kind == .end { break }
            if token.kind != .newline { tokens.append(token) }
        }
        var lines: [Line] = []
        var next = 0
        for index in source.lineStarts.indices {
            let range = source.lineRange(index)
            var line = Line(tokens: [], comment: nil)
            while next < tokens.count, tokens[next].range.start < range.end {
                guard tokens[next].range.start >= range.start else {
                    next += 1
                    continue
                }
                line.tokens.append(tokens[next])
                next += 1
            }
            let codeEnd = line.tokens.last?.range.end ?? range.start
            if let hash = source.bytes[codeEnd..<range.end].firstIndex(of: UInt8(ascii: "#")) {
                var comment = source.text(SourceRange(hash, range.end))
                while comment.last == " " || comment.last == "\t" { comment.removeLast() }
                line.comment = comment
            }
            lines.append(line)
        }
        let dateStarts = Set(
            script.statements.compactMap { statement -> Int? in
                if case .date = statement.kind { return statement.range.start }
                return nil
            })
        var output: [String] = []
        var continuing = false
        var blankPending = false
        func emit(_ text: String) {
            if blankPending, !output.isEmpty { output.append("") }
            blankPending = false
            output.append(text)
        }
        for line in lines {
            if line.tokens.isEmpty {
                if let comment = line.comment {
                    emit((continuing ? "  " : "") + comment)
                } else if !continuing {
                    blankPending = true
                }
                continue
            }
            // Split at `;`: each statement on a line of its own.
            var pieces: [[Token]] = [[]]
            for token in line.tokens {
                if token.kind == .semicolon {
                    if !(pieces.last?.isEmpty ?? true) { pieces.append([]) }
                } else {
                    pieces[pieces.count - 1].append(token)
                }
            }
            if pieces.last?.isEmpty == true { pieces.removeLast() }
            if pieces.isEmpty {
                if let comment = line.comment { emit((continuing ? "  " : "") + comment) }
                continue
            }
            for (number, piece) in pieces.enumerated() {
                if !continuing, let first = piece.first, dateStarts.contains(first.range.start), !output.isEmpty {
                    blankPending = true
                }
                var text = (continuing ? "  " : "") + join(piece, source)
                if number == pieces.count - 1, let comment = line.comment { text += " " + comment }
                emit(text)
                continuing = continues(piece, source)
            }
        }
        return output.isEmpty ? "" : output.joined(separator: "\n") + "\n"
    }

    /// The tokens of one statement's line with canonical spacing.
    static func join(_ tokens: [Token], _ source: SourceFile) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 {
                let previous = tokens[index - 1].kind
                let tight: Bool
                if [.comma, .colon, .rightParen, .rightBracket].contains(token.kind)
                    || [.leftParen, .leftBracket].contains(previous)
                {
                    tight = true
                } else if [.equals, .plus, .dash].contains(token.kind)
                    || [.comma, .colon, .dash, .equals, .plus].contains(previous)
                {
                    tight = false
                } else {
                    tight = !token.spaceBefore
                }
                if !tight { text += " " }
            }
            text += source.text(token.range)
            // The dot the lexer skips after a unit abbreviation (`oz.`, `fl.oz`) stays as written.
            if token.kind == .word, token.range.end < source.bytes.count, source.bytes[token.range.end] == 0x2E,
                index + 1 == tokens.count || tokens[index + 1].range.start != token.range.end
            {
                text += "."
            }
        }
        return text
    }

    /// True when a line's last token makes the next line continue its statement.
    static func continues(_ tokens: [Token], _ source: SourceFile) -> Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .comma, .dash, .colon, .plus, .equals: return true
        case .word: return source.text(last.range).lowercased() == "and"
        default: return false
        }
    }
}
