import Foundation
import Glibc
import Testing

/// The tests' own way of starting programs: a hang becomes a failure, output never blocks.
struct ChildProcessTests {
    @Test func aChildPastItsDeadlineIsKilledAndReported() throws {
        let started = Date()
        let error = #expect(throws: ChildTimedOut.self) { try ChildProcess.run("/bin/sleep", ["60"], timeout: 0.3) }
        #expect(Date().timeIntervalSince(started) < 30)
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("/bin/sleep 60 was still running after 0 s and was killed"), "\(message)")
        #expect(message.contains("State:"), "\(message)")
    }

    @Test func megabytesOnBothStreamsNeverBlockTheChild() throws {
        let result = try ChildProcess.run(
            "/bin/sh",
            ["-c", "head -c 3000000 /dev/zero | tr '\\\\0' e >&2; head -c 2000000 /dev/zero | tr '\\\\0' o; exit 3"],
            timeout: 60)
        #expect(result.stderr.utf8.count == 3_000_000 && result.stdout.utf8.count == 2_000_000)
        #expect(result.termination == Termination(status: 3, bySignal: false))
    }

    @Test func inputDirectoryEnvironmentAndSignalsAreAShellsDefaults() throws {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "cat; pwd; echo \"$ONLY\"; ls /proc/self/fd | wc -l; grep SigIgn /proc/self/status"],
            environment: ["ONLY": "this"], directory: "/tmp", stdin: "typed\n")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // stdin, stdout, stderr and the descriptor ls opens for /proc/self/fd: nothing inherited.
        #expect(lines.prefix(4) == ["typed", "/tmp", "this", "4"], "\(lines)")
        // Signals 1–31 are not ignored (the test runner ignores SIGPIPE); 32 and up are glibc's.
        let ignored = lines.last.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(ignored.map { $0 & 0x7fff_ffff } == 0, "\(lines)")
        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.termination == Termination(status: SIGTERM, bySignal: true))
    }
}
