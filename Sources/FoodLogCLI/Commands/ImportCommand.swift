import FoodLogCore
import Diary
import FoodLogEngine
import Nutrition

/// `foodlog import cronometer FILE`: Cronometer's "servings" export into the diary.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import", summary: "import another app's export (cronometer)", arguments: "cronometer FILE|-",
        argumentCount: 2...2, options: [RunCommands.dbOption],
        details: """
            cronometer: the "servings" export (Day, Time, Group, Food Name, Amount, then nutrient
            columns named 'Name (unit)', then Category; older exports lack Time, Group and Category).
            Columns are matched by header name, never by position (a name given twice is an error);
            a blank cell is missing, not zero; the Amount text is kept; unknown columns are kept in
            the entry's note. Importing the same file again replaces what it imported before. A
            malformed file writes nothing and every bad row is reported with its line number
            (exit 65). '-' reads standard input (imports from it replace each other).

            The file must be UTF-8 (a Latin-1 or Windows-1252 file is refused, not guessed at:
            convert it with iconv). Lines may end in LF, CR LF or CR. Rows are read one at a time:
            a row may hold at most 1 MiB and the file at most 256 MiB.

            example:
              foodlog import cronometer servings.csv
            """
    ) { invocation in
        guard invocation.positionals[0].lowercased() == "cronometer" else {
            invocation.console.err(
                "foodlog import: unknown format '\(invocation.positionals[0])'\nhelp: the format is 'cronometer'\n")
            return .usage
        }
        let path = invocation.positionals[1]
        var reader: CSVRecordReader
        do throws(CSVRecordReader.ReadError) { reader = try CSVRecordReader(path: path) } catch {
            return report(error, path: path, invocation)
        }
        defer { reader.close() }
        let layout: CronometerImport.Layout
        do {
            guard let header = try reader.next() else {
                invocation.console.err("\(path):1: the file is empty\n")
                return .dataError
            }
            layout = try CronometerImport.Layout(header: header)
        } catch let error as CSVRecordReader.ReadError {
            return report(error, path: path, invocation)
        } catch let error as CronometerImport.RowError {
            invocation.console.err("\(path):\(error.line): \(error.message)\n")
            return .dataError
        } catch {
            return .software
        }
        guard let session = Session.open(invocation) else { return .ioError }
        let diary = session.diary
        var run = ImportRun(diary: diary, path: path)
        do {
            let tables = try session.tables.get()
            let foods = CronometerFoods(table: tables.table, matcher: tables.matcher)
            try diary.begin()
            try run.start()
            while let record = try reader.next() {
                let row: CronometerImport.Row?
                do throws(CronometerImport.RowError) { row = try layout.row(record, foods: foods) } catch {
                    run.errors.append(error)
                    continue
                }
                if let row { try run.add(row) }
            }
            if !run.errors.isEmpty {
                diary.rollback()
                return reportRows(run.errors, path: path, invocation)
            }
            try FoodTableProvider.check(tables.table)
            try diary.commit()
        } catch let error as DiaryError {
            diary.rollback()
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        } catch let error as CSVRecordReader.ReadError {
            diary.rollback()
            return report(error, path: path, invocation)
        } catch {
            diary.rollback()
            invocation.console.err("foodlog: \(error)\n")
            return .software
        }
        invocation.console.out(
            "\(path): imported \(run.imported) entr\(run.imported == 1 ? "y" : "ies") from Cronometer"
                + (run.replaced > 0 ? "; replaced \(run.replaced) from an earlier import" : "") + "\n")
        return .ok
    }

    /// A reading error: bad contents exit 65, a file that cannot be read 74.
    static func report(_ error: CSVRecordReader.ReadError, path: String, _ invocation: Invocation) -> ExitCode {
        let place = error.line.map { "\(path):\($0): " } ?? "foodlog: "
        invocation.console.err(place + error.message + "\n")
        return error.isInput ? .dataError : .ioError
    }

    static func reportRows(_ errors: [CronometerImport.RowError], path: String, _ invocation: Invocation) -> ExitCode {
        for error in errors.prefix(20) { invocation.console.err("\(path):\(error.line): \(error.message)\n") }
        if errors.count > 20 { invocation.console.err("… and \(errors.count - 20) more bad rows\n") }
        invocation.console.err(
            "\(path): \(errors.count) bad row\(errors.count == 1 ? "" : "s"); nothing was imported\n")
        return .dataError
    }
}

/// One import's writes, inside the caller's transaction: rows are stored as they are read
/// until the first bad row; after that rows are only checked (and everything rolls back).
struct ImportRun {
    let diary: Diary
    let path: String
    var errors: [CronometerImport.RowError] = []
    private(set) var imported = 0
    private(set) var replaced = 0
    private var origin: Int64 = 0
    private var group: Int64 = 0
    private var lastKey = ""

    init(diary: Diary, path: String) {
        self.diary = diary
        self.path = path
    }

    /// Takes back what an earlier import of the same file wrote.
    mutating func start() throws(DiaryError) {
        origin = try diary.origin(
            Diary.cronometerOriginPrefix + (path == "-" ? "<stdin>" : RunCommands.absolutePath(path)))
        replaced = try diary.clearOrigin(origin)
    }

    mutating func add(_ row: CronometerImport.Row) throws(DiaryError) {
        guard errors.isEmpty else { return }
        let key = "\(row.day)|\(row.meal ?? "")|\(row.time ?? "")"
        if key != lastKey {
            group = try diary.newGroup(origin: origin, text: "import cronometer \(row.day) \(row.meal ?? "")")
            lastKey = key
        }
        let snapshot = try diary.snapshotID(
            FoodSnapshot(
                foodID: "cronometer:" + TextNormalizer.key(row.name), name: row.name, group: row.category ?? "Imported",
                source: "imported", tags: row.tags, estimateReason: nil,
                per100g: row.nutrients.scaled(by: 100 / row.grams)))
        try diary.insertEntry(
            group: group, origin: origin, day: row.day, time: row.time, meal: row.meal, text: row.name,
            quantity: row.quantity, unit: row.amount, grams: row.grams, snapshot: snapshot, note: row.note)
        imported += 1
    }
}
