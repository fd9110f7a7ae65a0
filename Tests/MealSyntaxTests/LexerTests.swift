import Testing
@testable import MealSyntax

struct LexerTests {
    func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokenize(SourceFile(name: "t", text: text)).tokens.map(\.token.kind)
    }

    @Test func gluedUnitsSplit() {
        let tokens = Lexer.tokenize(SourceFile(name: "t", text: "200g 1.5kg 2% ½ 1/2")).tokens
        #expect(tokens.map(\.text) == ["200", "g", "1.5", "kg", "2%", "½", "1/2", ""])
        #expect(tokens.map(\.token.kind) == [.number, .word, .number, .word, .word, .unicodeFraction, .fraction, .end])
        #expect(tokens[1].token.spaceBefore == false)
    }

    @Test func aDotAfterAUnitAbbreviationIsSkipped() {
        let result = Lexer.tokenize(SourceFile(name: "t", text: "12 oz. coffee, 2 fl.oz milk, 1 T. butter"))
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.tokens.map(\.text) == [
                "12", "oz", "coffee", ",", "2", "fl", "oz", "milk", ",", "1", "T", "butter", "",
            ])
        #expect(!result.tokens[6].token.spaceBefore)
    }

    @Test func aDotAfterAnyOtherWordOrBeforeADigitIsReported() {
        for text in ["2 eggs.", "@g.", "e.g. rice"] {
            let result = Lexer.tokenize(SourceFile(name: "t", text: text))
            #expect(result.diagnostics.map(\.id) == ["unexpected-character"], "\(text)")
        }
    }

    @Test func datesTimesAndRanges() {
        #expect(kinds("2026-11-29 16:30 2026-11-01..2026-11-30") == [.date, .time, .date, .dotDot, .date, .end])
    }

    @Test func commentsAndSeparators() {
        #expect(
            kinds("log a # note\n; , + = ( ) [ ] @lunch \"x y\"") == [
                .word, .word, .newline, .semicolon, .comma, .plus, .equals, .leftParen, .rightParen,
                .leftBracket, .rightBracket, .mealTag, .string, .end,
            ])
    }

    @Test func badBytesBecomeDiagnostics() {
        let result = Lexer.tokenize(SourceFile(name: "t", bytes: [0x6C, 0x00, 0xFF, 0xFE, 0x20, 0x22, 0x61]))
        #expect(result.diagnostics.map(\.id) == ["nul-byte", "invalid-utf8", "unterminated-string"])
    }

    @Test func invalidDatesAndTimes() {
        let result = Lexer.tokenize(SourceFile(name: "t", text: "2026-02-30 25:00"))
        #expect(result.diagnostics.map(\.id) == ["invalid-date", "invalid-time"])
    }
}
