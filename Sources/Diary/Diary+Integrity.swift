import FoodLogCore
import SQLite

extension Diary {
    /// The `meta` key holding the day `PRAGMA quick_check` last found the diary sound.
    static let lastIntegrityCheckKey = "last_quick_check"

    /// Runs `PRAGMA quick_check` unless it already ran on `day`, and refuses a damaged diary
    /// (nothing is written into it) with the ways out. Called under the write lock.
    static func checkIntegrity(_ database: Database, path: String, day: CalendarDate) throws {
        let select = try database.prepare("SELECT value FROM meta WHERE key = ?1")
        select.bind(.text(lastIntegrityCheckKey))
        let last = try select.step() ? select.text(0) : nil
        select.reset()
        if last == day.description { return }
        var problems: [String] = []
        do {
            try database.prepare("PRAGMA quick_check(5)").forEachRow { problems.append($0.text(0)) }
        } catch let error as SQLiteError where error.isCorrupt {
            problems.append(error.message)  // a page so damaged that the check itself stops
        }
        guard problems == ["ok"] else { throw DiaryError.damaged(path: path, problems: problems) }
        try recordIntegrityCheck(database, day: day)
    }

    /// Remembers that the diary was found sound (or created) on `day`.
    static func recordIntegrityCheck(_ database: Database, day: CalendarDate) throws {
        let upsert = try database.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)")
        upsert.bind(.text(lastIntegrityCheckKey), .text(day.description))
        try upsert.run()
    }
}

extension DiaryError {
    /// A diary `PRAGMA quick_check` found damaged.
    static func damaged(path: String, problems: [String]) -> DiaryError {
        let first =
            problems.isEmpty
            ? "" : ": " + problems.joined(separator: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
        return DiaryError(
            kind: .corrupt, path: path,
            message: """
                the diary \(path) is damaged (quick_check\(first)); nothing was written to it. Restore a backup, or save \
                what can still be read: 'foodlog export --meal --db \(path) > rescue.meal' (a period at a time if the whole \
                diary fails, e.g. 'foodlog export --meal 2025-01-01..2025-12-31'), then run it into a new diary
                """)
    }
}
