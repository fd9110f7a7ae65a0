import FoodLogCore
import Testing
@testable import MealSyntax

/// Quoted names with escapes, both ways, and lone CRs as line ends.
struct QuotedNameTests {
    func parse(_ text: String) -> Script { Parser.parse(SourceFile(name: "t.meal", text: text)) }

    /// Names that would end the line, end the quote, start a comment or statement, or look
    /// like something else if written bare.
    static let hostileNames = [
        "two\nlines", "a \"quoted\" word", "back\\slash", "ends in \\", "# not a comment", "a; log 9999 eggs",
        "log 2 eggs", "plan \"evil.lua\"", "\nfood \"egg\" = 9999 kcal", "evil\u{202E}gol.exe", "nul\u{0}byte",
        "cr\ronly",
        "crlf\r\nend", "tab\there", "line\u{2028}separator", "zero\u{200B}width", "\u{FEFF}bom", "café 🥚 e\u{301}",
        "\u{1}\u{1F}\u{7F}\u{85}\u{9F}", "  spaced  out  ", "=1+1", "\\u{41}",
    ]

    @Test(arguments: hostileNames)
    func aQuotedNameReadsBackAsTheSameText(name: String) {
        let quoted = QuotedName.quote(name)
        #expect(
            !quoted.contains("\n") && !quoted.contains("\r") && !quoted.contains("\u{0}")
                && !quoted.contains("\u{202E}"))
        let script = parse("log " + quoted + " @lunch\nlog toast")
        #expect(script.diagnostics.isEmpty, "\(quoted): \(script.diagnostics.map(\.message))")
        #expect(script.statements.count == 2, "\(quoted)")
        guard case .log(let log)? = script.statements.first?.kind else {
            Issue.record("\(quoted) is not one log statement")
            return
        }
        #expect(log.items.map(\.name.text) == [name])
        #expect(log.items.first?.name.quoted == true)
        #expect(log.meal?.text == "lunch")
    }

    @Test func onlyWhatNeedsItIsEscaped() {
        #expect(QuotedName.quote("oats; # and (more)") == "\"oats; # and (more)\"")
        #expect(QuotedName.quote("a\"b\\c\nd\te") == #""a\"b\\c\nd\te""#)
        #expect(QuotedName.quote("x\u{202E}\u{0}\r") == #""x\u{202E}\u{0}\u{D}""#)
        #expect(QuotedName.quote("crème 🥚") == "\"crème 🥚\"")
    }

    @Test func theLongestUnicodeEscapeHasSixDigits() {
        #expect(parse(#"log "\u{10FFFF}""#).diagnostics.isEmpty)
        #expect(parse(#"log "\u{010FFFF}""#).diagnostics.map(\.id) == ["invalid-escape"])
        #expect(parse(#"log "\u{110000}""#).diagnostics.map(\.id) == ["invalid-escape"])
    }

    @Test func aLoneCarriageReturnEndsALine() {
        let script = parse("log 2 eggs\rlog toast # a comment\rlog tea\r\nlog jam\r")
        #expect(script.diagnostics.isEmpty)
        #expect(script.statements.count == 4)
        let errors = parse("log 2 eggs\r\rlg toast\r\nlog \"open\rlog tea")
        #expect(errors.statements.count == 2)
        let source = SourceFile(name: "t.meal", text: "log 2 eggs\r\rlg toast\r\nlog \"open\rlog tea")
        #expect(errors.diagnostics.map { source.location(of: $0.range.start).line } == [3, 4])
        #expect(errors.diagnostics.map(\.id) == ["unknown-statement", "unterminated-string"])
    }
}
