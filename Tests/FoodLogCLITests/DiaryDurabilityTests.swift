import Foundation
import Testing

/// Nothing lost: kills, locks, unwritable places, full disks and corrupt files.
@Suite(.serialized)
struct DiaryDurabilityTests {
    /// The binary built last: the release one (scripts/test builds it, and it keeps the kill
    /// test quick) unless the debug one is newer, so a stale release build is never tested.
    static var binary: String {
        let release = CLIPaths.root + "/.build/release/foodlog"
        func modified(_ path: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        guard let releaseDate = modified(release), let debugDate = modified(CLIPaths.binary) else {
            return CLIPaths.binary
        }
        return releaseDate >= debugDate ? release : CLIPaths.binary
    }

    static func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "foodlog-durability-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func environment(_ directory: String, extra: [String: String] = [:]) -> [String: String] {
        ["HOME": directory, "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"].merging(extra) {
            $1
        }
    }

    /// A script of `items` items, 12 a day in 4 lines, like the benchmark's.
    static func writeScript(_ path: String, items: Int) throws {
        let meals: [(String, [String])] = [
            ("breakfast", ["2 eggs", "200g rice", "a coffee"]), ("lunch", ["1 slice toast", "1 cup milk", "1 banana"]),
            ("dinner", ["150 g chicken breast", "1 cup broccoli", "1 medium apple"]),
            ("snack", ["30 g almonds", "1 cup yogurt", "1 orange"]),
        ]
        var text = ""
        text.reserveCapacity(items * 20)
        var written = 0
        var day = 0
        while written < items {
            text += Self.date(day) + "\n"
            for (meal, foods) in meals where written < items {
                let count = min(foods.count, items - written)
                text += "log " + foods.prefix(count).joined(separator: ", ") + " @" + meal + "\n"
                written += count
            }
            day += 1
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func date(_ offset: Int) -> String {
        let base = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
            year: 1800, month: 1, day: 1
        ).date!
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: base.addingTimeInterval(Double(offset) * 86_400))
    }

    /// Counts entries with the system's sqlite3 (if present) or by asking foodlog itself.
    static func entryCount(_ database: String) throws -> (count: Int, integrity: String) {
        let result = try runTool("/usr/bin/sqlite3", [database, "PRAGMA integrity_check; SELECT count(*) FROM entry;"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        return (Int(lines.last ?? "") ?? -1, lines.first ?? "")
    }

    static func runTool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> (stdout: String, stderr: String, status: Int32)
    {
        let result = try ChildProcess.run(path, arguments, environment: environment)
        return (result.stdout, result.stderr, result.status)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func killedRunsLeaveAllOrNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/million.meal"
        let items = 1_000_000
        try Self.writeScript(script, items: items)
        // Calibrate: how long does a whole run take here?
        let started = Date()
        let full = try Self.runTool(
            Self.binary, ["run", "--db", directory + "/calibrate.sqlite", script],
            environment: Self.environment(directory))
        #expect(full.status == 0, "\(full.stderr)")
        let duration = Date().timeIntervalSince(started)
        #expect(try Self.entryCount(directory + "/calibrate.sqlite").count == items)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [Int: Int] = [:]
        for attempt in 0..<20 {
            let database = directory + "/kill-\(attempt).sqlite"
            let nothing = try ScratchFile(holding: "")
            let process = try ChildProcess(
                Self.binary, ["run", "--db", database, script], environment: Self.environment(directory),
                standardInput: nothing.descriptor, standardOutput: nothing.descriptor, standardError: nothing.descriptor
            )
            let delay = Double.random(in: 0.02...(duration * 1.1), using: &generator)
            Thread.sleep(forTimeInterval: delay)
            process.send(SIGKILL)
            try process.wait()
            let (count, integrity) = try Self.entryCount(database)
            #expect(integrity == "ok" || count == -1, "attempt \(attempt): integrity \(integrity)")
            #expect(
                count == 0 || count == items || count == -1, "attempt \(attempt) after \(delay) s: \(count) entries")
            outcomes[count == items ? 1 : 0, default: 0] += 1
            // A diary the kill left behind still opens and takes new entries.
            let after = try Self.runTool(
                Self.binary, ["-e", "log 1 banana", "--db", database], environment: Self.environment(directory))
            #expect(after.status == 0, "attempt \(attempt): \(after.stderr)")
            try? FileManager.default.removeItem(atPath: database)
            try? FileManager.default.removeItem(atPath: database + "-wal")
            try? FileManager.default.removeItem(atPath: database + "-shm")
        }
        print(
            "kill test: \(outcomes[0] ?? 0) runs left nothing, \(outcomes[1] ?? 0) left everything (run takes \(duration) s)"
        )
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func lockedDiaryWaitsThenFailsClearly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        _ = try Self.runTool(
            Self.binary, ["-e", "log 1 banana", "--db", database], environment: Self.environment(directory))
        // Another writer holds the lock for 3 seconds.
        let holder = try SQLiteSession(
            database, running: "BEGIN IMMEDIATE; INSERT INTO origin(path) VALUES ('lock'); SELECT 1;\n")
        let started = Date()
        let blocked = try Self.runTool(
            Self.binary, ["-e", "log 2 eggs", "--db", database],
            environment: Self.environment(directory, extra: ["FOODLOG_BUSY_TIMEOUT_MS": "400"]))
        let waited = Date().timeIntervalSince(started)
        holder.end(with: "ROLLBACK;\n")
        #expect(blocked.status == 74)
        #expect(blocked.stderr.contains("is locked by another foodlog"), "\(blocked.stderr)")
        #expect(waited >= 0.35, "it should wait for the busy timeout, waited \(waited) s")
        #expect(try Self.entryCount(database).count == 1)
        // Once the lock is gone the same command works.
        let retried = try Self.runTool(
            Self.binary, ["-e", "log 2 eggs", "--db", database], environment: Self.environment(directory))
        #expect(retried.status == 0)
        #expect(try Self.entryCount(database).count == 2)
    }

    @Test func unwritablePlacesAndCorruptFilesExit74() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let corrupt = directory + "/corrupt.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: corrupt))
        let cases: [(String, String)] = [
            ("/proc/foodlog-test/diary.sqlite", "cannot create the diary's folder"),
            ("/dev/null/diary.sqlite", "is not a directory"),
            (corrupt, "is not a FoodLog diary or is damaged"),
            ("/dev/full", "is a device or special file"),
        ]
        for (path, message) in cases {
            let result = try Self.runTool(
                Self.binary, ["-e", "log 2 eggs", "--db", path], environment: Self.environment(directory))
            #expect(result.status == 74, "\(path): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(path) crashed")
        }
        // The corrupt file was not touched.
        #expect(try Data(contentsOf: URL(fileURLWithPath: corrupt)) == Data(repeating: 0x5A, count: 8192))
    }

    /// The file-size limit stands in for a disk that fills in the middle of a long run: the
    /// entry writer's error must end the run (exit 74) and leave the diary as it was.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aDiskThatFillsMidRunLeavesTheDiaryAsItWas() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let seeded = try Self.runTool(
            Self.binary, ["-e", "log 2 eggs", "--db", database], environment: Self.environment(directory))
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let script = directory + "/big.meal"
        try Self.writeScript(script, items: 60_000)
        // SIGXFSZ ignored: past the limit, write() fails with EFBIG as on a full disk.
        let result = try Self.runTool(
            "/bin/sh",
            [
                "-c", "trap '' XFSZ; ulimit -f 2048; exec \"$0\" run --db \"$1\" \"$2\"",
                Self.binary, database, script,
            ], environment: Self.environment(directory))
        #expect(result.status == 74, "\(result.status): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        let after = try Self.entryCount(database)
        #expect(after.integrity == "ok")
        #expect(after.count == 1)
    }
}

/// A `sqlite3` session on a diary, kept open while a test runs foodlog beside it (a writer
/// holding the lock, uncheckpointed changes in the `-wal` file).
final class SQLiteSession {
    let process: ChildProcess
    let input = Pipe()

    /// Starts `sqlite3 DATABASE`, sends `sql` and gives it half a second to take effect.
    init(_ database: String, running sql: String) throws {
        let output = try ScratchFile(holding: "")
        process = try ChildProcess(
            "/usr/bin/sqlite3", [database], standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.descriptor, standardError: FileHandle.standardError.fileDescriptor)
        try input.fileHandleForReading.close()
        input.fileHandleForWriting.write(sql.data(using: .utf8)!)
        Thread.sleep(forTimeInterval: 0.5)
    }

    /// Sends `sql`, then `.quit`, and waits for sqlite3 to end.
    func end(with sql: String = "") {
        input.fileHandleForWriting.write((sql + ".quit\n").data(using: .utf8)!)
        try? input.fileHandleForWriting.close()
        _ = try? process.wait(timeout: 60)
    }
}
