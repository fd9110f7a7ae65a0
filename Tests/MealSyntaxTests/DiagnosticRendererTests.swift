import Testing
@testable import MealSyntax

struct DiagnosticRendererTests {
    @Test func rendersTheArchitectureFormat() {
        let source = SourceFile(name: "today.meal", text: "2026-11-29\nlog 2 eggs\nlog 150 gx rice @lunch\n")
        let script = Parser.parse(source)
        let text = DiagnosticRenderer().render(script.diagnostics, in: source)
        #expect(
            text == """
                today.meal:3:9: error: unknown unit 'gx' [unknown-unit]
                  3 | log 150 gx rice @lunch
                    |         ^^
                  help: did you mean 'g'?
                  3 | log 150 g rice @lunch
                    |         +

                """)
    }

    @Test func capsAtTwentyThenCounts() {
        let text = String(repeating: "lgo 1 egg\n", count: 30)
        let source = SourceFile(name: "bad.meal", text: text)
        let rendered = DiagnosticRenderer().render(Parser.parse(source).diagnostics, in: source)
        #expect(rendered.components(count: "[unknown-statement]") == 20)
        #expect(rendered.hasSuffix("note: 10 more diagnostics not shown\n"))
    }

    @Test func colourOnlyWhenAsked() {
        let source = SourceFile(name: "x", text: "lgo")
        let diagnostics = Parser.parse(source).diagnostics
        #expect(!DiagnosticRenderer(colored: false).render(diagnostics, in: source).contains("\u{1B}["))
        #expect(DiagnosticRenderer(colored: true).render(diagnostics, in: source).contains("\u{1B}["))
    }

    @Test func longLinesAreCutAroundTheCaret() {
        let line = "log " + String(repeating: "x", count: 5000) + " @" + "\n"
        let source = SourceFile(name: "long", text: line)
        let rendered = DiagnosticRenderer().render(Parser.parse(source).diagnostics, in: source)
        #expect(rendered.count < 1000)
        #expect(rendered.contains("expected-meal-name"))
    }
}

extension String {
    func components(count needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
