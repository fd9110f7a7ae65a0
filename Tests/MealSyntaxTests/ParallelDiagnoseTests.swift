import CThreadPlacement
import Testing
@testable import MealSyntax

/// `Parser.diagnose` parses a large script in two parts on two threads; its result must be
/// exactly the one-thread result: same diagnostics, same order, same dropped count.
struct ParallelDiagnoseTests {
    /// A script of `days` days, with a bad line (of several kinds) every `every` days and
    /// lines that continue or look like boundaries near the middle.
    func script(days: Int, badEvery every: Int) -> SourceFile {
        var text = ""
        let bad = ["log 2 cupz of milk @lunch", "log @@", "log \"unterminated", "log 2 eggs,", "target kcal",
                   "log 1 banana and", "log 3 eggs +", "show 2026-02-31", "log ½½ rice", "chart"]
        for day in 0..<days {
            let date = CalendarDate(year: 2020, month: 1, day: 1).adding(days: day)
            text += "\(date)\n"
            text += "log 2 eggs, 200g rice, a coffee @breakfast\n"
            text += "log 150 g chicken breast, grilled,\n  1 cup broccoli @lunch # a comment\n"
            text += "log 1 medium apple and 30 g almonds @snack\n"
            // Last in its day, so a bad line that continues runs into the next date line.
            if day % every == 0 { text += bad[(day / every) % bad.count] + "\n" }
        }
        return SourceFile(name: "big.meal", text: text)
    }

    func expectSameAsOneThread(_ source: SourceFile) {
        let one = Parser.parse(source) { _ in }
        let two = Parser.diagnose(source)
        #expect(two.diagnostics == one.diagnostics)
        #expect(two.droppedDiagnostics == one.droppedDiagnostics)
    }

    @Test func twoThreadsGiveTheOneThreadDiagnostics() {
        let source = script(days: 12_000, badEvery: 97)
        #expect(source.bytes.count > Parser.parallelThreshold)
        #expect(Parser.statementBoundary(near: source.bytes.count / 2, in: source.bytes) != nil)
        expectSameAsOneThread(source)
    }

    @Test func theCapAndTheDroppedCountMatchToo() {
        expectSameAsOneThread(script(days: 12_000, badEvery: 3))
    }

    @Test func theSplitSkipsLinesThatContinue() {
        // Around the middle, each day ends with a line that runs on into the next date line
        // (an error one thread reports at the date; a split there would report something else).
        var text = ""
        let days = 40_000
        for day in 0..<days {
            text += "\(CalendarDate(year: 2020, month: 1, day: 1).adding(days: day))\n"
            text += abs(day - days / 2) < 40 ? "log 2 eggs @breakfast\nlog 1 cup rice,\n" : "log 1 banana @snack\n"
        }
        let source = SourceFile(name: "runs-on.meal", text: text)
        #expect(source.bytes.count > Parser.parallelThreshold)
        #expect(Parser.parse(source) { _ in }.diagnostics.count > 50)
        expectSameAsOneThread(source)
    }

    @Test func aScriptWithoutASafeBoundaryStaysOnOneThread() {
        // Every line continues the next: there is no place to split.
        let text = "log 2 eggs,\n" + String(repeating: "1 cup rice,\n", count: 100_000) + "1 banana\n"
        let source = SourceFile(name: "one.meal", text: text)
        #expect(Parser.statementBoundary(near: source.bytes.count / 2, in: source.bytes) == nil)
        expectSameAsOneThread(source)
    }

    @Test func parsingAheadHandsOverTheSameStatementsInOrder() {
        let source = script(days: 3_000, badEvery: 7)
        #expect(source.bytes.count >= 64 << 10)
        var direct: [Statement] = []
        let one = Parser.parse(source) { direct.append($0) }
        var ahead: [Statement] = []
        let two = Parser.parseAhead(source) { ahead.append($0) }
        #expect(ahead == direct)
        #expect(direct.count > 10_000)
        #expect(two.diagnostics == one.diagnostics)
        #expect(!one.diagnostics.isEmpty)
    }

    @Test func aStartedThreadRunsItsWorkAndIsNotLeftPinned() {
        // Threads.start places the new thread away from the caller's CPU, then lets it go
        // anywhere the process may run: its CPU set must equal the caller's.
        let seen = ResultSlot<Int32>()
        guard let thread = Threads.start({ seen.value = cplace_allowed_count() }) else {
            Issue.record("no thread")
            return
        }
        Threads.join(thread)
        #expect(seen.value == cplace_allowed_count())
        #expect((seen.value ?? 0) >= 1)
    }
}
