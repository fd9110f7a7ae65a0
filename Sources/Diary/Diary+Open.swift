import FoodLogCore
import Glibc
import SQLite

extension Diary {
    /// How a command uses the diary.
    public enum Access: Sendable {
        /// Creates and migrates the diary; ``Diary/begin()`` takes the write lock.
        case readWrite
        /// Only reads (show, chart, top, report, export, status, check of a period): opens the
        /// file read-only and uses read transactions, so a running import never blocks it.
        case readOnly
    }

    /// FoodLog's `PRAGMA application_id`, the bytes "FLog" (0x464C6F67 = 1179414375), set when
    /// a diary is created. A file with another id is refused.
    public static let applicationID: Int32 = 0x464C_6F67

    /// The tables every FoodLog diary has had since schema 1 (how a diary from before the
    /// application id is recognised).
    static let coreTables = ["origin", "food_snapshot", "log_group", "entry"]

    /// What the file holds before anything is changed.
    struct Identity {
        var applicationID: Int32
        var version: Int
        var objects: Int
        var hasCoreTables: Bool

        /// An empty database: nothing written yet.
        var isFresh: Bool { objects == 0 && version == 0 }
    }

    /// Opens the SQLite file for `access`, checks it is a FoodLog diary of a known schema and
    /// (writing) brings it to the current schema. Returns the connection and its schema version.
    static func openDatabase(
        path: String, access: Access, busyTimeout: Int32,
        integrityCheckDay: CalendarDate?
    ) throws -> (database: Database, version: Int) {
        if path == ":memory:" { return (try createInMemory(), Schema.version) }
        let exists = try checkFileKind(path)
        if access == .readOnly {
            // Nothing to read: an empty diary, without creating a file.
            guard exists, fileSize(path) > 0 else { return (try createInMemory(), Schema.version) }
            return try openForReading(path: path, busyTimeout: busyTimeout)
        }
        if !exists { try makeDirectory(for: path) }
        let database = try Database(path: path)
        database.setBusyTimeout(milliseconds: busyTimeout)
        try database.execute("PRAGMA foreign_keys = ON")
        let version = try database.transaction(immediate: true) {
            // Under the write lock: a process that created the diary a moment ago is seen here.
            let identity = try identify(database)
            try check(identity, path: path, access: .readWrite)
            if identity.isFresh {
                for migration in Schema.migrations { try database.execute(migration) }
                try database.execute("PRAGMA user_version = \(Schema.version)")
                if let integrityCheckDay { try recordIntegrityCheck(database, day: integrityCheckDay) }
            } else {
                for migration in Schema.migrations[identity.version...] { try database.execute(migration) }
                if identity.version < Schema.version { try database.execute("PRAGMA user_version = \(Schema.version)") }
                if let integrityCheckDay { try checkIntegrity(database, path: path, day: integrityCheckDay) }
            }
            if identity.applicationID != applicationID {
                try database.execute("PRAGMA application_id = \(applicationID)")
            }
            return Schema.version
        }
        // Switching a new file to WAL needs it alone for a moment; a process creating the same
        // diary at the same time may hold it, and SQLite does not always wait for that.
        try retryWhileBusy(milliseconds: busyTimeout) { try database.execute("PRAGMA journal_mode = WAL") }
        try database.execute("PRAGMA synchronous = NORMAL")
        try database.execute("PRAGMA cache_size = -65536")  // up to 64 MiB: a big run keeps its pages in memory
        return (database, version)
    }

    /// Runs `body`, again every 10 ms while SQLite answers busy, for at most `milliseconds`.
    static func retryWhileBusy(milliseconds: Int32, _ body: () throws -> Void) throws {
        var waited: Int32 = 0
        while true {
            do {
                return try body()
            } catch {
                guard (error as? SQLiteError)?.isBusy == true, waited < milliseconds else { throw error }
                usleep(10_000)
                waited += 10
            }
        }
    }

    /// A read-only connection. When SQLite cannot read the WAL file read-only (a read-only
    /// folder without the diary's `-shm` file), the file is read as immutable: in such a
    /// folder no one can be writing it. Not when a `-wal` file holds pages: an immutable read
    /// would not see them, so then the error stands.
    static func openForReading(path: String, busyTimeout: Int32) throws -> (database: Database, version: Int) {
        func attempt(immutable: Bool) throws -> (database: Database, version: Int) {
            let database = try Database(path: path, readOnly: true, immutable: immutable)
            database.setBusyTimeout(milliseconds: busyTimeout)
            let identity = try database.transaction(immediate: false) { try identify(database) }
            try check(identity, path: path, access: .readOnly)
            return (database, identity.version)
        }
        do {
            return try attempt(immutable: false)
        } catch let error as SQLiteError where error.isAccess {
            guard fileSize(path + "-wal") == 0 else {
                throw DiaryError(
                    kind: .access, path: path,
                    message: """
                        cannot read the diary \(path): \(error.message); its -wal file holds changes that SQLite cannot read \
                        in a folder it may not write (make the folder writable, or copy the diary with its -wal file to one that is)
                        """)
            }
            return try attempt(immutable: true)
        }
    }

    /// A new diary in memory (`:memory:`, or what reading a missing diary sees).
    static func createInMemory() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("PRAGMA foreign_keys = ON")
        for migration in Schema.migrations { try database.execute(migration) }
        try database.execute("PRAGMA user_version = \(Schema.version); PRAGMA application_id = \(applicationID)")
        return database
    }

    static func identify(_ database: Database) throws -> Identity {
        let names = coreTables.map { "'\($0)'" }.joined(separator: ", ")
        return Identity(
            applicationID: Int32(truncatingIfNeeded: try database.integer("PRAGMA application_id")),
            version: Int(try database.integer("PRAGMA user_version")),
            objects: Int(try database.integer("SELECT count(*) FROM sqlite_master")),
            hasCoreTables: try database.integer(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (\(names))")
                == coreTables.count)
    }

    /// Refuses another program's database and any schema version this build does not know.
    static func check(_ identity: Identity, path: String, access: Access) throws(DiaryError) {
        let way = "choose another file with --db or FOODLOG_DB"
        if identity.applicationID != 0, identity.applicationID != applicationID {
            let id = String(UInt32(bitPattern: identity.applicationID), radix: 16)
            throw DiaryError(
                kind: .notADiary, path: path,
                message:
                    "\(path) is not a FoodLog diary (its application_id is 0x\(id), FoodLog's is 0x464c6f67); \(way)")
        }
        if identity.applicationID == 0, identity.objects > 0, !identity.hasCoreTables {
            throw DiaryError(
                kind: .notADiary, path: path,
                message: "\(path) is not a FoodLog diary (it is another program's SQLite database); \(way)")
        }
        if identity.version > Schema.version {
            throw DiaryError(
                kind: .tooNew, path: path,
                message:
                    "\(path) was written by a newer foodlog (schema \(identity.version), this one knows 1 to \(Schema.version)); update foodlog"
            )
        }
        if identity.isFresh { return }
        if identity.version < 1 || !identity.hasCoreTables {
            let what = identity.hasCoreTables ? "its tables are there" : "FoodLog's tables are missing"
            throw DiaryError(
                kind: .badVersion, path: path,
                message:
                    "\(path) has schema version \(identity.version), which no foodlog writes (it knows 1 to \(Schema.version)), and \(what): it was changed by another program or is damaged; restore a backup, or save what can be read with 'foodlog export --meal'"
            )
        }
    }

    /// Refuses a path that names something other than a regular file (a directory, a device,
    /// a pipe, standard output); returns whether the file exists.
    static func checkFileKind(_ path: String) throws(DiaryError) -> Bool {
        let streams = ["/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty"]
        if streams.contains(path) || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/") {
            throw DiaryError(
                kind: .access, path: path,
                message: "cannot use \(path) as the diary: it is a stream, not a file; \(pathHelp)")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return true
        case S_IFDIR:
            throw DiaryError(
                kind: .access, path: path, message: "cannot use \(path) as the diary: it is a directory; \(pathHelp)")
        default:
            throw DiaryError(
                kind: .access, path: path,
                message:
                    "cannot use \(path) as the diary: it is a device or special file, not a regular file; \(pathHelp)")
        }
    }

    static let pathHelp = "give a file path with --db or FOODLOG_DB"

    /// The size of the file at `path` in bytes (0 when there is none).
    static func fileSize(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Int(status.st_size)
    }
}
