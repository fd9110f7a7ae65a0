import Foundation
import Glibc
import Testing

/// Drives the interactive REPL through a pseudo-terminal, as a person would: type a line, see
/// the review, answer, see it saved.
struct REPLTerminalTests {
    /// A child process on a pseudo-terminal, with helpers to type and to wait for output.
    final class Terminal {
        let master: Int32
        let process: ChildProcess
        var screen = ""

        init(binary: String, arguments: [String], environment: [String: String]) throws {
            // Linux pseudo-terminals: open the multiplexer, unlock the pair, find its number.
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
                ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0
            else {
                throw POSIXError(.ENODEV)
            }
            let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw POSIXError(.ENODEV) }
            var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
            defer { close(slave) }
            process = try ChildProcess(
                binary, arguments, environment: environment, standardInput: slave, standardOutput: slave,
                standardError: slave)
            let flags = fcntl(master, F_GETFL)
            _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        }

        deinit {
            close(master)
        }

        /// Where the screen stood when the last text was typed, in UTF-8 bytes: ``waitFor(_:timeout:)``
        /// looks only at what came after, so an answer is never mistaken for an earlier one.
        private var typedAt = 0

        /// Types `text`, after reading what the REPL has already written.
        func type(_ text: String) {
            readAvailable()
            typedAt = screen.utf8.count
            var bytes = Array(text.utf8)
            _ = write(master, &bytes, bytes.count)
        }

        /// Appends whatever the terminal has to the screen; true if there was something.
        @discardableResult
        private func readAvailable() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var any = false
            while true {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return any }
                screen += String(decoding: buffer[0..<count], as: UTF8.self)
                any = true
            }
        }

        /// True when `text` is on the screen since the last text was typed.
        private func shownSinceTyping(_ text: String) -> Bool {
            String(decoding: Array(screen.utf8.dropFirst(typedAt)), as: UTF8.self).contains(text)
        }

        /// Reads until `text` appears on the screen after the last text typed (or the timeout
        /// passes); true if it did.
        @discardableResult
        func waitFor(_ text: String, timeout: Double = 10) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if !readAvailable() { usleep(20_000) }
                if shownSinceTyping(text) { return true }
            }
            return shownSinceTyping(text)
        }

        /// Reads what the REPL still writes until it ends (a full terminal would block it), then
        /// its exit status; past `timeout` seconds it is killed and the test fails.
        func finish(timeout: Double = 60) throws -> Int32 {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { waitFor("\u{0}", timeout: 0.05) }
            return try process.wait(timeout: max(0, deadline.timeIntervalSinceNow)).status
        }
    }

    /// The debug binary, and the release one when it exists (what scripts/foodlog runs).
    static var binaries: [String] {
        let release = CLIPaths.root + "/.build/release/foodlog"
        return [CLIPaths.binary] + (FileManager.default.isExecutableFile(atPath: release) ? [release] : [])
    }

    @Test(arguments: REPLTerminalTests.binaries)
    func reviewThenSaveThenShow(binary: String) throws {
        let directory = NSTemporaryDirectory() + "foodlog-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = [
            "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
            "HOME": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin",
        ]
        let terminal = try Terminal(binary: binary, arguments: [], environment: environment)
        #expect(terminal.waitFor("foodlog> "), "prompt: \(terminal.screen)")
        terminal.type("log 2 eggs, 200g rice and a coffee @breakfast\r")
        #expect(terminal.waitFor("Save? [Y/n/e]"), "review: \(terminal.screen)")
        #expect(terminal.screen.contains("Egg, whole, raw, fresh [usda:01123]"))
        #expect(terminal.screen.contains("2 × large (50 g) = 100 g · 143 kcal"))
        terminal.type("\r")
        #expect(terminal.waitFor("saved 3 items"), "save: \(terminal.screen)")
        // n discards, e puts the line back to edit.
        terminal.type("log 1 banana @snack\r")
        #expect(terminal.waitFor("Bananas, raw"))
        terminal.type("e\r")
        #expect(terminal.waitFor("foodlog> log 1 banana @snack"), "edit: \(terminal.screen)")
        terminal.type(" + 1 cup milk\r")
        #expect(terminal.waitFor("Milk, whole"), "edited line: \(terminal.screen)")
        terminal.type("n\r")
        #expect(terminal.waitFor("not saved"))
        // Errors do not end the session; a continuation line gets the ...> prompt.
        terminal.type("lgo 1 apple\r")
        #expect(terminal.waitFor("did you mean 'log'?"))
        terminal.type("log 1 apple,\r")
        #expect(terminal.waitFor("...> "), "continuation: \(terminal.screen)")
        terminal.type("1 orange @snack\r")
        #expect(terminal.waitFor("Oranges, raw"), "continued item: \(terminal.screen)")
        terminal.type("y\r")
        #expect(terminal.waitFor("saved 2 items"))
        terminal.type("show today\r")
        #expect(terminal.waitFor("snack · "), "show: \(terminal.screen)")
        // Ctrl-D only once the prompt is back: typed earlier, the line editor may drop it.
        #expect(terminal.waitFor("foodlog> "), "prompt: \(terminal.screen)")
        terminal.type("\u{4}")
        let status = try terminal.finish()
        #expect(status == 65 || status == 0)
        let history = try String(contentsOfFile: directory + "/.local/state/foodlog/history", encoding: .utf8)
        #expect(history.contains("eggs"), "history: \(history)")
    }

    /// Tab completes what fits where the cursor is, from the same context logic as the
    /// language server; a second Tab lists the choices.
    @Test func tabCompletesByContext() throws {
        let directory = NSTemporaryDirectory() + "foodlog-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment = [
            "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
            "HOME": directory, "TERM": "dumb", "PATH": "/usr/bin:/bin",
        ]
        _ = try runProcess(
            ["-e", "food \"zorkberry jam\" per 100 g = 250 kcal"], stdin: "", directory: directory,
            environment: environment)
        let terminal = try Terminal(binary: CLIPaths.binary, arguments: [], environment: environment)
        #expect(terminal.waitFor("foodlog> "), "prompt: \(terminal.screen)")
        terminal.type("lo\t")  // a statement starts: keywords
        #expect(terminal.waitFor("foodlog> log "), "keyword: \(terminal.screen)")
        terminal.type("2 eggs @bre\t")  // after @: meals
        #expect(terminal.waitFor("@breakfast "), "meal: \(terminal.screen)")
        terminal.type("\u{15}")  // Ctrl-U: clear the line
        terminal.type("log 2 tbsp zorkb\t")  // after a unit: foods, the library's first
        #expect(terminal.waitFor("zorkberry jam "), "food: \(terminal.screen)")
        terminal.type("\u{15}log 1 cup quin\t")  // one food fits: put in whole
        #expect(terminal.waitFor("1 cup quinoa "), "one food: \(terminal.screen)")
        terminal.type("\u{15}log 100 g chi\t")  // several: listed (foods only, no units)
        #expect(terminal.waitFor("chicken breast  "), "list: \(terminal.screen)")
        #expect(!terminal.screen.contains("chicken breast  cup"))
        terminal.type("\u{15}\u{4}")
        #expect(try terminal.finish() == 0)
    }
}
