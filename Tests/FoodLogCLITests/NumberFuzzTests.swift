import Foundation
import Testing

/// Random and extreme numbers through every statement kind and a Cronometer import, then
/// every command that reads the diary, each as the release binary under a watchdog: no run
/// may end by a signal or hang, and every failure is a documented exit code.
@Suite(.serialized)
struct NumberFuzzTests {
    /// Exit codes the README documents.
    static let documentedCodes: Set<Int32> = [0, 1, 64, 65, 70, 74]
    /// A run that takes longer than this has hung.
    static let watchdogSeconds = 20.0

    /// Numbers as a script or a CSV may spell them: zeros, tiny, huge, 20 and 400 digits,
    /// many decimals, fractions, the limits and either side of them, and words for inf/NaN.
    static let numbers: [String] = [
        "0", "-0", "0.0", "1", "2", "0.5", "1/3", "1 1/2", "½", "0.001", "0.0009", "100000", "100001",
        "0.00000000000000000001", "99999999999999999999", "18446744073709551616", "9223372036854775807",
        "3.14159265358979323846264338327950288419716939937510", "1e308", "1e-308", "inf", "-inf", "nan",
        "1.7976931348623157e308", "700", "700.1", "2", "1.99", "1000", "1000.1", "20000", "20001",
        String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
        "12345678901234567890.123456789",
    ]

    /// Statement shapes; each `N` becomes a number.
    static let templates: [String] = [
        "log N g rice", "log N kg rice", "log N mg salt", "log N cups milk", "log N tbsp honey", "log N eggs",
        "log N slices bread", "log N kcal of rice", "log N x", "log N y", "log N r", "log N large eggs @lunch",
        "food \"x\" = N kcal, N g protein, N mg sodium",
        "food \"y\" per N scoop (N g) = N kcal, N g fat, N µg folate",
        "food \"z\" per N cup = N kcal",
        "recipe \"r\" serves N = N g rice, N cups milk",
        "meal \"m\" = N eggs, N g rice",
        "target N kcal, N g protein, N mg sodium",
        "weight N kg", "weight N lb",
        "log N m",
    ]

    /// Values of a Cronometer row's number cells.
    static let cells: [String] = [
        "0", "-0", "1", "1e20", "1e308", "inf", "-1", "nan", "1e-300", "999999", "1000000",
        "1000001", "0.0001", String(repeating: "9", count: 40),
    ]
    static let amounts: [String] = [
        "1 g", "100 kg", "100.001 kg", "inf g", "1e30 kg", "nan g", "0 g", "1e-30 g",
        "2 cups", "1 serving", "-5 g", "99999999999999999999 oz",
    ]

    @Test func extremeNumbersNeverCrashAnyCommand() throws {
        let directory = try DiaryDurabilityTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = SplitMix64(seed: 20261129)
        var failures: [String] = []
        var runs = 0
        let started = Date()
        for round in 0..<24 {
            let database = directory + "/diary-\(round).sqlite"
            let script = directory + "/fuzz-\(round).meal"
            try Self.script(&generator).write(toFile: script, atomically: false, encoding: .utf8)
            let csv = directory + "/fuzz-\(round).csv"
            try Self.cronometer(&generator).write(toFile: csv, atomically: false, encoding: .utf8)
            // Run twice: once the whole file (one bad line writes nothing), once line by line
            // through -e, so good lines do land in the diary before the readers look.
            var commands: [[String]] = [["check", script], ["run", script], ["import", "cronometer", csv]]
            for line in try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n") {
                commands.append(["-e", "2026-11-29; " + line])
            }
            commands += [
                ["show"], ["show", "--json"], ["show", "last", "7", "days", "by", "day"],
                ["show", "this", "month", "by", "food"],
                ["show", "0001-01-01..9999-12-31"], ["chart", "kcal", "last", "30", "days"],
                ["chart", "protein", "--json"],
                ["top", "foods", "last", "30", "days"], ["top", "5", "meals", "all", "by", "protein"],
                ["report", "--html", directory + "/report.html", "last", "30", "days"],
                ["report", "--svg", directory + "/chart.svg"], ["export", "--csv"], ["export", "--csv", "--daily"],
                ["export", "--meal", "--output", directory + "/export.meal"], ["check", directory + "/export.meal"],
            ]
            for arguments in commands {
                let outcome = try Self.run(arguments + ["--db", database], in: directory)
                runs += 1
                if let problem = outcome {
                    failures.append("round \(round): foodlog \(arguments.joined(separator: " ")): \(problem)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) bad runs:\n\(failures.prefix(10).joined(separator: "\n"))")
        print("number fuzz: \(runs) runs in \(Int(Date().timeIntervalSince(started))) s")
    }

    /// A dozen random statements with random numbers, on one day.
    static func script(_ generator: inout SplitMix64) -> String {
        var lines = ["2026-11-29"]
        for _ in 0..<12 {
            var line = templates[Int(generator.next() % UInt64(templates.count))]
            while let placeholder = line.range(of: "N") {
                line.replaceSubrange(placeholder, with: numbers[Int(generator.next() % UInt64(numbers.count))])
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Cronometer servings export of random rows, mostly extreme.
    static func cronometer(_ generator: inout SplitMix64) -> String {
        var lines = ["Day,Food Name,Amount,Energy (kcal),Protein (g),Sodium (mg)"]
        for index in 0..<6 {
            func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
            lines.append(
                "2026-11-2\(index % 3 + 7),Food \(index),\(pick(amounts)),\(pick(cells)),\(pick(cells)),\(pick(cells))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the release binary under the watchdog; nil when it ended well, else what was wrong.
    static func run(_ arguments: [String], in directory: String) throws -> String? {
        let result: (stdout: String, stderr: String, status: Int32, termination: Termination)
        do {
            result = try ChildProcess.run(
                DiaryDurabilityTests.binary, arguments, environment: DiaryDurabilityTests.environment(directory),
                directory: directory, timeout: watchdogSeconds)
        } catch let timedOut as ChildTimedOut {
            return "\(timedOut)"
        }
        let message = String(result.stderr.suffix(300))
        if result.termination.bySignal {
            return "killed by signal \(result.status): \(message)"
        }
        guard documentedCodes.contains(result.status) else {
            return "undocumented exit \(result.status): \(message)"
        }
        return nil
    }
}

/// A small deterministic generator (SplitMix64), so a failing round can be run again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
