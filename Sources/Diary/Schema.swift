import Nutrition

/// The diary's schema, as numbered migrations. `PRAGMA user_version` records how many have run;
/// opening a diary runs the missing ones in one transaction.
enum Schema {
    static let nutrientColumns = Nutrient.all.map { "\($0.key) REAL" }.joined(separator: ", ")

    static let migrations: [String] = [
        """
        CREATE TABLE origin(id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE);
        CREATE TABLE food_snapshot(
            id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL UNIQUE, food_id TEXT NOT NULL, name TEXT NOT NULL,
            food_group TEXT NOT NULL, source TEXT NOT NULL, tags TEXT NOT NULL, estimate_reason TEXT,
            \(nutrientColumns));
        CREATE TABLE log_group(id INTEGER PRIMARY KEY, origin_id INTEGER NOT NULL REFERENCES origin(id), text TEXT NOT NULL);
        CREATE TABLE entry(
            id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL REFERENCES log_group(id),
            origin_id INTEGER NOT NULL REFERENCES origin(id), day TEXT NOT NULL, time TEXT, meal TEXT,
            text TEXT NOT NULL, quantity REAL NOT NULL, unit TEXT, grams REAL NOT NULL,
            snapshot_id INTEGER NOT NULL REFERENCES food_snapshot(id), note TEXT);
        CREATE INDEX entry_day ON entry(day);
        CREATE TABLE library_food(
            kind TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, tags TEXT NOT NULL, portions TEXT NOT NULL,
            definition TEXT NOT NULL, origin_id INTEGER REFERENCES origin(id), \(nutrientColumns),
            PRIMARY KEY(kind, key));
        CREATE TABLE user_alias(key TEXT PRIMARY KEY, name TEXT NOT NULL, target TEXT NOT NULL,
            origin_id INTEGER REFERENCES origin(id));
        CREATE TABLE target(id INTEGER PRIMARY KEY, from_day TEXT NOT NULL, nutrient TEXT NOT NULL, value REAL NOT NULL,
            origin_id INTEGER NOT NULL REFERENCES origin(id));
        CREATE INDEX target_day ON target(from_day);
        CREATE TABLE weight(day TEXT PRIMARY KEY, kilograms REAL NOT NULL, origin_id INTEGER NOT NULL REFERENCES origin(id));
        CREATE TABLE plan_choice(from_day TEXT PRIMARY KEY, plan TEXT, origin_id INTEGER NOT NULL REFERENCES origin(id));
        """,
        // 2: facts about the diary itself (the day of the last integrity check).
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);",
        // 3: the days a target is for (TargetScope: day, week, weekends, weekdays); the
        // targets of older diaries were all daily.
        "ALTER TABLE target ADD COLUMN scope TEXT NOT NULL DEFAULT 'day';",
    ]

    /// The first schema whose `target` table has a `scope` column.
    static let targetScopeVersion = 3

    /// The schema version this build writes.
    static var version: Int { migrations.count }
}
