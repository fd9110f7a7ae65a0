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
        /// The entry's weight: from a mass Amount (`150 g`, `5 oz`); else from the food table
        /// when the food matches a table food confidently (`1 cup` of oatmeal); else a volume at
        /// 1 g/ml; else 100 g per unit of the amount (the note says the grams are unknown).
        var grams: Double
        var nutrients: Nutrients
        var category: String?
        /// The table food's tags when the name matched one confidently (plans read them).
        var tags: [String]
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

        /// The row of one record; nil for a blank line. `foods` gives tags and weights of the
        /// foods the table knows.
        func row(_ record: CSVRecordReader.Record, foods: CronometerFoods) throws(RowError) -> Row? {
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
            let unitText = written == nil ? amount : (parts.count > 1 ? String(parts[1]) : "")
            let unit = CronometerImport.unit(unitText)
            let match = foods.confidentMatch(name)
            let weight = CronometerImport.weight(
                quantity: quantity, unit: unit, unitText: unitText, match: match, name: name, foods: foods)
            let grams = weight.grams
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
            if let basis = weight.basis { notes.append("amount \(amount): \(basis)") }
            let extraText = extras.compactMap { column in field(column).map { "\(names[column])=\($0)" } }
            if !extraText.isEmpty { notes.append(extraText.joined(separator: "; ")) }
            return Row(
                day: day, time: time, meal: field(group).flatMap(CronometerImport.mealWord), name: name, amount: amount,
                quantity: quantity, grams: grams, nutrients: nutrients, category: field(category),
                tags: match?.food.tags ?? [], note: notes.joined(separator: "; "))
        }
    }

    /// The unit an Amount's words name (`cup`, `fl oz`, `medium`), or its first two words'
    /// or its first word's (`cup, chopped`, `large egg`, `fl oz (30 ml)`); nil when none is a
    /// unit (`container`).
    static func unit(_ text: String) -> MeasureUnit? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" })
        guard let first = words.first else { return nil }
        return MeasureUnit.named(text.trimmingSpaces())
            ?? (words.count > 1 ? MeasureUnit.named(words[0...1].joined(separator: " ")) : nil)
            ?? MeasureUnit.named(first)
    }

    /// The weight of an Amount and, when it is not a plain mass, how it was found (for the
    /// entry's note). Mass units convert; other units take the matched table food's portion
    /// (or its density); a volume without one is taken at 1 g/ml; anything else is 100 g per
    /// unit, with "grams unknown" said.
    static func weight(
        quantity: Double, unit: MeasureUnit?, unitText: String, match: CronometerFoods.Match?, name: String,
        foods: CronometerFoods
    ) -> (grams: Double, basis: String?) {
        if let perUnit = unit?.grams { return (quantity * perUnit, nil) }
        if let match, unit?.kind != .energy,
            let found = foods.gramsPerQuantity(of: match, unit: unit, written: unitText, name: name)
        {
            return (
                quantity * found.grams,
                "weighed as \(found.basis) of the table's \(match.food.name)"
            )
        }
        if let millilitres = unit?.millilitres { return (quantity * millilitres, "weighed at 1 g/ml") }
        return (100 * quantity, "grams unknown, stored as 100 g per unit")
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
    /// be in a word (spaces, punctuation, controls) as one `-` ("Evening Tea" → `evening-tea`),
    /// folded to the usual meal word it spells (`Snacks` → `snack`, `Pre Workout` →
    /// `preworkout`); nil when nothing is left.
    static func mealWord(_ group: String) -> String? {
        guard let word = tagWord(group) else { return nil }
        let joined = word.filter { $0 != "-" }
        let usual = Set(Vocabulary.mealWords)
        for candidate in [joined, TextNormalizer.singular(joined)] where usual.contains(candidate) {
            return candidate
        }
        return word
    }

    /// `group` lowercased, each run of characters that cannot be in a word as one `-`.
    static func tagWord(_ group: String) -> String? {
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
