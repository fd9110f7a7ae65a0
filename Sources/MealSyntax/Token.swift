/// The kinds of token the lexer produces.
public enum TokenKind: UInt8, Sendable, Equatable {
    /// A run of letters, digits and `' - & %` starting with a letter (`rice`, `2%`, `o'clock`).
    case word
    /// An integer or decimal (`200`, `1.5`).
    case number
    /// A written fraction (`1/2`).
    case fraction
    /// A vulgar fraction character (`½`).
    case unicodeFraction
    /// A calendar date `YYYY-MM-DD`.
    case date
    /// A clock time `HH:MM`.
    case time
    /// A double-quoted name.
    case string
    /// `@word`.
    case mealTag
    case comma, semicolon, plus, equals, leftParen, rightParen, leftBracket, rightBracket
    /// `..` between two dates.
    case dotDot
    /// A dash standing alone (` - `, `–`, `—`), which diaries write between items or before a
    /// note as they would a comma (`chicken breast - grilled`).
    case dash
    /// `:` after a word: a heading before the items it names (`lunch: soup, bread`).
    case colon
    /// A `/` before a number that is no fraction's: between one amount and the same in other
    /// units (`250g/9oz`, `1 tsp / 5ml`).
    case slash
    case newline
    case end
    /// Bytes the lexer could not use; it has already reported them.
    case invalid
}

/// One token: its kind, its bytes in the source and, for numbers, its value.
public struct Token: Equatable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// Numeric value of `number`, `fraction` and `unicodeFraction` tokens.
    public var value: Double
    /// True when whitespace or a line start comes right before this token (`200 g` vs `200g`).
    public var spaceBefore: Bool
    /// The keyword a `word` token spells, any case (a lone `&` is `and`); nil for other words.
    public var keyword: Keyword?
    /// The key of a `word` token's letters (``WordKey/none`` for other tokens and for words a
    /// key cannot hold), for the parser's vocabulary lookups.
    public var key: WordKey

    public init(
        kind: TokenKind, range: SourceRange, value: Double = 0, spaceBefore: Bool = true, keyword: Keyword? = nil,
        key: WordKey = .none
    ) {
        self.kind = kind
        self.range = range
        self.value = value
        self.spaceBefore = spaceBefore
        self.keyword = keyword
        self.key = key
    }
}
