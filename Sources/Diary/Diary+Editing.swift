import FoodLogCore
import SQLite

/// Where an entry came from, as `foodlog entries` and `foodlog edit` tell them apart.
public enum EntrySource: Equatable, Sendable {
    /// A `.meal` file (its path): the script is the source of truth, changed by running it again.
    case script(String)
    /// An import (`cronometer:PATH`): the file's path.
    case imported(String)
    /// Typed in: the REPL, `-e`, a one-line command, standard input, `foodlog edit`.
    case typed

    /// Classifies an origin path (see ``Diary/origin(_:)``).
    public init(originPath path: String) {
        if path.hasPrefix("<") {
            self = .typed
        } else if path.hasPrefix(Diary.cronometerOriginPrefix) {
            self = .imported(String(path.dropFirst(Diary.cronometerOriginPrefix.count)))
        } else {
            self = .script(path)
        }
    }
}

extension Diary {
    /// The origin path of a Cronometer import starts with this (`cronometer:/home/me/servings.csv`).
    public static let cronometerOriginPrefix = "cronometer:"

    /// Every origin by id: script paths, `<repl>`-style typed origins, `cronometer:PATH` imports.
    public func originPaths() throws(DiaryError) -> [Int64: String] {
        try run {
            let select = try database.prepare("SELECT id, path FROM origin")
            var paths: [Int64: String] = [:]
            try select.forEachRow { paths[$0.int(0)] = $0.text(1) }
            return paths
        }
    }

    /// Removes entries by id, and the statement groups they leave empty; returns how many went.
    @discardableResult
    public func deleteEntries(_ ids: [Int64]) throws(DiaryError) -> Int {
        try run {
            let group = try database.prepare("SELECT group_id FROM entry WHERE id = ?1")
            let delete = try database.prepare("DELETE FROM entry WHERE id = ?1")
            var groups = Set<Int64>()
            var removed = 0
            for id in ids {
                group.bind(.integer(id), at: 1)
                if try group.step() { groups.insert(group.int(0)) }
                group.reset()
                delete.bind(.integer(id), at: 1)
                try delete.run()
                removed += database.changes
            }
            let deleteGroup = try database.prepare(
                "DELETE FROM log_group WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM entry WHERE group_id = ?1)")
            for id in groups.sorted() {
                deleteGroup.bind(.integer(id), at: 1)
                try deleteGroup.run()
            }
            return removed
        }
    }
}

extension Diary {
    /// The `log` statements other scripts wrote on `day`: (statement text, script path), for
    /// the warning that a copied script logs a day twice. Typed and imported entries are not
    /// scripts' and are left out.
    public func scriptStatements(on day: CalendarDate, excluding origin: Int64) throws(DiaryError)
        -> [(text: String, path: String)]
    {
        try run {
            let select = try database.prepare(
                """
                SELECT DISTINCT g.text, o.path FROM entry e JOIN log_group g ON g.id = e.group_id
                JOIN origin o ON o.id = e.origin_id WHERE e.day = ?1 AND e.origin_id != ?2 ORDER BY g.id
                """)
            select.bind(.text(day.description), .integer(origin))
            var result: [(String, String)] = []
            try select.forEachRow { row in
                let path = row.text(1)
                if case .script = EntrySource(originPath: path) { result.append((row.text(0), path)) }
            }
            return result
        }
    }
}
