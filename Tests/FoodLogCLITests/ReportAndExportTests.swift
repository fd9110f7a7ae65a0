import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing

/// The HTML report is well-formed and carries the right numbers; export → run → export is stable.
struct ReportAndExportTests {
    static func scratch() throws -> (String, [String: String]) {
        let directory = NSTemporaryDirectory() + "foodlog-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (
            directory,
            [
                "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
                "HOME": directory, "PATH": "/usr/bin:/bin",
            ]
        )
    }

    static let week = """
        target 2000 kcal, 120 g protein from 2026-11-01
        2026-11-27
        log 2 eggs, 200g rice, and a coffee @breakfast
        log 300 g grandmas goulash stew @dinner
        2026-11-29
        log 150 g chicken breast, 1 cup broccoli @lunch at 12:30
        """

    @Test func htmlReportIsWellFormedWithTheRightNumbers() throws {
        let (directory, environment) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.week.write(toFile: directory + "/week.meal", atomically: true, encoding: .utf8)
        #expect(
            try runProcess(["run", "week.meal"], stdin: "", directory: directory, environment: environment).status == 0)
        let result = try runProcess(
            ["report", "last 7 days", "--html", "report.html"], stdin: "", directory: directory,
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
        let parser = XMLParser(data: html.data(using: .utf8)!)
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(!html.contains("<script"), "no scripts")
        #expect(!html.contains("http://") || !html.contains("src=\"http"), "no external assets")
        // 2 eggs 143 + rice 260 + coffee 2 + stew; chicken 248 + broccoli 55: bars carry the values.
        #expect(html.contains("data-date=\"2026-11-29\" data-value=\"302.1\""), "kcal bar for the 29th")
        #expect(html.contains("data-target=\"2000\""), "kcal target line")
        #expect(html.contains("data-target=\"120\""), "protein target line")
        #expect(html.contains("~ estimated"), "estimates are flagged")
        #expect(html.contains("Chicken, broilers or fryers, breast"))
    }

    @Test func exportRunExportIsIdentical() throws {
        let (directory, environment) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try
            (Self.week
            + "\nfood \"kimchi\" per 100 g = 15 kcal, 1.1 g protein\nalias \"kc\" = \"kimchi\"\nweight 72 kg\nplan keto\nlog 100 g kc @snack\n")
            .write(toFile: directory + "/week.meal", atomically: true, encoding: .utf8)
        #expect(
            try runProcess(["run", "week.meal"], stdin: "", directory: directory, environment: environment).status == 0)
        let first = try runProcess(["export", "--meal"], stdin: "", directory: directory, environment: environment)
        #expect(first.status == 0)
        var fresh = environment
        fresh["FOODLOG_DB"] = directory + "/fresh.sqlite"
        try first.stdout.write(toFile: directory + "/export.meal", atomically: true, encoding: .utf8)
        let rerun = try runProcess(["run", "export.meal"], stdin: "", directory: directory, environment: fresh)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let second = try runProcess(["export", "--meal"], stdin: "", directory: directory, environment: fresh)
        #expect(second.stdout == first.stdout)
        let csvFirst = try runProcess(["export", "--csv"], stdin: "", directory: directory, environment: environment)
        let csvSecond = try runProcess(["export", "--csv"], stdin: "", directory: directory, environment: fresh)
        #expect(csvFirst.stdout == csvSecond.stdout)
        #expect(csvFirst.stdout.split(separator: "\n").count == 8)
    }
}
