import SQLite

extension Diary {
    /// A private copy in memory of the diary at `path`, brought to the current schema: scripts
    /// can be checked against it (definitions stored, then rolled back) while the file itself
    /// is only ever opened read-only, so it is never written and never locked for writing. A
    /// missing diary copies as an empty one. What the language server analyses against.
    public static func scratchCopy(of path: String, busyTimeout: Int32 = busyTimeoutMilliseconds) throws(DiaryError)
        -> Diary
    {
        let original = try Diary(path: path, busyTimeout: busyTimeout, access: .readOnly)
        do {
            let copy = try original.database.transaction(immediate: false) { try original.database.copyToMemory() }
            try copy.execute("PRAGMA foreign_keys = ON")
            for migration in Schema.migrations[original.schemaVersion...] { try copy.execute(migration) }
            try copy.execute("PRAGMA user_version = \(Schema.version)")
            return Diary(path: path, access: .readWrite, database: copy, version: Schema.version)
        } catch let error as SQLiteError {
            throw DiaryError(error, path: path)
        } catch {
            throw DiaryError(kind: .other, path: path, message: "\(error)")
        }
    }
}
