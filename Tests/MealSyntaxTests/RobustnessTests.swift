import Testing
@testable import MealSyntax

/// Hostile and random input: never a crash or a hang, every failure a diagnostic.
struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Every parse either yields statements or says why not: if the lexer saw anything but
    /// line ends and `;`, there is a statement or a diagnostic.
    func checkParses(_ source: SourceFile) {
        let script = Parser.parse(source)
        let meaningful = Lexer.tokenize(source).tokens.contains {
            $0.token.kind != .newline && $0.token.kind != .semicolon && $0.token.kind != .end
        }
        if meaningful, script.statements.isEmpty, script.diagnostics.isEmpty {
            Issue.record("no statement and no diagnostic for \(source.bytes)")
        }
        for diagnostic in script.diagnostics {
            #expect(diagnostic.range.start <= source.bytes.count && diagnostic.range.end <= source.bytes.count)
        }
    }

    @Test func hundredThousandRandomByteStrings() {
        var generator = SeededGenerator(state: 2026_11_29)
        for _ in 0..<100_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            checkParses(SourceFile(name: "random", bytes: bytes))
        }
    }

    @Test func hundredThousandTokenSoupLines() {
        let pieces = [
            "log", "food", "recipe", "meal", "alias", "target", "weight", "plan", "check", "insight",
            "show", "chart", "top", "undo", "2", "1/2", "½", "1.5", "a", "half", "dozen", "g", "cups",
            "fl", "oz", "of", "and", ",", "+", ";", "=", "(", ")", "[", "]", "@lunch", "@", "at", "16:30",
            "on", "2026-11-29", "..", "\"x y\"", "\"open", "eggs", "rice", "per", "serves", "by", "day",
            "last", "7", "days", "this", "week", "\n", "#c", "grilled", "from", "show", "reload", "\u{0}",
        ]
        var generator = SeededGenerator(state: 42)
        for _ in 0..<100_000 {
            let count = Int.random(in: 1...12, using: &generator)
            let line = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            checkParses(SourceFile(name: "soup", text: line))
        }
    }

    @Test func tenMegabyteLine() {
        var bytes = Array("log ".utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: 10_000_000))
        bytes.append(contentsOf: Array(" $\n".utf8))
        let source = SourceFile(name: "huge", bytes: bytes)
        let script = Parser.parse(source)
        #expect(script.diagnostics.map(\.id) == ["name-too-long", "unexpected-character"])
        #expect(DiagnosticRenderer().render(script.diagnostics, in: source).count < 2000)
    }

    @Test func hundredThousandLinesOfGarbage() {
        var generator = SeededGenerator(state: 7)
        var text = ""
        for _ in 0..<100_000 {
            text +=
                String((0..<20).map { _ in Character(Unicode.Scalar(UInt8.random(in: 33...126, using: &generator))) })
                + "\n"
        }
        let source = SourceFile(name: "garbage", text: text)
        let script = Parser.parse(source)
        #expect(script.hasErrors)
        #expect(script.diagnostics.count + script.droppedDiagnostics >= 20)
        let rendered = DiagnosticRenderer().render(script.diagnostics, in: source, dropped: script.droppedDiagnostics)
        #expect(rendered.contains("more diagnostics not shown"))
    }

    @Test func unterminatedQuoteAndNul() {
        let script = Parser.parse(
            SourceFile(name: "q", bytes: Array("log \"overnight oats @breakfast\nlog 2 e\u{0}ggs\n".utf8)))
        #expect(script.diagnostics.map(\.id) == ["unterminated-string", "nul-byte"])
    }
}
