import FoodLogCLI
import FoodLogCore
import Foundation
import Testing

/// The CLI run in this process through a capturing console: the same code path as the binary
/// (argument parsing, commands, renderers, exit codes), debuggable and without a process spawn.
struct InProcessCLITests {
    /// A fresh diary in its own folder, today fixed, no colour.
    final class Sandbox {
        let directory: String
        let environment: Environment

        init() throws {
            directory = NSTemporaryDirectory() + "foodlog-inprocess-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            environment = Environment(variables: [
                "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29",
                "HOME": directory, "NO_COLOR": "1",
            ])
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// Runs one command line; returns its exit code and what it wrote.
        func run(_ arguments: String...) -> (code: ExitCode, out: String, err: String) {
            let console = Console(capturing: true)
            let code = FoodLogCLI.run(arguments, console: console, environment: environment)
            return (code, console.capturedOutput, console.capturedError)
        }
    }

    @Test func anUnknownCommandSuggestsTheNearestAndExits64() throws {
        let result = try Sandbox().run("shwo", "today")
        #expect(result.code == .usage)
        #expect(result.err.contains("did you mean 'show'?"))
    }

    @Test func whatALineLogsTheDayShows() throws {
        let sandbox = try Sandbox()
        let logged = sandbox.run("-e", "log 2 eggs @breakfast")
        #expect(logged.code == .ok && logged.out.contains("logged 1 item on 1 day"))
        let shown = sandbox.run("show", "today", "--json")
        #expect(shown.code == .ok && shown.out.contains("\"kcal\""))
        #expect(shown.out.contains("Egg"))
    }

    @Test func aBadLineWritesNothingAndExits65() throws {
        let sandbox = try Sandbox()
        let failed = sandbox.run("-e", "log 2 eggs, 150 gx rice")
        #expect(failed.code == .dataError)
        #expect(failed.err.contains("[unknown-unit]") && failed.err.contains("nothing was written"))
        #expect(sandbox.run("show", "today").out.contains("nothing logged"))
    }

    @Test func theExportOfADiaryRunsBackIntoAnEmptyOne() throws {
        let first = try Sandbox()
        #expect(first.run("-e", "food \"shake\" per 1 scoop (30 g) = 120 kcal, 24 g protein").code == .ok)
        #expect(first.run("-e", "log 2 scoops shake, 1 banana @snack").code == .ok)
        let exported = first.run("export", "--meal")
        #expect(exported.code == .ok)
        let second = try Sandbox()
        let script = second.directory + "/backup.meal"
        try exported.out.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(second.run("run", script).code == .ok)
        #expect(second.run("export", "--meal").out == exported.out)
    }
}
