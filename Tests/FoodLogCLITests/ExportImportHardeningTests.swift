import Foundation
import Testing

/// Exports that cannot be turned into code, imports that refuse bad input clearly, and both
/// in bounded memory.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
struct ExportImportHardeningTests {
    typealias Tools = DiaryDurabilityTests

    static func foodlog(_ arguments: [String], _ directory: String, database: String, stdin: String? = nil) throws
        -> (stdout: String, stderr: String, status: Int32)
    {
        try runProcess(
            arguments, stdin: stdin ?? "", directory: directory,
            environment: Tools.environment(directory, extra: ["FOODLOG_DB": database]))
    }

    static func csvField(_ text: String) -> String { "\"" + text.replacing("\"", with: "\"\"") + "\"" }

    /// Food names an attacker or a careless app could put in an export.
    static let hostileNames = [
        "two\nlines", "a \"quoted\" word", "back\\slash", "ends in \\", "# not a comment", "a; b; c", "log 2 eggs",
        "\nfood \"egg\" = 9999 kcal\nplan \"evil.lua\"", "evil\u{202E}gol.exe", "nul\u{0}byte", "cr\ronly", "=1+1",
        "+SUM(A1)", "-2+3", "@cmd", "undo", "2026-11-29", "show all", "x\u{2028}y", "café 🥚",
    ]

    @Test func hostileNamesRoundTripThroughImportExportAndRun() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var csv = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Category\r\n"
        for (index, name) in Self.hostileNames.enumerated() {
            let amount = index % 2 == 0 ? "150.00 g" : "1 serving"
            csv +=
                "2026-11-\(10 + index % 3),08:\(10 + index),Snack,\(Self.csvField(name)),\(amount),\(100 + index),1.5,\(Self.csvField("Cat \(name)"))\r\n"
        }
        // One food in amounts without a weight: each keeps its own nutrients.
        csv +=
            "2026-11-12,12:00,Lunch,Apple,1 medium,95,0.5,Fruit\r\n2026-11-12,12:00,Lunch,Apple,2 medium,190,1,Fruit\r\n"
        try csv.write(toFile: directory + "/servings.csv", atomically: true, encoding: .utf8)
        let first = directory + "/first.sqlite"
        let second = directory + "/second.sqlite"
        let imported = try Self.foodlog(["import", "cronometer", "servings.csv"], directory, database: first)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported \(Self.hostileNames.count + 2) entries"))
        let exported = try Self.foodlog(["export", "--meal"], directory, database: first)
        #expect(exported.status == 0, "\(exported.stderr)")
        try exported.stdout.write(toFile: directory + "/export.meal", atomically: true, encoding: .utf8)
        // Every line is a comment, a definition, a date or a log line: nothing else got in.
        for line in exported.stdout.split(separator: "\n") {
            #expect(
                line.hasPrefix("# foodlog export") || line.hasPrefix("food \"") || line.hasPrefix("log ")
                    || (line.count == 10 && line.hasPrefix("2026-11-")), "unexpected line: \(line)")
        }
        let run = try Self.foodlog(["run", "export.meal"], directory, database: second)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("logged \(Self.hostileNames.count + 2) items"))
        let again = try Self.foodlog(["export", "--meal"], directory, database: second)
        #expect(again.stdout == exported.stdout)
        // The names, byte for byte, and nothing but them (no plan, no food called "egg").
        let names = "SELECT hex(name) FROM food_snapshot ORDER BY name"
        #expect(try DiaryOpeningTests.sqlite(second, names) == DiaryOpeningTests.sqlite(first, names))
        #expect(try DiaryOpeningTests.sqlite(second, "SELECT count(*) FROM plan_choice") == "0")
        #expect(
            try DiaryOpeningTests.sqlite(second, "SELECT count(*) FROM library_food")
                == "\(Self.hostileNames.count + 1)")
        // The energy of each entry came along (per 100 g to four decimals).
        let totals = """
            SELECT group_concat(v, ' ') FROM (SELECT round(e.grams * s.kcal / 100, 2) AS v
            FROM entry e JOIN food_snapshot s ON s.id = e.snapshot_id ORDER BY e.day, e.time, v)
            """
        #expect(try DiaryOpeningTests.sqlite(second, totals) == DiaryOpeningTests.sqlite(first, totals))
    }

    @Test func csvExportNeutralisesFormulas() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let names = ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\ttab", "\rcr", "plain", "a=b"]
        var script = "2026-11-29\n"
        for name in names { script += "food \(quoted(name)) = 10 kcal\nlog 100 g \(quoted(name))\n" }
        try script.write(toFile: directory + "/day.meal", atomically: true, encoding: .utf8)
        #expect(try Self.foodlog(["run", "day.meal"], directory, database: database).status == 0)
        let csv = try Self.foodlog(["export", "--csv"], directory, database: database)
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == names.count)
        for (name, row) in zip(names, rows) {
            let formula = "=+-@\t\r".contains(name.first!)
            // food_name is the name, with a ' in front (and quoted) when it would be a formula.
            #expect(row.contains("," + (formula ? "\"'" + name + "\"" : name) + ","), "\(name): \(row)")
            // Numbers stay numbers: quantity 100, unit g, 100 grams.
            #expect(row.contains(",100,g,100,"), "\(row)")
        }
    }

    func quoted(_ name: String) -> String {
        "\""
            + name.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\t", with: "\\t").replacing(
                "\r", with: "\\u{D}") + "\""
    }

    @Test func badNumbersTextEncodingsAndHeadersAreBadInput() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let files: [(String, [UInt8], [String])] = [
            (
                "nan.csv",
                Array(
                    "Day,Food Name,Amount,Energy (kcal)\n2026-11-01,Apple,nan g,95\n2026-11-02,Pear,1 cup,inf\n2026-11-03,Fig,-inf cup,1\n"
                        .utf8),
                [
                    "nan.csv:2: Amount 'nan g' is not a number", "nan.csv:3: 'Energy (kcal)' is not a number: 'inf'",
                    "nan.csv:4: Amount '-inf cup' is not a number", "nan.csv: 3 bad rows; nothing was imported",
                ]
            ),
            (
                "latin1.csv",
                Array("Day,Food Name,Amount,Energy (kcal)\n2026-11-01,Cr".utf8) + [0xE8] + Array("me,1 cup,95\n".utf8),
                [
                    "latin1.csv:2: the file is not UTF-8 text (it looks like Latin-1 or Windows-1252); nothing was imported. Save it as UTF-8 (e.g. iconv -f latin1 -t utf-8 FILE > FILE.utf8) and import that"
                ]
            ),
            (
                "twice.csv",
                Array("Day,Food Name,Amount,Energy (kcal),Day\n2026-11-01,Apple,1 cup,95,2026-11-02\n".utf8),
                ["twice.csv:1: the header names the column 'Day' twice (columns 1 and 5); rename or remove one"]
            ),
            (
                "open.csv", Array("Day,Food Name,Amount\n2026-11-01,\"Apple,1 cup\n".utf8),
                ["open.csv:2: a quoted field is never closed"]
            ),
        ]
        for (name, bytes, errors) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
            let result = try Self.foodlog(["import", "cronometer", name], directory, database: database)
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").map(String.init) == errors)
        }
        #expect(try DiaryOpeningTests.sqlite(database, "SELECT count(*) FROM entry") == "0")
    }

    @Test func carriageReturnsAloneEndLines() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let text =
            "\u{FEFF}Day,Food Name,Amount,Energy (kcal)\r2026-11-01,Apple,1 cup,95\r2026-11-02,\"Pear\rsliced\",1 cup,50\r\r2026-11-03,Fig,1,1"
        try text.write(toFile: directory + "/mac.csv", atomically: true, encoding: .utf8)
        let result = try Self.foodlog(["import", "cronometer", "mac.csv"], directory, database: database)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "mac.csv: imported 3 entries from Cronometer\n")
        #expect(
            try DiaryOpeningTests.sqlite(database, "SELECT hex(name) FROM food_snapshot WHERE name LIKE 'Pear%'")
                == Data("Pear\rsliced".utf8).map { String(format: "%02X", $0) }.joined())
        // Errors count lines the same way (the quoted CR is a line too).
        try (text + "\r2026-13-01,Bad,1,1\r").write(toFile: directory + "/bad.csv", atomically: true, encoding: .utf8)
        let bad = try Self.foodlog(["import", "cronometer", "bad.csv"], directory, database: database)
        #expect(bad.stderr.hasPrefix("bad.csv:7: Day '2026-13-01' is not a date"), "\(bad.stderr)")
    }

    @Test func aRowMayHoldOneMebibyte() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        // A long cell of a column FoodLog keeps in the note (a name that long is refused on its own).
        let header = "Day,Food Name,Amount,Energy (kcal),Comment\n"
        func row(noteLength: Int) -> String {
            "2026-11-01,Apple,1 cup,95," + String(repeating: "x", count: noteLength) + "\n"
        }
        let frame = row(noteLength: 0).utf8.count
        try (header + row(noteLength: (1 << 20) - frame)).write(
            toFile: directory + "/under.csv", atomically: true, encoding: .utf8)
        try (header + row(noteLength: (1 << 20) - frame + 1)).write(
            toFile: directory + "/over.csv", atomically: true, encoding: .utf8)
        let under = try Self.foodlog(["import", "cronometer", "under.csv"], directory, database: database)
        #expect(under.status == 0, "\(under.stderr)")
        let over = try Self.foodlog(["import", "cronometer", "over.csv"], directory, database: database)
        #expect(over.status == 65)
        #expect(over.stderr == "over.csv:2: a row longer than 1 MiB, the most an import reads in one row\n")
        let zeros = try Self.foodlog(["import", "cronometer", "/dev/zero"], directory, database: database)
        #expect(zeros.status == 65)
        #expect(zeros.stderr.contains("a row longer than 1 MiB"))
    }

    @Test func anImportedNameMustBeOneTheLanguageCanWriteBack() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        // Counted as export writes it: "\"" is two bytes there.
        let longest = String(repeating: "\"", count: 128)
        let tooLong = String(repeating: "\"", count: 128) + "x"
        let csv = "Day,Food Name,Amount,Energy (kcal)\n2026-11-01,\(Self.csvField(longest)),1 cup,95\n"
        let result = try Self.foodlog(["import", "cronometer", "-"], directory, database: database, stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        let over = try Self.foodlog(
            ["import", "cronometer", "-"], directory, database: database,
            stdin: "Day,Food Name,Amount,Energy (kcal)\n2026-11-01,\(Self.csvField(tooLong)),1 cup,95\n")
        #expect(over.status == 65)
        #expect(
            over.stderr.hasPrefix("-:2: Food Name is too long (257 bytes, 1 words as a quoted name"), "\(over.stderr)")
        let words = (1...41).map { "w\($0)" }.joined(separator: " ")
        let many = try Self.foodlog(
            ["import", "cronometer", "-"], directory, database: database,
            stdin: "Day,Food Name,Amount,Energy (kcal)\n2026-11-01,\(words),1 cup,95\n")
        #expect(many.status == 65, "\(many.stderr)")
        // What was imported exports and runs.
        let exported = try Self.foodlog(["export", "--meal"], directory, database: database)
        try exported.stdout.write(toFile: directory + "/e.meal", atomically: true, encoding: .utf8)
        let run = try Self.foodlog(["run", "e.meal"], directory, database: directory + "/second.sqlite")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func standardInputAndLuaFilesAreReadWithTheInputLimit() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/diary.sqlite"
        let piped = try Self.foodlog(
            ["import", "cronometer", "-"], directory, database: database,
            stdin: "Day,Food Name,Amount,Energy (kcal)\n2026-11-01,Apple,1 cup,95\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "-: imported 1 entry from Cronometer\n")
        let lua = try Self.foodlog(["lua", "/dev/zero"], directory, database: database)
        #expect(lua.status == 74, "\(lua.stderr)")
        #expect(lua.stderr.contains("larger than 256 MiB"), "\(lua.stderr)")
    }

    /// Peak memory of a command, in KiB (`/usr/bin/time`).
    static func peakKilobytes(_ arguments: [String], _ directory: String, database: String) throws -> Int {
        let result = try Tools.runTool(
            "/usr/bin/time", ["-f", "peak %M", Tools.binary] + arguments,
            environment: Tools.environment(directory, extra: ["FOODLOG_DB": database]))
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
        return Int(line?.dropFirst(5) ?? "") ?? -1
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func exportsStreamRowsInBoundedMemory() throws {
        let directory = try Tools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let small = directory + "/small.sqlite"
        let large = directory + "/large.sqlite"
        try Tools.writeScript(directory + "/small.meal", items: 1_200)
        try Tools.writeScript(directory + "/large.meal", items: 120_000)
        #expect(try Self.foodlog(["run", "small.meal"], directory, database: small).status == 0)
        #expect(try Self.foodlog(["run", "large.meal"], directory, database: large).status == 0)
        for format in [["--csv"], ["--meal"]] {
            let base = try Self.peakKilobytes(
                ["export"] + format + ["-o", directory + "/small.out"], directory, database: small)
            let peak = try Self.peakKilobytes(
                ["export"] + format + ["-o", directory + "/large.out"], directory, database: large)
            // 100 times the rows; holding them (as before: 1.4 KB a CSV row) would add 170 MB.
            #expect(
                base > 0 && peak - base < 40_000, "\(format): \(base) KiB for 1,200 entries, \(peak) KiB for 120,000")
        }
        let lines = try String(contentsOfFile: directory + "/large.out", encoding: .utf8).split(separator: "\n").count
        #expect(lines > 40_000)
    }
}
