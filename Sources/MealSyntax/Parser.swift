import FoodLogCore

/// Builds the AST of a script from the lexer's tokens, reporting every bad statement.
///
/// Design: a recursive-descent parser, one `parseX` per production (each opens with its
/// production as a comment; `grammar/meal.ebnf` is the whole grammar). It pulls tokens on
/// demand from a ``Lexer`` over the source's bytes, so a script is read exactly once.
///
/// Invariants: a statement is appended only if no error was reported while parsing it;
/// after an error the parser skips to the next `;` or line end (panic mode) and goes on, so
/// every bad statement in a file is reported. The parser records what was written (quantity,
/// unit word, name words, note) and never decides what a food or unit means; the resolver
/// does. It never loops without consuming a token, and nesting is flat, so any input —
/// including invalid UTF-8, NUL bytes and 10 MB lines — ends in linear time.
public struct Parser {
    var lexer: Lexer
    var current: Token
    var previous: Token
    /// The token after `current` once ``peek()`` has lexed it (the lexer then stands after it).
    var peeked: Token?
    var diagnostics: [Diagnostic] = []
    var droppedDiagnostics = 0

    /// At most this many diagnostics are kept per script; the rest are only counted.
    public static let diagnosticLimit = 1000

    struct Abort: Error {}

    /// A parser of a script's bytes.
    init(bytes: [UInt8]) {
        lexer = Lexer(bytes: bytes)
        current = lexer.next()
        previous = current
    }

    /// Parses a whole script.
    public static func parse(_ source: SourceFile) -> Script {
        var statements: [Statement] = []
        var script = parse(source) { statements.append($0) }
        script.statements = statements
        return script
    }

    /// Parses a script statement by statement, handing each good one to `body` as soon as it is
    /// parsed (so a million-line script never sits in memory as one tree). Returns the
    /// diagnostics (statements are not collected).
    public static func parse(_ source: SourceFile, eachStatement body: (Statement) -> Void) -> Script {
        var parser = Parser(bytes: source.bytes)
        parser.parseScript(eachStatement: body)
        return parser.finish()
    }

    /// One item read from `text` as a `log` line would read it (`2 tbsp jam`, `a drizzle of
    /// honey`), its ranges offsets into `text` moved by `offset`; nil unless `text` is exactly
    /// one item with no errors and no meal, time or date.
    public static func singleItem(_ text: String, at offset: Int = 0) -> Item? {
        let prefix = "log "
        let script = parse(SourceFile(name: "<item>", text: prefix + text))
        guard !script.hasErrors, script.statements.count == 1, case .log(let log) = script.statements[0].kind,
            log.items.count == 1, log.meal == nil, log.time == nil, log.date == nil
        else { return nil }
        return log.items[0].moved(by: offset - prefix.utf8.count)
    }

    // script = { [ statement ] ( ";" | newline ) } ;
    mutating func parseScript(eachStatement body: (Statement) -> Void) {
        while current.kind != .end {
            if current.kind == .newline || current.kind == .semicolon {
                advance()
                continue
            }
            let errorsBefore = diagnostics.count + lexer.diagnostics.count
            do {
                let start = current.range.start
                let kind = try parseStatement()
                try expectStatementEnd()
                if diagnostics.count + lexer.diagnostics.count == errorsBefore {
                    let statement = Statement(kind, range: SourceRange(start, previous.range.end))
                    body(statement)
                }
            } catch {
                synchronize()
            }
        }
    }

    /// The script's diagnostics in source order, at most ``diagnosticLimit`` of them (the rest
    /// are counted in `droppedDiagnostics`), without statements.
    mutating func finish() -> Script {
        var all = lexer.diagnostics + diagnostics
        all.sort { $0.range.start < $1.range.start }
        var script = Script(statements: [], diagnostics: all)
        script.droppedDiagnostics = droppedDiagnostics
        if all.count > Parser.diagnosticLimit {
            script.droppedDiagnostics += all.count - Parser.diagnosticLimit
            script.diagnostics.removeLast(all.count - Parser.diagnosticLimit)
        }
        return script
    }

    // MARK: - Token helpers

    mutating func advance() {
        previous = current
        if let token = peeked {
            current = token
            peeked = nil
        } else {
            current = lexer.next()
        }
    }

    /// Skips line ends after a `,` `+` `=` or `and`: such a line continues on the next.
    mutating func skipContinuation() throws {
        let separator = previous
        while current.kind == .newline { advance() }
        if current.kind == .end {
            try fail(DiagnosticMessages.incompleteInput(after: text(separator), separator.range))
        }
    }

    /// Reports an error and unwinds to the statement loop.
    mutating func fail(_ diagnostic: Diagnostic) throws -> Never {
        report(diagnostic)
        throw Abort()
    }

    mutating func report(_ diagnostic: Diagnostic) {
        if diagnostics.count >= Parser.diagnosticLimit {
            droppedDiagnostics += 1
        } else {
            diagnostics.append(diagnostic)
        }
    }

    /// Fails at the current token; a token the lexer already reported adds nothing new.
    mutating func failAtCurrent(_ makeDiagnostic: (String, SourceRange) -> Diagnostic) throws -> Never {
        if current.kind == .invalid { throw Abort() }
        try fail(makeDiagnostic(describe(current), current.range))
    }

    mutating func expectStatementEnd() throws {
        switch current.kind {
        case .newline, .semicolon, .end: return
        default:
            try failAtCurrent { DiagnosticMessages.unexpectedToken($0, $1) }
        }
    }

    /// Panic mode: skip to the end of the statement.
    mutating func synchronize() {
        while current.kind != .newline, current.kind != .semicolon, current.kind != .end {
            advance()
        }
    }

    mutating func text(_ token: Token) -> String { text(token.range) }

    mutating func text(_ range: SourceRange) -> String {
        String(decoding: lexer.bytes[range.start..<range.end], as: UTF8.self)
    }

    /// The text of a word token in lowercase, for vocabulary lookups. A word in lowercase ASCII
    /// already (most are) is its own lowercase: its text is not copied a second time.
    mutating func lowercasedWord(_ token: Token) -> String {
        let bytes = lexer.bytes[token.range.start..<token.range.end]
        guard bytes.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) else { return text(token) }
        return text(token).lowercased()
    }

    /// How a token is named in messages: `'rice'`, `end of line`, `end of input`.
    mutating func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: return "end of line"
        case .end: return "end of input"
        default:
            let raw = text(token)
            let shown = raw.count > 40 ? String(raw.prefix(40)) + "…" : raw
            return "'\(shown)'"
        }
    }

    /// Whether a token is the word `keyword` (any case; the lexer told which keyword it is).
    func isWord(_ token: Token, _ keyword: Keyword) -> Bool { token.keyword == keyword }

    /// Whether the current token is the word `keyword`.
    func currentIs(_ keyword: Keyword) -> Bool { current.keyword == keyword }

    /// Case-insensitive comparison of a word token with a lowercase ASCII word of a vocabulary
    /// list (`breakfast`, `wheat`); the parser's own keywords are told by ``isWord(_:_:)``.
    func isWord(_ token: Token, text word: String) -> Bool {
        guard token.kind == .word, token.range.length == word.utf8.count else { return false }
        var index = token.range.start
        for letter in word.utf8 {
            let byte = lexer.bytes[index]
            guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == letter else { return false }
            index += 1
        }
        return true
    }

    /// The token after `current`, without consuming anything.
    mutating func peek() -> Token {
        if let token = peeked { return token }
        let token = lexer.next()
        peeked = token
        return token
    }

    /// Consumes the keyword if present.
    mutating func accept(_ keyword: Keyword) -> Bool {
        guard currentIs(keyword) else { return false }
        advance()
        return true
    }

    mutating func expect(_ kind: TokenKind, _ what: String) throws -> Token {
        guard current.kind == kind else {
            try failAtCurrent { DiagnosticMessages.expected(what, found: $0, $1) }
        }
        let token = current
        advance()
        return token
    }

    mutating func expectDate() throws -> CalendarDate {
        let token = try expect(.date, "a date (YYYY-MM-DD)")
        return dateValue(token)
    }

    /// The date of a `date` token (the lexer made sure it is one).
    mutating func dateValue(_ token: Token) -> CalendarDate {
        CalendarDate(iso: text(token)) ?? CalendarDate(year: 1970, month: 1, day: 1)
    }

    mutating func timeValue(_ token: Token) -> ClockTime {
        let minutes = Int(token.value)
        return ClockTime(hour: minutes / 60, minute: minutes % 60)
    }
}
