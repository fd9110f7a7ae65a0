import Foundation
import Testing

/// Work grows with the input, not with its square: huge names fail at once with a short
/// message, and a period of 10,000 years is cut to the diary's days.
@Suite(.serialized)
struct LongInputTests {
    /// Runs the release binary on `arguments`; the time it took, its exit code and stderr.
    static func timed(_ arguments: [String], in directory: String) throws -> (
        seconds: Double, status: Int32, stderr: String
    ) {
        let started = Date()
        let result = try DiaryDurabilityTests.runTool(
            DiaryDurabilityTests.binary, arguments,
            environment: DiaryDurabilityTests.environment(directory))
        return (Date().timeIntervalSince(started), result.status, result.stderr)
    }

    @Test func hugeNamesFailFastWithAShortMessage() throws {
        let directory = try DiaryDurabilityTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases: [(String, String)] = [
            ("words", "log " + Array(repeating: "apple", count: 100_000).joined(separator: " ") + "\n"),
            ("distinct", "log " + (0..<100_000).map { "zorb\($0)" }.joined(separator: " ") + "\n"),
            ("quoted", "log \"" + String(repeating: "x", count: 10_000_000) + "\"\n"),
        ]
        for (name, text) in cases {
            let path = directory + "/\(name).meal"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let result = try Self.timed(["check", path, "--db", directory + "/diary.sqlite"], in: directory)
            #expect(result.status == 65, "\(name): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("[name-too-long]"), "\(name)")
            #expect(result.stderr.utf8.count < 2_000, "\(name): \(result.stderr.utf8.count) bytes of errors")
            #expect(result.seconds < 3, "\(name): \(result.seconds) s")
        }
        // Just under the limit (40 words) resolves, as an estimate or a food.
        let under = directory + "/under.meal"
        try ("log " + Array(repeating: "apple", count: 40).joined(separator: " ") + "\n").write(
            toFile: under, atomically: false, encoding: .utf8)
        let result = try Self.timed(["check", under, "--db", directory + "/diary.sqlite"], in: directory)
        #expect(result.status == 0 && result.seconds < 3, "\(result.stderr.prefix(300))")
        let search = try Self.timed(["search"] + (0..<30_000).map { "zorb\($0)" }, in: directory)
        #expect(search.status == 64 && search.seconds < 3, "\(search.stderr.prefix(300))")
    }

    @Test func tenThousandYearPeriodsAreCutToTheDiary() throws {
        let directory = try DiaryDurabilityTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        #expect(try Self.timed(["-e", "log 2 eggs on 2026-11-01", "--db", database], in: directory).status == 0)
        for arguments in [
            ["check", "--plan", "keto", "0001-01-01..9999-12-31"], ["show", "0001-01-01..9999-12-31"],
            ["chart", "kcal", "0001-01-01..9999-12-31"],
            ["report", "--html", directory + "/r.html", "0001-01-01..9999-12-31"],
        ] {
            let result = try Self.timed(arguments + ["--db", database], in: directory)
            #expect(
                [0, 1].contains(result.status) && result.seconds < 3, "\(arguments[0]): \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("[period-clipped]"), "\(arguments[0])")
        }
        // Entries 100 years and a day apart: the period is refused, quickly.
        #expect(try Self.timed(["-e", "log 1 apple on 1926-10-31", "--db", database], in: directory).status == 0)
        let refused = try Self.timed(
            ["check", "--plan", "keto", "0001-01-01..9999-12-31", "--db", database], in: directory)
        #expect(
            refused.status == 65 && refused.stderr.contains("[period-too-long]") && refused.seconds < 3,
            "\(refused.stderr.prefix(300))")
    }
}
