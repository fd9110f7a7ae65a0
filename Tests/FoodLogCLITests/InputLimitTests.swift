import Foundation
import Testing

/// Piped input with a line longer than the REPL's line limit: the line is skipped with a clear
/// error, the lines after it still run, and memory stays bounded.
struct InputLimitTests {
    @Test func anOverlongPipedLineIsSkippedAndTheRestRuns() throws {
        let directory = NSTemporaryDirectory() + "foodlog-limit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = [
            "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
            "HOME": directory,
        ]
        let longLine = "log " + String(repeating: "a", count: (1 << 20) + 10)
        let result = try runProcess(
            ["repl"], stdin: longLine + "\nlog 1 apple\n", directory: directory,
            environment: environment)
        #expect(result.stderr.contains("longer than 1 MiB was skipped"))
        #expect(result.stdout.contains("saved 1 item"))
        #expect(result.status == 65)
    }
}
