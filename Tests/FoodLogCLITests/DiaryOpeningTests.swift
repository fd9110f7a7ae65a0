import Foundation
import Testing

/// Opening the diary: concurrent creation, readers beside a writer, read-only files, files
/// that are not FoodLog diaries, unknown schema versions, paths that are no files, damage.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
struct DiaryOpeningTests {
    typealias Tools = DiaryDurabilityTests

    static func foodlog(_ arguments: [String], _ directory: String, extra: [String: String] = [:]) throws
        -> (stdout: String, stderr: String, status: Int32)
    {
        try Tools.runTool(Tools.binary, arguments, environment: Tools.environment(directory, extra: extra))
    }

    static func sqlite(_ database: String, _ sql: String) throws -> String {
        try Tools.runTool("/usr/bin/sqlite3", [database, sql]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func concurrentFirstRunsOnANewDiaryAllSucceed() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let racers = 4
        for trial in 0..<8 {
            let database = directory + "/race-\(trial)/diary.sqlite"
            let processes = try (0..<racers).map { index -> (ChildProcess, ScratchFile) in
                let nothing = try ScratchFile(holding: "")
                let output = try ScratchFile(holding: "")
                // A generous wait: the suite's other tests may load the machine; what is tested
                // is that every racer succeeds, not how fast.
                let process = try ChildProcess(
                    Tools.binary, ["-e", "log \(index + 1) eggs", "--db", database],
                    environment: Tools.environment(directory, extra: ["FOODLOG_BUSY_TIMEOUT_MS": "30000"]),
                    standardInput: nothing.descriptor, standardOutput: output.descriptor,
                    standardError: output.descriptor)
                return (process, output)
            }
            for (process, output) in processes {
                let status = try process.wait().status
                #expect(status == 0, "trial \(trial): \(output.contents())")
            }
            #expect(try Self.sqlite(database, "SELECT count(*) FROM entry") == "\(racers)", "trial \(trial)")
            #expect(try Self.sqlite(database, "PRAGMA application_id") == "1179414375")
        }
    }

    @Test func readCommandsRunBesideAWriterThatHoldsTheLock() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        #expect(try Self.foodlog(["-e", "log 2 eggs", "--db", database], directory).status == 0)
        let holder = try SQLiteSession(
            database, running: "BEGIN IMMEDIATE; INSERT INTO origin(path) VALUES ('writer'); SELECT 1;\n")
        defer { holder.end(with: "ROLLBACK;\n") }
        let reads: [[String]] = [
            ["show"], ["show", "all", "by", "food"], ["chart", "kcal"], ["top", "foods", "all"],
            ["export", "--meal"], ["export", "--csv"], ["check", "--plan", "keto", "today"],
            ["report", "--html", directory + "/r.html", "all"], ["status"], ["resolve", "2 eggs"],
            ["info", "egg"],
        ]
        for command in reads {
            let started = Date()
            let result = try Self.foodlog(
                command + ["--db", database], directory, extra: ["FOODLOG_BUSY_TIMEOUT_MS": "3000"])
            let waited = Date().timeIntervalSince(started)
            #expect(result.status == 0 || result.status == 1, "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("locked"), "\(command): \(result.stderr)")
            #expect(waited < 2, "\(command) waited \(waited) s for the writer")
        }
        // A writer still waits for the lock, and says so.
        let write = try Self.foodlog(
            ["-e", "log 1 egg", "--db", database], directory, extra: ["FOODLOG_BUSY_TIMEOUT_MS": "300"])
        #expect(write.status == 74)
        #expect(write.stderr.contains("is locked by another foodlog"))
    }

    /// Runs foodlog as `nobody` when the tests run as root (root may write a read-only file).
    static func foodlogWithoutPrivileges(_ arguments: [String], _ directory: String) throws
        -> (stdout: String, stderr: String, status: Int32)
    {
        guard getuid() == 0 else { return try foodlog(arguments, directory) }
        return try Tools.runTool(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Tools.binary] + arguments,
            environment: Tools.environment(directory))
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aReadOnlyDiaryCanBeShownAndExportedButNotWritten() throws {
        let directory = try Tools.temporaryDirectory()
        defer {
            chmod(directory + "/locked", 0o755)
            chmod(directory + "/copy", 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        chmod(directory, 0o755)
        let folder = directory + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/diary.sqlite"
        #expect(try Self.foodlog(["-e", "log 2 eggs @breakfast", "--db", database], directory).status == 0)
        chmod(database, 0o444)
        for folderMode: mode_t in [0o755, 0o555] {
            chmod(folder, folderMode)
            let shown = try Self.foodlogWithoutPrivileges(["show", "--db", database], directory)
            #expect(shown.status == 0, "folder \(String(folderMode, radix: 8)): \(shown.stderr)")
            #expect(shown.stdout.contains("breakfast"))
            let exported = try Self.foodlogWithoutPrivileges(["export", "--meal", "--db", database], directory)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.contains("log 2 eggs @breakfast"))
            let written = try Self.foodlogWithoutPrivileges(["-e", "log 1 egg", "--db", database], directory)
            #expect(written.status == 74, "\(written.stderr)")
            #expect(written.stderr.contains("readonly") || written.stderr.contains("cannot"), "\(written.stderr)")
        }
        chmod(folder, 0o755)
        #expect(try Self.sqlite(database, "SELECT count(*) FROM entry") == "1")
        // A -wal file with changes in a read-only folder without -shm: an error, not stale data.
        let copy = directory + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let holder = try SQLiteSession(
            database, running: "PRAGMA wal_autocheckpoint = 0; INSERT INTO origin(path) VALUES ('w'); SELECT 1;\n")
        try FileManager.default.copyItem(atPath: database, toPath: copy + "/diary.sqlite")
        try FileManager.default.copyItem(atPath: database + "-wal", toPath: copy + "/diary.sqlite-wal")
        holder.end()
        chmod(copy, 0o555)
        defer { chmod(copy, 0o755) }
        let stale = try Self.foodlogWithoutPrivileges(["show", "--db", copy + "/diary.sqlite"], directory)
        #expect(stale.status == 74, "\(stale.stderr)")
        #expect(stale.stderr.contains("its -wal file holds changes"), "\(stale.stderr)")
    }

    @Test func aReadCommandCreatesNoDiary() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/new/diary.sqlite"
        let shown = try Self.foodlog(["show", "--db", database], directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try Self.foodlog(["export", "--csv", "--db", database], directory).status == 0)
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let other = directory + "/other.sqlite"
        _ = try Self.sqlite(other, "CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine')")
        let marked = directory + "/marked.sqlite"
        _ = try Self.sqlite(marked, "PRAGMA application_id = 1234; CREATE TABLE t(x)")
        for (path, message) in [
            (other, "it is another program's SQLite database"), (marked, "its application_id is 0x4d2"),
        ] {
            for command in [["show"], ["-e", "log 2 eggs"], ["export", "--meal"]] {
                let result = try Self.foodlog(command + ["--db", path], directory)
                #expect(result.status == 74, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("is not a FoodLog diary (" + message), "\(result.stderr)")
            }
        }
        #expect(try Self.sqlite(other, "SELECT group_concat(name) FROM sqlite_master") == "notes")
        #expect(try Self.sqlite(marked, "SELECT group_concat(name) FROM sqlite_master") == "t")
    }

    @Test func aDiaryFromBeforeTheApplicationIDStillOpensAndIsMarkedOnWrite() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/old.sqlite"
        #expect(try Self.foodlog(["-e", "log 2 eggs", "--db", database], directory).status == 0)
        // What schema 1 looked like: no id, no meta table, no target scopes.
        _ = try Self.sqlite(
            database,
            "PRAGMA application_id = 0; PRAGMA user_version = 1; DROP TABLE meta; ALTER TABLE target DROP COLUMN scope")
        let shown = try Self.foodlog(["show", "--db", database], directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(try Self.sqlite(database, "PRAGMA application_id") == "0", "reading changes nothing")
        #expect(try Self.foodlog(["-e", "log 1 egg", "--db", database], directory).status == 0)
        #expect(try Self.sqlite(database, "PRAGMA application_id; PRAGMA user_version") == "1179414375\n3")
    }

    @Test func aDiaryFromBeforeTargetScopesKeepsItsTargetsAsDailyOnes() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/v2.sqlite"
        let script = "2026-11-30\ntarget 2000 kcal, 150 g protein\ntarget 2200 kcal from 2026-12-03\nlog 2 eggs"
        #expect(try Self.foodlog(["-e", script, "--db", database], directory).status == 0)
        // What schema 2 looked like: a target table without the scope column.
        _ = try Self.sqlite(database, "ALTER TABLE target DROP COLUMN scope; PRAGMA user_version = 2")
        // Read without migrating: the old targets are daily ones, and the file is unchanged.
        let shown = try Self.foodlog(["show", "2026-12-05", "--db", database], directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("kcal               0 /     2,200"), "\(shown.stdout)")
        #expect(try Self.sqlite(database, "PRAGMA user_version") == "2", "reading changes nothing")
        // The first write migrates: every old target is kept, as a daily one.
        let weekly = try Self.foodlog(
            ["-e", "target 14000 kcal per week from 2026-11-30", "--db", database], directory)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        #expect(try Self.sqlite(database, "PRAGMA user_version") == "3")
        #expect(
            try Self.sqlite(database, "SELECT from_day, nutrient, value, scope FROM target ORDER BY id")
                == """
                2026-11-30|kcal|2000.0|day
                2026-11-30|protein|150.0|day
                2026-12-03|kcal|2200.0|day
                2026-11-30|kcal|14000.0|week
                """)
        let exported = try Self.foodlog(["export", "--meal", "--db", database], directory)
        #expect(exported.stdout.contains("target 2000 kcal, 150 g protein from 2026-11-30\n"), "\(exported.stdout)")
        #expect(exported.stdout.contains("target 14000 kcal per week from 2026-11-30\n"), "\(exported.stdout)")
    }

    @Test(arguments: [-1, 0, 4, 2_147_483_647, -2_147_483_648])
    func aSchemaVersionOutsideTheKnownRangeIsAClearError(version: Int) throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        #expect(try Self.foodlog(["-e", "log 2 eggs", "--db", database], directory).status == 0)
        _ = try Self.sqlite(database, "PRAGMA user_version = \(version)")
        for command in [["show"], ["-e", "log 2 eggs"], ["status"]] {
            let result = try Self.foodlog(command + ["--db", database], directory)
            #expect(result.status == (command == ["status"] ? 70 : 74), "\(command): \(result.status) \(result.stderr)")
            let text = result.stderr + result.stdout
            #expect(
                text.contains(
                    version > 3
                        ? "written by a newer foodlog (schema \(version)"
                        : "has schema version \(version), which no foodlog writes"),
                "\(text)")
        }
        #expect(try Self.sqlite(database, "SELECT count(*) FROM entry") == "1")
    }

    @Test(arguments: ["/dev/stdout", "/dev/null", "/dev/full", "/tmp"])
    func aPathThatIsNoFileIsAClearError(path: String) throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for command in [["show"], ["-e", "log 2 eggs"]] {
            let result = try Self.foodlog(command + ["--db", path], directory)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot use \(path) as the diary: it is a"), "\(result.stderr)")
        }
    }

    @Test func aDamagedDiaryIsNotWrittenInto() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let script = directory + "/year.meal"
        try Tools.writeScript(script, items: 4_000)
        #expect(try Self.foodlog(["run", script, "--db", database], directory).status == 0)
        _ = try Self.sqlite(database, "PRAGMA wal_checkpoint(TRUNCATE)")
        let pages = Int(try Self.sqlite(database, "PRAGMA page_count")) ?? 0
        #expect(pages > 20)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: database))
        try handle.seek(toOffset: UInt64(4096 * (pages / 2)))
        handle.write(Data(repeating: 0xFF, count: 4096))
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: database))
        // The check already ran today (when the diary was made); the next day it runs again.
        let result = try Self.foodlog(
            ["-e", "log 2 eggs", "--db", database], directory, extra: ["FOODLOG_TODAY": "2026-11-30"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("is damaged (quick_check"), "\(result.stderr)")
        #expect(result.stderr.contains("foodlog export --meal") && result.stderr.contains("Restore a backup"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == damaged)
        // A sound diary checked on a new day is written as usual.
        let sound = directory + "/sound.sqlite"
        #expect(try Self.foodlog(["-e", "log 2 eggs", "--db", sound], directory).status == 0)
        #expect(
            try Self.foodlog(["-e", "log 2 eggs", "--db", sound], directory, extra: ["FOODLOG_TODAY": "2026-11-30"])
                .status == 0)
        #expect(try Self.sqlite(sound, "SELECT value FROM meta WHERE key = 'last_quick_check'") == "2026-11-30")
    }
}
