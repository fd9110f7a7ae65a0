import CSQLite

/// An error from SQLite, with its result code and message.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The database is locked by another writer (after the busy timeout).
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
    /// The disk or quota is full.
    public var isFull: Bool { code & 0xFF == SQLITE_FULL }
    /// The file is not a database or is damaged.
    public var isCorrupt: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }
    /// The file or directory cannot be opened or written.
    public var isAccess: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY || primary == SQLITE_PERM
            || primary == SQLITE_IOERR
    }
}

/// A connection to one SQLite database. Not thread-safe: use it from one thread at a time.
public final class Database {
    let handle: OpaquePointer
    private var cache: [String: Statement] = [:]

    /// Opens (and by default creates) a database file. `immutable` promises SQLite that nobody
    /// changes the file while it is open, so it reads without locks or a `-shm` file (for a
    /// read-only file in a read-only folder); it implies `readOnly`.
    public init(path: String, readOnly: Bool = false, create: Bool = true, immutable: Bool = false) throws(SQLiteError)
    {
        var pointer: OpaquePointer?
        var flags = readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create, !readOnly, !immutable { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_EXRESCODE
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Database.percentEncoded(path) + "?immutable=1"
        }
        let status = sqlite3_open_v2(name, &pointer, flags, nil)
        guard status == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let pointer { sqlite3_close_v2(pointer) }
            throw SQLiteError(code: status, message: message)
        }
        handle = pointer
    }

    /// `path` with the bytes a `file:` URI gives meaning to (`%`, `?`, `#`, and all but
    /// letters, digits and `/._-~`) written as `%XX`.
    static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2F, 0x2E, 0x5F, 0x2D, 0x7E:
                result.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// Opens an image of a database held in memory (never written), e.g. an embedded table.
    public init(readOnlyImage bytes: UnsafePointer<UInt8>, count: Int) throws(SQLiteError) {
        var pointer: OpaquePointer?
        let status = sqlite3_open_v2(":memory:", &pointer, SQLITE_OPEN_READWRITE, nil)
        guard status == SQLITE_OK, let pointer else {
            throw SQLiteError(code: status, message: "cannot open memory database")
        }
        handle = pointer
        let mutable = UnsafeMutablePointer(mutating: bytes)
        let result = sqlite3_deserialize(
            handle, "main", mutable, Int64(count), Int64(count),
            UInt32(SQLITE_DESERIALIZE_READONLY))
        guard result == SQLITE_OK else { throw error(result) }
    }

    /// A private copy of this database in memory (SQLite's online backup), which can be
    /// changed and rolled back without touching the file this connection reads.
    public func copyToMemory() throws(SQLiteError) -> Database {
        let copy = try Database(path: ":memory:")
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw copy.error(SQLITE_ERROR)
        }
        let status = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else {
            throw SQLiteError(code: status, message: String(cString: sqlite3_errstr(status)))
        }
        return copy
    }

    deinit {
        for statement in cache.values { statement.finalize() }
        sqlite3_close_v2(handle)
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs SQL without results (may hold several statements).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text)
        }
    }

    /// A prepared statement, cached by its SQL so repeated queries compile once.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        var pointer: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else { throw error(status) }
        let statement = Statement(pointer, database: self)
        cache[sql] = statement
        return statement
    }

    /// Sets how long a writer waits for another's lock before failing.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    public func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int(0) : 0
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last insert.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in a transaction, committing on success and rolling back on any thrown error.
    /// `immediate` (the default) takes the write lock at the start, so no other writer can come
    /// between what `body` reads and what it writes; otherwise it is a read transaction.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

/// A compiled SQL statement with typed binding and column access.
public final class Statement {
    let pointer: OpaquePointer
    unowned let database: Database
    private var finalized = false

    init(_ pointer: OpaquePointer, database: Database) {
        self.pointer = pointer
        self.database = database
    }

    func finalize() {
        if !finalized { sqlite3_finalize(pointer) }
        finalized = true
    }

    /// Resets the statement so it can run again (bindings cleared).
    public func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Binds values to `?1`, `?2`, … in order.
    @discardableResult
    public func bind(_ values: SQLiteValue...) -> Statement {
        bind(values)
    }

    @discardableResult
    public func bind(_ values: [SQLiteValue]) -> Statement {
        for (index, value) in values.enumerated() { bind(value, at: Int32(index + 1)) }
        return self
    }

    public func bind(_ value: SQLiteValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(pointer, index)
        case .integer(let number): sqlite3_bind_int64(pointer, index, number)
        case .real(let number): sqlite3_bind_double(pointer, index, number)
        case .text(let text):
            // With its length, so a NUL inside the text is stored rather than ending it.
            var text = text
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    sqlite3_bind_text(pointer, index, "", 0, csqlite_transient())
                    return
                }
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    _ = sqlite3_bind_text(pointer, index, $0, Int32(bytes.count), csqlite_transient())
                }
            }
        }
    }

    /// Steps once: true when a row is available.
    public func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(pointer)
        if status == SQLITE_ROW { return true }
        if status == SQLITE_DONE { return false }
        let error = database.error(status)
        sqlite3_reset(pointer)
        throw SQLiteError(code: sqlite3_extended_errcode(database.handle), message: error.message)
    }

    /// Runs to completion, ignoring rows, then resets for reuse.
    public func run() throws(SQLiteError) {
        defer { sqlite3_reset(pointer) }
        while try step() {}
    }

    /// Calls `body` for each row, then resets.
    public func forEachRow(_ body: (Statement) throws -> Void) throws {
        defer { sqlite3_reset(pointer) }
        while try step() { try body(self) }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }
    public func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

extension SQLiteValue {
    /// A text, or NULL for nil.
    public init(_ text: String?) {
        self = text.map { .text($0) } ?? .null
    }
}
