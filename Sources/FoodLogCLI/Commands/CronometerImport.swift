import FoodLogCore
import MealSyntax
import Nutrition

/// Cronometer's "servings" CSV, read by header name: the columns (``Layout``) from the header
/// row, then one ``Row`` per record.
enum CronometerImport {
    struct Row {
        var day: CalendarDate
        /// `HH:MM`.
        var time: String?
        /// A meal tag word (`breakfast`, `pre-workout`).
        var meal: String?
        var name: String
        var amount: String
        var quantity: Double
        /// Grams when the amount says so; otherwise 100 per unit of the amount (the nutrients per
        /// 100 g are then those of one unit).
        var grams: Double
        var nutrients: Nutrients
        var category: String?
        var note: String?
    }

    struct RowError: Error {
        var line: Int
        var message: String
    }

    /// Header names Cronometer uses for nutrients we track (without the "(unit)" part), lowercased.
    static let columns: [String: String] = [
        "energy": "kcal", "protein": "protein", "carbs": "carbs", "net carbs": "", "fat": "fat", "fiber": "fiber",
        "sugars": "sugar", "sodium": "sodium", "water": "water", "calcium": "calcium", "iron": "iron",
        "magnesium": "magnesium",
        "phosphorus": "phosphorus", "potassium": "potassium", "zinc": "zinc", "copper": "copper",
        "manganese": "manganese",
        "selenium": "selenium", "vitamin c": "vit_c", "b1 (thiamine)": "thiamin", "b2 (riboflavin)": "riboflavin",
        "b3 (niacin)": "niacin", "b5 (pantothenic acid)": "pantothenic_acid", "b6 (pyridoxine)": "vit_b6",
        "folate": "folate",
        "b12 (cobalamin)": "vit_b12", "vitamin a": "vit_a_rae", "vitamin e": "vit_e", "vitamin d": "vit_d",
        "vitamin k": "vit_k",
        "saturated": "fa_sat", "monounsaturated": "fa_mono", "polyunsaturated": "fa_poly", "cholesterol": "cholesterol",
        "choline": "choline", "lycopene": "lycopene", "beta-carotene": "beta_carotene",
        "alpha-carotene": "alpha_carotene",
    ]

    /// Where each column is, from the header row.
    struct Layout {
        var names: [String]
        var day: Int, name: Int, amount: Int
        var time: Int?, group: Int?, category: Int?
        var nutrients: [(column: Int, nutrient: Nutrient, factor: Double)] = []
        var extras: [Int] = []

        /// The layout of a header row; an error when it lacks Day, Food Name or Amount or
        /// names a column twice.
        init(header: CSVRecordReader.Record) throws(RowError) {
            names = header.fields.map { $0.trimmingSpaces() }
            var seen: [String: Int] = [:]
            for (position, name) in names.enumerated() where !name.isEmpty {
                if let first = seen[name.lowercased()] {
                    throw RowError(
                        line: header.line,
                        message:
                            "the header names the column '\(name)' twice (columns \(first + 1) and \(position + 1)); rename or remove one"
                    )
                }
                seen[name.lowercased()] = position
            }
            func index(_ name: String) -> Int? { seen[name.lowercased()] }
            guard let day = index("Day"), let name = index("Food Name"), let amount = index("Amount") else {
                throw RowError(
                    line: header.line,
                    message: "not a Cronometer servings export: the header needs Day, Food Name and Amount")
            }
            (self.day, self.name, self.amount) = (day, name, amount)
            (time, group, category) = (index("Time"), index("Group"), index("Category"))
            let known = [day, name, amount, time, group, category]
            for (position, name) in names.enumerated() where !known.contains(position) {
                let base = name.split(separator: "(").first.map { String($0).trimmingSpaces().lowercased() } ?? ""
                let unit =
                    name.hasSuffix(")") ? String(name.split(separator: "(").last?.dropLast() ?? "").lowercased() : ""
                let fullKey = String(name.lowercased().split(separator: "(").prefix(2).joined(separator: "("))
                    .trimmingSpaces()
                let key =
                    CronometerImport.columns[fullKey.hasSuffix(")") ? fullKey : base] ?? CronometerImport.columns[base]
                if let key, !key.isEmpty, let nutrient = Nutrient.named(key) {
                    let factor =
                        unit == "mg" && nutrient.unit == "g"
                        ? 0.001 : (unit == "µg" || unit == "mcg" ? (nutrient.unit == "mg" ? 0.001 : 1) : 1)
                    nutrients.append((position, nutrient, factor))
                } else if key == nil {
                    extras.append(position)
                }
            }
        }

        /// The row of one record; nil for a blank line.
        func row(_ record: CSVRecordReader.Record) throws(RowError) -> Row? {
            let fields = record.fields
            if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { return nil }
            func fail(_ message: String) -> RowError { RowError(line: record.line, message: message) }
            guard fields.count == names.count else {
                throw fail("\(fields.count) fields, the header has \(names.count)")
            }
            func field(_ column: Int?) -> String? {
                guard let column else { return nil }
                let value = fields[column].trimmingSpaces()
                return value.isEmpty ? nil : value
            }
            guard let dayText = field(day), let day = CalendarDate(iso: dayText) else {
                throw fail("Day '\(field(day) ?? "")' is not a date (YYYY-MM-DD)")
            }
            guard let name = field(name) else { throw fail("Food Name is empty") }
            try CronometerImport.checkNameLength(name, fail)
            var nutrients = Nutrients()
            for (column, nutrient, factor) in self.nutrients {
                guard let cell = field(column) else { continue }  // blank = missing, not zero
                guard let value = Double(cell), value.isFinite, value >= 0 else {
                    throw fail("'\(names[column])' is not a number: '\(cell)'")
                }
                guard value * factor <= SaneRanges.perItem(unit: nutrient.unit) else {
                    throw fail(
                        "'\(names[column])' is out of range: '\(cell)' (one entry holds at most "
                            + "\(formatThousands(SaneRanges.perItem(unit: nutrient.unit))) \(nutrient.unit))")
                }
                nutrients[nutrient] = value * factor
            }
            let amount = field(self.amount) ?? ""
            let parts = amount.split(separator: " ", maxSplits: 1)
            let written = parts.first.flatMap { Double($0) }
            if let written, !written.isFinite { throw fail("Amount '\(amount)' is not a number") }
            let quantity = written ?? 1
            let unitWord = parts.count > 1 ? String(parts[1]).lowercased() : ""
            let gramsPerUnit = MeasureUnit.named(unitWord)?.grams
            // Without a weight, each unit of the amount stands for 100 g: rows of one food in
            // different amounts ("1 medium", "2 medium") then share one food per 100 g.
            let grams = gramsPerUnit.map { quantity * $0 } ?? 100 * quantity
            guard SaneRanges.quantity.contains(quantity), SaneRanges.itemGrams.contains(grams) else {
                throw fail(
                    "Amount '\(amount)' is out of range (a quantity is \(SaneRanges.quantity.helpText), an entry weighs 1 mg to 100 kg)"
                )
            }
            var time: String?
            if let text = field(self.time) {
                guard let clock = CronometerImport.clockTime(text) else {
                    throw fail("Time '\(text)' is not a time of day (HH:MM)")
                }
                time = clock
            }
            var notes = ["imported from Cronometer"]
            if gramsPerUnit == nil { notes.append("amount \(amount) (grams unknown)") }
            let extraText = extras.compactMap { column in field(column).map { "\(names[column])=\($0)" } }
            if !extraText.isEmpty { notes.append(extraText.joined(separator: "; ")) }
            return Row(
                day: day, time: time, meal: field(group).flatMap(CronometerImport.mealWord), name: name, amount: amount,
                quantity: quantity, grams: grams > 0 ? grams : 100, nutrients: nutrients, category: field(category),
                note: notes.joined(separator: "; "))
        }
    }

    /// Refuses a name the language could not write back (``SaneRanges/nameBytes`` bytes and
    /// ``SaneRanges/nameWords`` words, counted as `export --meal` writes it: quoted, escaped).
    static func checkNameLength(_ name: String, _ fail: (String) -> RowError) throws(RowError) {
        let bytes = QuotedName.quote(name).utf8.count - 2
        let words = name.split(separator: " ").count
        guard bytes > SaneRanges.nameBytes || words > SaneRanges.nameWords else { return }
        throw fail(
            "Food Name is too long (\(formatThousands(Double(bytes))) bytes, \(words) words as a quoted name; "
                + "a food name has at most \(SaneRanges.nameBytes) bytes and \(SaneRanges.nameWords) words)")
    }

    /// `H:MM`, `HH:MM` or `HH:MM:SS`, with an optional `AM`/`PM`, as `HH:MM` on a 24-hour clock.
    static func clockTime(_ text: String) -> String? {
        var words = text.uppercased().split(separator: " ")
        var offset = 0
        if words.count == 2, words[1] == "AM" || words[1] == "PM" {
            offset = words[1] == "PM" ? 12 : 0
            words.removeLast()
        }
        guard words.count == 1 else { return nil }
        let parts = words[0].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
            var hour = Int(parts[0]), let minute = Int(parts[1]), parts.count == 2 || Int(parts[2]) != nil,
            (0...59).contains(minute)
        else { return nil }
        if words[0] != text.uppercased() {  // with AM/PM: 12 AM is 0, 12 PM is 12
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + offset
        }
        guard (0...23).contains(hour) else { return nil }
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// A Cronometer group as a meal tag word: lowercased, each run of characters that cannot
    /// be in a word (spaces, punctuation, controls) as one `-` ("Pre Workout" → `pre-workout`);
    /// nil when nothing is left.
    static func mealWord(_ group: String) -> String? {
        var word = ""
        var pendingDash = false
        for character in group.lowercased() {
            let usable = character.isLetter || (character.isASCII && character.isNumber) || character == "_"
            if usable {
                if pendingDash, !word.isEmpty { word.append("-") }
                pendingDash = false
                word.append(character)
            } else {
                pendingDash = true
            }
        }
        return word.isEmpty ? nil : word
    }
}
