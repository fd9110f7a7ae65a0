import MealSyntax
import Testing
import TestSupport

/// Every diagnostic id is pinned by a golden case: a `.meal` case annotated `[id]` or a `.cli`
/// case whose output shows `[id]`. A new diagnostic without a case fails here.
struct DiagnosticCatalogTests {
    @Test func everyDiagnosticIdHasAGoldenCase() throws {
        var texts: [String] = []
        for path in RepositoryPaths.files(under: "grammar/cases", suffix: ".meal")
            + RepositoryPaths.files(under: "Tests/FoodLogCLITests/cases", suffix: ".cli")
        {
            texts.append(try RepositoryPaths.read(path))
        }
        let all = texts.joined(separator: "\n")
        let missing = DiagnosticID.allCases.map(\.rawValue).filter { !all.contains("[\($0)]") }
        #expect(missing.isEmpty, "diagnostic ids without a golden case: \(missing)")
    }
}
