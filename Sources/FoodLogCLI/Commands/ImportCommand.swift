import FoodLogCore
import Diary
import FoodLogEngine
import MealSyntax
import Nutrition

/// `foodlog import cronometer FILE`: Cronometer's "servings" export into the diary.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import", summary: "import another app's export (cronometer)", arguments: "cronometer FILE",
        argumentCount: 2...2, options: [RunCommands.dbOption],
        details: """
        cronometer: the "servings" export (Day, Time, Group, Food Name, Amount, then nutrient
        columns named 'Name (unit)', then Category; older exports lack Time, Group and Category).
        Columns are matched by header name, never by position; a blank cell is missing, not zero;
        the Amount text is kept; unknown columns are kept in the entry's note. Importing the same
        file again replaces what it imported before. A malformed file writes nothing and every
        bad row is reported with its line number (exit 65).

        example:
          foodlog import cronometer servings.csv
        """
    ) { invocation in
        guard invocation.positionals[0].lowercased() == "cronometer" else {
            invocation.console.err("foodlog import: unknown format '\(invocation.positionals[0])'\nhelp: the format is 'cronometer'\n")
            return .usage
        }
        let path = invocation.positionals[1]
        guard let source = RunCommands.load(path, invocation) else { return .ioError }
        let parsed = CronometerImport.parse(source.text(SourceRange(0, source.bytes.count)))
        if !parsed.errors.isEmpty {
            for error in parsed.errors.prefix(20) { invocation.console.err("\(path):\(error.line): \(error.message)\n") }
            if parsed.errors.count > 20 { invocation.console.err("… and \(parsed.errors.count - 20) more bad rows\n") }
            invocation.console.err("\(path): \(parsed.errors.count) bad row\(parsed.errors.count == 1 ? "" : "s"); nothing was imported\n")
            return .dataError
        }
        guard let diary = Session.open(invocation)?.diary else { return .ioError }
        do throws(DiaryError) {
            try diary.begin()
            do throws(DiaryError) {
                let origin = try diary.origin("cronometer:" + RunCommands.absolutePath(path))
                let replaced = try diary.clearOrigin(origin)
                var group: Int64 = 0
                var lastKey = ""
                for row in parsed.rows {
                    let key = "\(row.day)|\(row.meal ?? "")|\(row.time ?? "")"
                    if key != lastKey {
                        group = try diary.newGroup(origin: origin, text: "import cronometer \(row.day) \(row.meal ?? "")")
                        lastKey = key
                    }
                    let snapshot = try diary.snapshotID(FoodSnapshot(
                        foodID: "cronometer:" + TextNormalizer.key(row.name), name: row.name, group: row.category ?? "Imported",
                        source: "imported", tags: [], estimateReason: nil, per100g: row.nutrients.scaled(by: 100 / row.grams)))
                    try diary.insertEntry(group: group, origin: origin, day: row.day, time: row.time, meal: row.meal, text: row.name,
                                          quantity: row.quantity, unit: row.amount, grams: row.grams, snapshot: snapshot, note: row.note)
                }
                try diary.commit()
                invocation.console.out("\(path): imported \(parsed.rows.count) entr\(parsed.rows.count == 1 ? "y" : "ies") from Cronometer"
                    + (replaced > 0 ? "; replaced \(replaced) from an earlier import" : "") + "\n")
                return .ok
            } catch {
                diary.rollback()
                throw error
            }
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }
}

/// Reads Cronometer's servings CSV by header name.
enum CronometerImport {
    struct Row {
        var day: CalendarDate
        var time: String?
        var meal: String?
        var name: String
        var amount: String
        var quantity: Double
        /// Grams when the amount says so; otherwise 100 (the nutrients are those of the amount).
        var grams: Double
        var nutrients: Nutrients
        var category: String?
        var note: String?
    }

    struct RowError { var line: Int; var message: String }

    /// Header names Cronometer uses for nutrients we track (without the "(unit)" part), lowercased.
    static let columns: [String: String] = [
        "energy": "kcal", "protein": "protein", "carbs": "carbs", "net carbs": "", "fat": "fat", "fiber": "fiber",
        "sugars": "sugar", "sodium": "sodium", "water": "water", "calcium": "calcium", "iron": "iron", "magnesium": "magnesium",
        "phosphorus": "phosphorus", "potassium": "potassium", "zinc": "zinc", "copper": "copper", "manganese": "manganese",
        "selenium": "selenium", "vitamin c": "vit_c", "b1 (thiamine)": "thiamin", "b2 (riboflavin)": "riboflavin",
        "b3 (niacin)": "niacin", "b5 (pantothenic acid)": "pantothenic_acid", "b6 (pyridoxine)": "vit_b6", "folate": "folate",
        "b12 (cobalamin)": "vit_b12", "vitamin a": "vit_a_rae", "vitamin e": "vit_e", "vitamin d": "vit_d", "vitamin k": "vit_k",
        "saturated": "fa_sat", "monounsaturated": "fa_mono", "polyunsaturated": "fa_poly", "cholesterol": "cholesterol",
        "choline": "choline", "lycopene": "lycopene", "beta-carotene": "beta_carotene", "alpha-carotene": "alpha_carotene",
    ]

    static func parse(_ text: String) -> (rows: [Row], errors: [RowError]) {
        let records = csvRecords(text)
        guard let (headerLine, header) = records.first else { return ([], [RowError(line: 1, message: "the file is empty")]) }
        let names = header.map { $0.trimmingSpaces() }
        func index(_ name: String) -> Int? { names.firstIndex { $0.lowercased() == name.lowercased() } }
        var errors: [RowError] = []
        guard let dayColumn = index("Day"), let nameColumn = index("Food Name"), let amountColumn = index("Amount") else {
            return ([], [RowError(line: headerLine, message: "not a Cronometer servings export: the header needs Day, Food Name and Amount")])
        }
        let timeColumn = index("Time"), groupColumn = index("Group"), categoryColumn = index("Category")
        var nutrientColumns: [(Int, Nutrient, Double)] = []
        var extraColumns: [Int] = []
        for (position, name) in names.enumerated() where ![dayColumn, nameColumn, amountColumn, timeColumn, groupColumn, categoryColumn].contains(position) {
            let base = name.split(separator: "(").first.map { String($0).trimmingSpaces().lowercased() } ?? ""
            let unit = name.hasSuffix(")") ? String(name.split(separator: "(").last?.dropLast() ?? "").lowercased() : ""
            let fullKey = String(name.lowercased().split(separator: "(").prefix(2).joined(separator: "(")).trimmingSpaces()
            let key = columns[fullKey.hasSuffix(")") ? fullKey : base] ?? columns[base]
            if let key, !key.isEmpty, let nutrient = Nutrient.named(key) {
                let factor = unit == "mg" && nutrient.unit == "g" ? 0.001 : (unit == "µg" || unit == "mcg" ? (nutrient.unit == "mg" ? 0.001 : 1) : 1)
                nutrientColumns.append((position, nutrient, factor))
            } else if key == nil {
                extraColumns.append(position)
            }
        }
        var rows: [Row] = []
        for (line, fields) in records.dropFirst() {
            if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
            func field(_ column: Int?) -> String? {
                guard let column, column < fields.count else { return nil }
                let value = fields[column].trimmingSpaces()
                return value.isEmpty ? nil : value
            }
            guard fields.count == names.count else {
                errors.append(RowError(line: line, message: "\(fields.count) fields, the header has \(names.count)"))
                continue
            }
            guard let dayText = field(dayColumn), let day = CalendarDate(iso: dayText) else {
                errors.append(RowError(line: line, message: "Day '\(field(dayColumn) ?? "")' is not a date (YYYY-MM-DD)"))
                continue
            }
            guard let name = field(nameColumn) else {
                errors.append(RowError(line: line, message: "Food Name is empty"))
                continue
            }
            var nutrients = Nutrients()
            var bad = false
            for (column, nutrient, factor) in nutrientColumns {
                guard let cell = field(column) else { continue }  // blank = missing, not zero
                guard let value = Double(cell), value.isFinite, value >= 0 else {
                    errors.append(RowError(line: line, message: "'\(names[column])' is not a number: '\(cell)'"))
                    bad = true
                    break
                }
                guard value * factor <= SaneRanges.perItem(unit: nutrient.unit) else {
                    errors.append(RowError(line: line, message: "'\(names[column])' is out of range: '\(cell)' (one entry holds at most "
                                           + "\(formatThousands(SaneRanges.perItem(unit: nutrient.unit))) \(nutrient.unit))"))
                    bad = true
                    break
                }
                nutrients[nutrient] = value * factor
            }
            if bad { continue }
            let amount = field(amountColumn) ?? ""
            let parts = amount.split(separator: " ", maxSplits: 1)
            let quantity = parts.first.flatMap { Double($0) } ?? 1
            let unitWord = parts.count > 1 ? String(parts[1]).lowercased() : ""
            let gramsPerUnit = MeasureUnit.named(unitWord)?.grams
            let grams = gramsPerUnit.map { quantity * $0 } ?? 100
            guard SaneRanges.quantity.contains(quantity), SaneRanges.itemGrams.contains(grams) else {
                errors.append(RowError(line: line, message: "Amount '\(amount)' is out of range (a quantity is "
                                       + "\(SaneRanges.quantity.helpText), an entry weighs 1 mg to 100 kg)"))
                continue
            }
            var notes = ["imported from Cronometer"]
            if gramsPerUnit == nil { notes.append("amount \(amount) (grams unknown)") }
            let extras = extraColumns.compactMap { column in field(column).map { "\(names[column])=\($0)" } }
            if !extras.isEmpty { notes.append(extras.joined(separator: "; ")) }
            rows.append(Row(day: day, time: field(timeColumn), meal: field(groupColumn)?.lowercased(), name: name, amount: amount,
                            quantity: quantity, grams: grams > 0 ? grams : 100, nutrients: nutrients, category: field(categoryColumn),
                            note: notes.joined(separator: "; ")))
        }
        return (rows, errors)
    }

    /// RFC 4180 records with the line each starts on (quoted fields may hold commas, quotes, newlines).
    static func csvRecords(_ text: String) -> [(Int, [String])] {
        var records: [(Int, [String])] = []
        var field = ""
        var fields: [String] = []
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                    } else { inQuotes = false }
                } else {
                    if character == "\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": inQuotes = true
            case ",": fields.append(field); field = ""
            case "\r\n", "\n":
                fields.append(field)
                records.append((recordLine, fields))
                fields = []
                field = ""
                line += 1
                recordLine = line
            case "\r": continue
            default: field.append(character)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append((recordLine, fields))
        }
        return records
    }
}
