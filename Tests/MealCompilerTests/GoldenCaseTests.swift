import FoodLogCore
import MealCompiler
import MealSyntax
import Testing
import TestSupport

/// One `.meal` file under `grammar/cases` with `# expect:` / `# error[id]:` annotations.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { String(path.dropFirst(RepositoryPaths.root.count + 1)) }

    /// Every case file, sorted, so the parametrized test is stable.
    /// Not `errors/checks/`: those run through the whole pipeline (FoodLogEngineTests).
    static let all: [GoldenCase] = RepositoryPaths.files(under: "grammar/cases", suffix: ".meal")
        .filter { !$0.contains("/grammar/cases/errors/checks/") }.map(GoldenCase.init)
}

/// The day golden cases are compiled on (relative periods count from it).
let goldenToday = CalendarDate(year: 2026, month: 11, day: 29)

/// Runs every golden case through the lexer, the parser and the compiler. Set
/// `FOODLOG_RECORD=1` to rewrite the annotations from the current output (then review the diff).
@Test("golden case", arguments: GoldenCase.all)
func goldenCase(_ golden: GoldenCase) throws {
    // Read as bytes, so a case may hold a NUL or invalid UTF-8 for the lexer to report.
    let source = try SourceFile(contentsOf: golden.path)
    let text = String(decoding: source.bytes, as: UTF8.self)
    let script = Parser.parse(source)
    let (_, compileDiagnostics) = Compiler.compile(script, today: goldenToday)
    let annotated = GoldenAnnotations(text: text)

    var actual: [Int: [String]] = [:]
    for statement in script.statements {
        // A statement continued over several lines is annotated after its last line.
        actual[source.lineIndex(of: max(statement.range.start, statement.range.end - 1)), default: []]
            .append("expect: " + ASTDumper.dump(statement))
    }
    for diagnostic in (script.diagnostics + compileDiagnostics).sorted(by: { $0.range.start < $1.range.start }) {
        let kind = diagnostic.severity == .error ? "error" : diagnostic.severity.rawValue
        actual[source.lineIndex(of: diagnostic.range.start), default: []]
            .append("\(kind)[\(diagnostic.id)]: \(diagnostic.message)")
    }
    // A case holding invalid UTF-8 cannot be rewritten from text without losing its bytes:
    // its annotations are kept by hand.
    if GoldenAnnotations.recording, Array(text.utf8) == source.bytes {
        try RepositoryPaths.write(golden.path, annotated.rewritten(with: actual))
        return
    }
    #expect(!annotated.expected.isEmpty, "a case must expect something")
    let lines = Set(actual.keys).union(annotated.expected.keys).sorted()
    for line in lines {
        #expect(actual[line] ?? [] == annotated.expected[line] ?? [], "\(golden.testDescription):\(line + 1)")
    }
}

/// The annotations of a case file, by the 0-based line of code they concern.
struct GoldenAnnotations {
    static var recording: Bool { RepositoryPaths.environment("FOODLOG_RECORD") == "1" }
    static let markers = ["# expect: ", "# error[", "# warning["]

    var lines: [String]
    var expected: [Int: [String]] = [:]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lastCode: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingLeadingSpaces()
            if let marker = GoldenAnnotations.markers.first(where: { trimmed.hasPrefix($0) }) {
                guard let target = lastCode else { continue }
                let body =
                    marker == "# expect: " ? "expect: " + trimmed.dropFirst(marker.count) : String(trimmed.dropFirst(2))
                expected[target, default: []].append(body)
            } else if !trimmed.isEmpty, !trimmed.hasPrefix("#") {
                lastCode = index
            }
        }
    }

    /// The file with annotation lines replaced by `actual`.
    func rewritten(with actual: [Int: [String]]) -> String {
        var output: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingLeadingSpaces()
            if GoldenAnnotations.markers.contains(where: { trimmed.hasPrefix($0) }) { continue }
            output.append(line)
            for annotation in actual[index] ?? [] { output.append("# " + annotation) }
        }
        return output.joined(separator: "\n")
    }
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
