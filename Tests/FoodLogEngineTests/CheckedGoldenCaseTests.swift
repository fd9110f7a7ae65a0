import Diary
import FoodLogCore
import MealSyntax
import Testing
import TestSupport
@testable import FoodLogEngine

/// The golden cases under `grammar/cases/errors/checks/`: what only compiling and resolving can
/// find (ranges, weights, periods). Each file runs through the whole ``Pipeline`` as a dry run
/// into an empty diary (today is 2026-11-29), and its `# error[ID]: MESSAGE` and
/// `# warning[ID]: MESSAGE` lines must be every diagnostic of the line above them, in order.
/// `FOODLOG_RECORD=1` rewrites the annotations from the output (then review the diff).
@Test("checked golden case", arguments: RepositoryPaths.files(under: "grammar/cases/errors/checks", suffix: ".meal"))
func checkedGoldenCase(_ path: String) throws {
    let text = try RepositoryPaths.read(path)
    let source = SourceFile(name: path, text: text)
    let diary = try Diary(path: ":memory:")
    let interpreter = Interpreter(
        diary: diary, resolver: Resolver(library: DiaryLibrary(diary: diary)), mode: .dryRun,
        today: CalendarDate(year: 2026, month: 11, day: 29), output: SilentOutput())
    let outcome = try Pipeline.run(source, on: interpreter, originPath: path, replacing: false)
    var actual: [Int: [String]] = [:]
    for diagnostic in outcome.diagnostics {
        let kind = diagnostic.severity == .error ? "error" : diagnostic.severity.rawValue
        actual[source.lineIndex(of: diagnostic.range.start), default: []].append(
            "\(kind)[\(diagnostic.id)]: \(diagnostic.message)")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let isAnnotation = { (line: String) in line.hasPrefix("# error[") || line.hasPrefix("# warning[") }
    if RepositoryPaths.environment("FOODLOG_RECORD") == "1" {
        var output: [String] = []
        for (index, line) in lines.enumerated() where !isAnnotation(line) {
            output.append(line)
            output += (actual[index] ?? []).map { "# " + $0 }
        }
        try RepositoryPaths.write(path, output.joined(separator: "\n"))
        return
    }
    var expected: [Int: [String]] = [:]
    var lastCode: Int?
    for (index, line) in lines.enumerated() {
        if isAnnotation(line), let lastCode {
            expected[lastCode, default: []].append(String(line.dropFirst(2)))
        } else if !line.isEmpty, !line.hasPrefix("#") {
            lastCode = index
        }
    }
    #expect(!expected.isEmpty, "a case must expect a diagnostic")
    for line in Set(actual.keys).union(expected.keys).sorted() {
        #expect(actual[line] ?? [] == expected[line] ?? [], "\(path):\(line + 1)")
    }
}
