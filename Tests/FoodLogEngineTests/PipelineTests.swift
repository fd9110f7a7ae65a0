import Diary
import FoodLogCore
import LuaHost
import MealSyntax
import Testing
@testable import FoodLogEngine

/// An output that keeps nothing: these tests look at the diary and the outcome.
final class SilentOutput: InterpreterOutput {}

/// A library whose storage fails on every read.
final class BrokenLibrary: FoodLibrary {
    let error = DiaryError(kind: .corrupt, path: "broken.sqlite", message: "the diary broken.sqlite is damaged")
    func customFood(_ key: String) throws(DiaryError) -> LibraryFood? { throw error }
    func recipe(_ key: String) throws(DiaryError) -> LibraryFood? { throw error }
    func savedMeal(_ key: String) throws(DiaryError) -> LibraryFood? { throw error }
    func aliasTarget(_ key: String) throws(DiaryError) -> String? { throw error }
}

struct PipelineTests {
    let today = CalendarDate(year: 2026, month: 11, day: 29)

    func interpreter(_ diary: Diary, library: FoodLibrary?, mode: Interpreter.Mode = .run) -> Interpreter {
        Interpreter(
            diary: diary, resolver: Resolver(library: library), mode: mode, today: today, output: SilentOutput())
    }

    @Test func aScriptWritesAllOrNothing() throws {
        let diary = try Diary(path: ":memory:")
        let good = SourceFile(name: "good.meal", text: "2026-11-29\nlog 2 eggs\nlog 200 g rice\n")
        let outcome = try Pipeline.run(
            good, on: interpreter(diary, library: DiaryLibrary(diary: diary)),
            originPath: "/good.meal", replacing: true)
        #expect(outcome.succeeded && outcome.diagnostics.isEmpty)
        #expect(try diary.entries(from: today, to: today).count == 2)
        let bad = SourceFile(name: "bad.meal", text: "2026-11-29\nlog 1 apple\nlog 150 gx rice\n")
        let failed = try Pipeline.run(
            bad, on: interpreter(diary, library: DiaryLibrary(diary: diary)),
            originPath: "/bad.meal", replacing: true)
        #expect(!failed.succeeded)
        #expect(failed.diagnostics.map(\.id) == ["unknown-unit"])
        #expect(try diary.entries(from: today, to: today).count == 2)
    }

    @Test func compileErrorsAreCollectedWithParseErrorsInSourceOrder() throws {
        let diary = try Diary(path: ":memory:")
        let source = SourceFile(name: "x.meal", text: "target 100 g protien\nlog 2 eggs @brekfast\nlgo 1 egg\n")
        let outcome = try Pipeline.run(
            source, on: interpreter(diary, library: nil, mode: .summaryOnly),
            originPath: "/x.meal", replacing: false)
        #expect(outcome.diagnostics.map(\.id) == ["unknown-nutrient", "unusual-meal", "unknown-statement"])
    }

    /// A library that cannot be read must stop the run with the diary's error, never fall
    /// through to the food table and store what it found there.
    @Test func aLibraryThatCannotBeReadIsAnErrorNotAFallback() throws {
        let diary = try Diary(path: ":memory:")
        let source = SourceFile(name: "x.meal", text: "2026-11-29\nlog 2 eggs\n")
        #expect(throws: DiaryError.self) {
            _ = try Pipeline.run(
                source, on: interpreter(diary, library: BrokenLibrary()), originPath: "/x.meal",
                replacing: false)
        }
        #expect(try diary.entries(from: today, to: today).isEmpty)
    }
}
