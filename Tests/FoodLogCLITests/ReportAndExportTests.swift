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
        log 300 g aunties hotpot stew @dinner
        2026-11-29
        log 150 g chicken breast, 1 cup broccoli @lunch at 12:30
        """

    /// Runs `script` into the scratch diary and returns `report last 7 days --html` of it.
    static func report(of script: String, _ directory: String, _ environment: [String: String]) throws -> String {
        try script.write(toFile: directory + "/week.meal", atomically: true, encoding: .utf8)
        #expect(
            try runProcess(["run", "week.meal"], stdin: "", directory: directory, environment: environment).status == 0)
        let result = try runProcess(
            ["report", "last 7 days", "--html", "report.html"], stdin: "", directory: directory,
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
    }

    @Test func htmlReportIsWellFormedWithTheRightNumbers() throws {
        let (directory, environment) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let html = try Self.report(of: Self.week, directory, environment)
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

    /// The report at phone width, its axes and its optional charts (weight, fibre, sodium).
    @Test func htmlReportFitsPhonesWithRoundTicksDatesAndChartsForWhatWasLogged() throws {
        let (directory, environment) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
            target 2000 kcal from 2026-11-01
            weight 80.4 kg on 2026-11-24
            weight 80.1 kg on 2026-11-28
            2026-11-28
            log 150 g chicken breast, 1 cup broccoli, 300 g rice, cooked @lunch
            2026-11-29
            log 400 g chicken breast, 400 g rice, cooked @lunch
            """
        let html = try Self.report(of: script, directory, environment)
        #expect(XMLParser(data: html.data(using: .utf8)!).parse(), "not well-formed")
        // Each chart twice: for wide screens, and drawn for phones (swapped by a media query).
        #expect(html.contains("@media (max-width: 600px)"))
        #expect(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"wide\"").count - 1 == 7)
        #expect(
            html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"narrow\"").count - 1 == 7)
        #expect(html.contains("<div class=\"scroll\"><table>"), "tables scroll sideways on a phone")
        // kcal 1,179 on the 29th against a 2,000 target: ticks 0, 1,000, 2,000 (not 733, 1,466…).
        let kcal = String(html[html.range(of: "aria-label=\"kcal per day\"")!.lowerBound...])
        let kcalChart = String(kcal[..<kcal.range(of: "</svg>")!.lowerBound])
        for tick in ["0", "1,000", "2,000"] {
            #expect(kcalChart.contains("fill=\"#666\">\(tick)</text>"), "tick \(tick)")
        }
        #expect(!kcalChart.contains("fill=\"#666\">3,000</text>"))
        // A date under every bar that fits: the weekday and day on the wide chart, the day on the narrow.
        for label in ["Mon 23", "Tue 24", "Sat 28", "Sun 29"] { #expect(kcalChart.contains(">\(label)</text>")) }
        #expect(html.contains("text-anchor=\"middle\" fill=\"#666\">23</text>"))
        // Weight, fibre and sodium have data, so they have charts; the weigh-ins are its points.
        #expect(html.contains("aria-label=\"weight per day\""))
        #expect(html.contains("data-date=\"2026-11-28\" data-value=\"80.1\""))
        #expect(html.contains("aria-label=\"fiber per day\"") && html.contains("aria-label=\"sodium per day\""))

        // Without weights or any sodium and fibre, those charts are left out.
        var bare = environment
        bare["FOODLOG_DB"] = directory + "/bare.sqlite"
        try "food \"plain\" per 100 g = 100 kcal\n2026-11-29\nlog 200 g plain\n".write(
            toFile: directory + "/bare.meal", atomically: true, encoding: .utf8)
        #expect(try runProcess(["run", "bare.meal"], stdin: "", directory: directory, environment: bare).status == 0)
        let plain = try runProcess(
            ["report", "last 7 days", "--html", "-"], stdin: "", directory: directory, environment: bare)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("aria-label=\"kcal per day\""))
        for absent in ["weight per day", "fiber per day", "sodium per day"] {
            #expect(!plain.stdout.contains("aria-label=\"\(absent)\""), "\(absent)")
        }
    }

    /// Runs an `export --meal` into a fresh diary, expects it to export the same, and returns
    /// the environment that reads the fresh diary.
    static func runBack(_ exported: String, _ directory: String, _ environment: [String: String]) throws
        -> [String: String]
    {
        var fresh = environment
        fresh["FOODLOG_DB"] = directory + "/fresh.sqlite"
        try exported.write(toFile: directory + "/export.meal", atomically: true, encoding: .utf8)
        let rerun = try runProcess(["run", "export.meal"], stdin: "", directory: directory, environment: fresh)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let second = try runProcess(["export", "--meal"], stdin: "", directory: directory, environment: fresh)
        #expect(second.stdout == exported)
        return fresh
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
        let fresh = try Self.runBack(first.stdout, directory, environment)
        let csvFirst = try runProcess(["export", "--csv"], stdin: "", directory: directory, environment: environment)
        let csvSecond = try runProcess(["export", "--csv"], stdin: "", directory: directory, environment: fresh)
        #expect(csvFirst.stdout == csvSecond.stdout)
        #expect(csvFirst.stdout.split(separator: "\n").count == 8)
    }

    /// Weekly, weekend and weekday targets are written back with their scope: the diary run
    /// from the export exports the same and shows each day the same targets.
    @Test func scopedTargetsRoundTripThroughExport() throws {
        let (directory, environment) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
            target 2000 kcal, 120 g protein from 2026-11-01
            target 2600 kcal on weekends, 1800 kcal on weekdays from 2026-11-23
            """
        // (Two scopes in one statement are an error; each gets its own line.)
        #expect(
            try runProcess(["-e", script], stdin: "", directory: directory, environment: environment).status == 65)
        try """
        target 2000 kcal, 120 g protein from 2026-11-01
        target 2600 kcal on weekends from 2026-11-23
        target 15000 kcal, 900 g protein per week from 2026-11-23
        target 1800 kcal on weekdays from 2026-11-25
        target 130 g protein from 2026-11-25
        2026-11-27
        log 2 eggs, 200g rice @breakfast
        2026-11-28
        log 150 g chicken breast @lunch
        """.write(toFile: directory + "/targets.meal", atomically: true, encoding: .utf8)
        #expect(
            try runProcess(["run", "targets.meal"], stdin: "", directory: directory, environment: environment).status
                == 0)
        let first = try runProcess(["export", "--meal"], stdin: "", directory: directory, environment: environment)
        #expect(first.status == 0)
        for line in [
            "target 2000 kcal, 120 g protein from 2026-11-01\n", "target 2600 kcal on weekends from 2026-11-23\n",
            "target 15000 kcal, 900 g protein per week from 2026-11-23\n",
            "target 1800 kcal on weekdays from 2026-11-25\n", "target 130 g protein from 2026-11-25\n",
        ] {
            #expect(first.stdout.contains(line), "\(line) in \(first.stdout)")
        }
        let fresh = try Self.runBack(first.stdout, directory, environment)
        for query in [
            ["show", "2026-11-24"], ["show", "2026-11-27"], ["show", "2026-11-28"], ["show", "this week"],
        ] {
            let before = try runProcess(query + ["--json"], stdin: "", directory: directory, environment: environment)
            let after = try runProcess(query + ["--json"], stdin: "", directory: directory, environment: fresh)
            #expect(before.status == 0 && before.stdout == after.stdout, "\(query)")
            #expect(before.stdout.contains("\"targets\""), "\(query)")
        }
        // The HTML report's cards compare the week with the weekly target too.
        let html = try runProcess(
            ["report", "this week", "--html", "-"], stdin: "", directory: directory, environment: environment)
        #expect(html.stdout.contains("kcal daily average · "), "\(html.stdout)")
        #expect(html.stdout.contains(" · the period 4% of 15,000 a week</span>"), "\(html.stdout)")

    }
}
