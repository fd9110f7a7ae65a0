import Foundation
import Testing

/// The REPL on a terminal: items typed without `log` are logged, and `e` puts a whole
/// multi-line entry back to edit, on one line.
struct REPLEntryTests {
    @Test(arguments: REPLTerminalTests.binaries)
    func itemsWithoutLogAndEditingAMultiLineEntry(binary: String) throws {
        let directory = NSTemporaryDirectory() + "foodlog-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = [
            "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
            "HOME": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin",
        ]
        let terminal = try REPLTerminalTests.Terminal(binary: binary, arguments: [], environment: environment)
        #expect(terminal.waitFor("foodlog> "), "prompt: \(terminal.screen)")
        terminal.type("3 crackers with cheese\r")
        #expect(terminal.waitFor("Save? [Y/n/e]"), "review: \(terminal.screen)")
        terminal.type("\r")
        // `with` parts are items of their own: the crackers and the cheese.
        #expect(terminal.waitFor("saved 2 items"), "save: \(terminal.screen)")
        terminal.type("log 1 apple,\r")
        #expect(terminal.waitFor("...> "), "continuation: \(terminal.screen)")
        terminal.type("  1 orange @snack # fruit\r")
        #expect(terminal.waitFor("Oranges, raw"), "review: \(terminal.screen)")
        terminal.type("e\r")
        #expect(terminal.waitFor("foodlog> log 1 apple, 1 orange @snack"), "edit: \(terminal.screen)")
        terminal.type(" at 4pm\r")
        #expect(terminal.waitFor("Save? [Y/n/e]"), "edited review: \(terminal.screen)")
        terminal.type("y\r")
        #expect(terminal.waitFor("saved 2 items"), "save: \(terminal.screen)")
        // Ctrl-D only once the prompt is back: typed earlier, the line editor may drop it.
        #expect(terminal.waitFor("foodlog> "), "prompt: \(terminal.screen)")
        terminal.type("\u{4}")
        #expect(try terminal.finish() == 0)
        let exported = try runProcess(
            ["export", "--meal"], stdin: "", directory: directory, environment: environment)
        #expect(exported.stdout.contains("log 3 crackers, cheese\n"), "export: \(exported.stdout)")
        #expect(exported.stdout.contains("log 1 apple, 1 orange @snack at 16:00\n"), "export: \(exported.stdout)")
    }
}
