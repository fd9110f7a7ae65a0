import FoodLogCore
import Glibc
import Nutrition
import SQLite

/// A food frozen at log time: what an entry refers to, so history never drifts when a food is
/// redefined. Identical snapshots are stored once.
public struct FoodSnapshot: Equatable, Sendable {
    public var foodID: String
    public var name: String
    public var group: String
    /// `custom`, `recipe`, `meal`, `database`, `estimate`.
    public var source: String
    public var tags: [String]
    public var estimateReason: String?
    public var per100g: Nutrients

    public init(
        foodID: String, name: String, group: String, source: String, tags: [String], estimateReason: String?,
        per100g: Nutrients
    ) {
        self.foodID = foodID
        self.name = name
        self.group = group
        self.source = source
        self.tags = tags
        self.estimateReason = estimateReason
        self.per100g = per100g
    }

    var fingerprint: String {
        ([foodID, name, group, source, tags.joined(separator: " "), estimateReason ?? ""]
            + per100g.values.map { $0.isNaN ? "" : String($0) }).joined(separator: "\u{1F}")
    }
}

/// One logged item as stored.
public struct Entry: Sendable {
    public var day: CalendarDate
    public var time: String?
    public var meal: String?
    public var text: String
    public var quantity: Double
    public var unit: String?
    public var grams: Double
    public var note: String?
    public var food: FoodSnapshot
    /// The diary's id of `food` (entries of the same food share it).
    public var snapshotID: Int64
    /// The statement group it was logged in (for undo).
    public var group: Int64
    /// The diary's id of this entry (the order entries were logged in).
    public var id: Int64 = 0
    /// What wrote it: an ``Diary/origin(_:)`` id (``Diary/originPaths()`` names them).
    public var originID: Int64 = 0

    /// Nutrients of this entry's amount.
    public var nutrients: Nutrients { food.per100g.scaled(by: grams / 100) }
}

extension Sequence where Element == Entry {
    /// The entries' nutrients summed (without building each entry's own ``Entry/nutrients``).
    public var totalNutrients: Nutrients {
        reduce(into: Nutrients()) { $0.add($1.food.per100g, times: $1.grams / 100) }
    }
}

/// A food of the user's library as stored: custom food, recipe or saved meal.
public struct StoredFood: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case custom, recipe, meal }
    public var kind: Kind
    public var name: String
    public var per100g: Nutrients
    public var portions: [FoodPortion]
    public var tags: [String]
    /// The statement that defined it, for `foodlog library`.
    public var definition: String

    public init(
        kind: Kind, name: String, per100g: Nutrients, portions: [FoodPortion], tags: [String], definition: String
    ) {
        self.kind = kind
        self.name = name
        self.per100g = per100g
        self.portions = portions
        self.tags = tags
        self.definition = definition
    }
}

/// The user's diary: a SQLite database with entries, the library, targets, weights and plans.
///
/// Invariants: every write happens inside a transaction the caller opened with ``begin()`` and
/// ends with ``commit()`` or ``rollback()``, so a script writes all of its work or none of it.
/// WAL journal (readers run beside a writer), foreign keys on, a busy timeout for concurrent
/// writers, a schema versioned with `PRAGMA user_version` and marked as FoodLog's with
/// `PRAGMA application_id` (``applicationID``). All statements are prepared and parameterised.
/// Opening is in `Diary+Open.swift`.
///
/// One diary is used from one thread.
public final class Diary {
    public let path: String
    /// Whether this diary may write (``Access``).
    public let access: Access
    let database: Database
    /// The schema version of the open diary (older diaries opened read-only keep theirs).
    public internal(set) var schemaVersion: Int
    private var snapshotIDs: [String: Int64] = [:]
    private var insertEntryStatement: SQLite.Statement?
    private var newGroupStatement: SQLite.Statement?
    public static let busyTimeoutMilliseconds: Int32 = 5000

    /// `--db PATH`, else `FOODLOG_DB`, else `$XDG_DATA_HOME/foodlog/diary.sqlite`
    /// (`~/.local/share/foodlog/diary.sqlite`).
    public static func defaultPath(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["FOODLOG_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/foodlog/diary.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/foodlog/diary.sqlite"
    }

    /// Opens the diary at `path`.
    ///
    /// `.readWrite` creates it (and its directory) on first use and migrates it, under the
    /// write lock, so processes opening a new diary at the same time cannot collide; a writer
    /// waits up to `busyTimeout` milliseconds for another's lock. With `integrityCheckDay`,
    /// `PRAGMA quick_check` runs when it has not run on that day yet, and a damaged diary is
    /// refused. `.readOnly` never locks out a writer or changes the file: a missing diary reads
    /// as an empty one, and a read-only file (or folder) can still be read.
    public init(
        path: String, busyTimeout: Int32 = Diary.busyTimeoutMilliseconds, access: Access = .readWrite,
        integrityCheckDay: CalendarDate? = nil
    ) throws(DiaryError) {
        self.path = path
        self.access = access
        do {
            let opened = try Diary.openDatabase(
                path: path, access: access, busyTimeout: busyTimeout,
                integrityCheckDay: integrityCheckDay)
            database = opened.database
            schemaVersion = opened.version
        } catch let error as DiaryError {
            throw error
        } catch let error as SQLiteError {
            throw DiaryError(error, path: path)
        } catch {
            throw DiaryError(kind: .other, path: path, message: "\(error)")
        }
    }

    /// Wraps an open connection (a scratch copy made by ``scratchCopy(of:busyTimeout:)``).
    init(path: String, access: Access, database: Database, version: Int) {
        self.path = path
        self.access = access
        self.database = database
        schemaVersion = version
    }

    /// Creates missing parent directories, with a clear error when that is impossible.
    static func makeDirectory(for path: String) throws(DiaryError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        var built = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: false) {
            built += (built.isEmpty && directory.hasPrefix("/") ? "" : (built.isEmpty ? "" : "/")) + part
            if part.isEmpty {
                built = "/"
                continue
            }
            var status = stat()
            if stat(built, &status) == 0 {
                if (status.st_mode & S_IFMT) != S_IFDIR {
                    throw DiaryError(
                        kind: .access, path: path,
                        message: "cannot create the diary \(path): \(built) is not a directory")
                }
                continue
            }
            if mkdir(built, 0o755) != 0, errno != EEXIST {
                throw DiaryError(
                    kind: .access, path: path,
                    message: "cannot create the diary's folder \(built): \(String(cString: strerror(errno)))")
            }
        }
    }

    // MARK: - Transactions

    /// Starts the one transaction a run writes in (waits up to the busy timeout for the lock);
    /// a read-only diary starts a read transaction instead, which never waits for a writer.
    public func begin() throws(DiaryError) {
        try run { try database.execute(access == .readWrite ? "BEGIN IMMEDIATE" : "BEGIN") }
    }
    public func commit() throws(DiaryError) { try run { try database.execute("COMMIT") } }
    /// Ends the transaction without keeping anything (never fails: there may be none open).
    public func rollback() {
        try? database.execute("ROLLBACK")
        snapshotIDs.removeAll()
    }

    /// Runs SQL work, turning SQLite errors into diary errors.
    func run<T>(_ body: () throws -> T) throws(DiaryError) -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw DiaryError(error, path: path)
        } catch let error as DiaryError {
            throw error
        } catch {
            throw DiaryError(kind: .other, path: path, message: "\(error)")
        }
    }

    // MARK: - Origins and entries

    /// The id of a script path (or `<repl>`, `<-e>`), created on first use. A read-only diary
    /// creates nothing: an origin it has not seen is 0.
    public func origin(_ path: String) throws(DiaryError) -> Int64 {
        try run {
            if access == .readWrite {
                let insert = try database.prepare("INSERT INTO origin(path) VALUES (?1) ON CONFLICT(path) DO NOTHING")
                insert.bind(.text(path))
                try insert.run()
            }
            let select = try database.prepare("SELECT id FROM origin WHERE path = ?1")
            select.bind(.text(path))
            let id = try select.step() ? select.int(0) : 0
            select.reset()
            return id
        }
    }

    /// The origins of what was typed rather than run from a file or imported: the REPL, `-e`,
    /// one-line commands and standard input (their paths are written `<repl>`, `<-e>`, …).
    public func typedOrigins() throws(DiaryError) -> [Int64] {
        try run {
            let select = try database.prepare("SELECT id FROM origin WHERE path LIKE '<%' ORDER BY id")
            var ids: [Int64] = []
            try select.forEachRow { ids.append($0.int(0)) }
            return ids
        }
    }

    /// Removes what a script wrote before (entries, targets, weights, plan choices); returns
    /// the number of entries removed.
    @discardableResult
    public func clearOrigin(_ origin: Int64) throws(DiaryError) -> Int {
        try run {
            let delete = try database.prepare("DELETE FROM entry WHERE origin_id = ?1")
            delete.bind(.integer(origin))
            try delete.run()
            let removed = database.changes
            for table in ["log_group", "target", "weight", "plan_choice"] {
                let statement = try database.prepare("DELETE FROM \(table) WHERE origin_id = ?1")
                statement.bind(.integer(origin))
                try statement.run()
            }
            return removed
        }
    }

    /// A new statement group (one `log` line) for undo.
    public func newGroup(origin: Int64, text: String) throws(DiaryError) -> Int64 {
        try run {
            if newGroupStatement == nil {
                newGroupStatement = try database.prepare("INSERT INTO log_group(origin_id, text) VALUES (?1, ?2)")
            }
            let insert = newGroupStatement!
            insert.bind(.integer(origin), at: 1)
            insert.bind(.text(text), at: 2)
            try insert.run()
            return database.lastInsertRowID
        }
    }

    /// The id of an identical stored snapshot, or of a new one.
    public func snapshotID(_ snapshot: FoodSnapshot) throws(DiaryError) -> Int64 {
        let fingerprint = snapshot.fingerprint
        return try run {
            if let id = snapshotIDs[fingerprint] { return id }
            let select = try database.prepare("SELECT id FROM food_snapshot WHERE fingerprint = ?1")
            select.bind(.text(fingerprint))
            if try select.step() {
                let id = select.int(0)
                select.reset()
                snapshotIDs[fingerprint] = id
                return id
            }
            let columns = Nutrient.all.map(\.key).joined(separator: ", ")
            let placeholders = (0..<Nutrient.all.count).map { "?\($0 + 8)" }.joined(separator: ", ")
            let insert = try database.prepare(
                """
                INSERT INTO food_snapshot(fingerprint, food_id, name, food_group, source, tags, estimate_reason, \(columns))
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, \(placeholders))
                """)
            insert.bind(
                [
                    .text(fingerprint), .text(snapshot.foodID), .text(snapshot.name), .text(snapshot.group),
                    .text(snapshot.source), .text(snapshot.tags.joined(separator: " ")),
                    snapshot.estimateReason.map(SQLiteValue.text) ?? .null,
                ]
                    + snapshot.per100g.values.map { $0.isNaN ? SQLiteValue.null : .real($0) })
            try insert.run()
            snapshotIDs[fingerprint] = database.lastInsertRowID
            return database.lastInsertRowID
        }
    }

    /// Stores one entry.
    public func insertEntry(
        group: Int64, origin: Int64, day: CalendarDate, time: String?, meal: String?, text: String,
        quantity: Double, unit: String?, grams: Double, snapshot: Int64, note: String?
    ) throws(DiaryError) {
        try run {
            if insertEntryStatement == nil {
                insertEntryStatement = try database.prepare(
                    """
                    INSERT INTO entry(group_id, origin_id, day, time, meal, text, quantity, unit, grams, snapshot_id, note)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                    """)
            }
            let insert = insertEntryStatement!
            insert.bind(.integer(group), at: 1)
            insert.bind(.integer(origin), at: 2)
            insert.bind(.real(quantity), at: 7)
            insert.bind(.real(grams), at: 9)
            insert.bind(.integer(snapshot), at: 10)
            insert.bind(.text(day.description), at: 3)
            insert.bind(SQLiteValue(time), at: 4)
            insert.bind(SQLiteValue(meal), at: 5)
            insert.bind(.text(text), at: 6)
            insert.bind(SQLiteValue(unit), at: 8)
            insert.bind(SQLiteValue(note), at: 11)
            try insert.run()
        }
    }

    /// Removes the most recent statement group of one of `origins` that still has entries;
    /// returns its text and how many entries went. Other origins' entries are never touched.
    public func undoLastGroup(from origins: [Int64]) throws(DiaryError) -> (text: String, count: Int)? {
        guard !origins.isEmpty else { return nil }
        return try run {
            let list = origins.map(String.init).joined(separator: ", ")
            let select = try database.prepare(
                """
                SELECT g.id, g.text FROM log_group g
                WHERE g.origin_id IN (\(list)) AND EXISTS (SELECT 1 FROM entry e WHERE e.group_id = g.id)
                ORDER BY g.id DESC LIMIT 1
                """)
            guard try select.step() else { return nil }
            let id = select.int(0)
            let text = select.text(1)
            select.reset()
            let delete = try database.prepare("DELETE FROM entry WHERE group_id = ?1")
            delete.bind(.integer(id))
            try delete.run()
            let count = database.changes
            let deleteGroup = try database.prepare("DELETE FROM log_group WHERE id = ?1")
            deleteGroup.bind(.integer(id))
            try deleteGroup.run()
            return (text, count)
        }
    }

    /// Entries from `first` to `last` inclusive, in logging order.
    public func entries(from first: CalendarDate, to last: CalendarDate) throws(DiaryError) -> [Entry] {
        var result: [Entry] = []
        try forEachEntry(from: first, to: last) { result.append($0) }
        return result
    }

    /// Calls `body` with each entry from `first` to `last` inclusive, in logging order, one row
    /// at a time (an export of a million entries holds one entry, not a million).
    ///
    /// Each distinct food snapshot is read once, when its first entry comes, and shared by its
    /// entries (a year of entries names a few hundred foods); a day's text is parsed once per
    /// run of equal days.
    public func forEachEntry(
        from first: CalendarDate, to last: CalendarDate,
        _ body: (consuming Entry) throws -> Void
    ) throws(DiaryError) {
        try run {
            let select = try database.prepare(
                """
                SELECT e.day, e.time, e.meal, e.text, e.quantity, e.unit, e.grams, e.note, e.group_id, e.snapshot_id,
                    e.id, e.origin_id
                FROM entry e WHERE e.day BETWEEN ?1 AND ?2 ORDER BY e.day, e.id
                """)
            select.bind(.text(first.description), .text(last.description))
            var snapshots: [Int64: FoodSnapshot] = [:]
            var dayText = ""
            var day = first
            try select.forEachRow { row in
                let text = row.text(0)
                if text != dayText {
                    dayText = text
                    day = CalendarDate(parsingDiary: text)
                }
                let snapshotID = row.int(9)
                if snapshots[snapshotID] == nil { snapshots[snapshotID] = try snapshot(snapshotID) }
                guard let food = snapshots[snapshotID] else { return }  // unreachable: a foreign key
                try body(
                    Entry(
                        day: day, time: row.optionalText(1), meal: row.optionalText(2), text: row.text(3),
                        quantity: row.double(4), unit: row.optionalText(5), grams: row.double(6),
                        note: row.optionalText(7), food: food, snapshotID: snapshotID, group: row.int(8),
                        id: row.int(10), originID: row.int(11)))
            }
        }
    }

    /// The distinct food snapshots of `source` (e.g. `imported`) that entries from `first` to
    /// `last` use, oldest first.
    public func snapshots(source: String, from first: CalendarDate, to last: CalendarDate) throws(DiaryError)
        -> [FoodSnapshot]
    {
        try run {
            let select = try database.prepare(
                """
                SELECT DISTINCT s.id FROM entry e JOIN food_snapshot s ON s.id = e.snapshot_id
                WHERE s.source = ?1 AND e.day BETWEEN ?2 AND ?3 ORDER BY s.id
                """)
            select.bind(.text(source), .text(first.description), .text(last.description))
            var ids: [Int64] = []
            try select.forEachRow { ids.append($0.int(0)) }
            return try ids.compactMap { try snapshot($0) }
        }
    }

    /// The food snapshot with this id (nil if there is none).
    private func snapshot(_ id: Int64) throws -> FoodSnapshot? {
        let columns = Nutrient.all.map { "s." + $0.key }.joined(separator: ", ")
        let select = try database.prepare(
            """
            SELECT s.food_id, s.name, s.food_group, s.source, s.tags, s.estimate_reason, \(columns)
            FROM food_snapshot s WHERE s.id = ?1
            """)
        select.bind(.integer(id))
        defer { select.reset() }
        guard try select.step() else { return nil }
        var nutrients = Nutrients()
        for nutrient in Nutrient.all {
            nutrients.values[nutrient.index] = select.optionalDouble(Int32(6 + nutrient.index)) ?? .nan
        }
        return FoodSnapshot(
            foodID: select.text(0), name: select.text(1), group: select.text(2), source: select.text(3),
            tags: select.text(4).split(separator: " ").map(String.init),
            estimateReason: select.optionalText(5), per100g: nutrients)
    }

    /// The earliest day with an entry.
    public func firstDay() throws(DiaryError) -> CalendarDate? {
        try run {
            let select = try database.prepare("SELECT min(day) FROM entry")
            guard try select.step(), !select.isNull(0) else {
                select.reset()
                return nil
            }
            let day = CalendarDate(parsingDiary: select.text(0))
            select.reset()
            return day
        }
    }

    /// Number of entries in the diary.
    public func entryCount() throws(DiaryError) -> Int {
        try run {
            let select = try database.prepare("SELECT count(*) FROM entry")
            _ = try select.step()
            let count = Int(select.int(0))
            select.reset()
            return count
        }
    }
}

extension CalendarDate {
    /// A day stored by the diary (the diary writes only valid `YYYY-MM-DD`; anything else,
    /// from a damaged or foreign file, reads as 1970-01-01).
    init(parsingDiary text: String) {
        self = CalendarDate(iso: text) ?? CalendarDate(year: 1970, month: 1, day: 1)
    }
}
