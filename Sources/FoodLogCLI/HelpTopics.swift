import FoodLogCore
import Nutrition

/// Help topics: reference pages that are not commands (`foodlog help units`). Each page is
/// printed from the table its facts live in, so the help cannot drift from what is accepted.
enum HelpTopics {
    struct Topic: Sendable {
        var name: String
        var summary: String
        var text: @Sendable () -> String
    }

    static let all: [Topic] = [
        Topic(name: "log", summary: "how an item is written: quantity, unit, name, note, @meal, at, on") { log },
        Topic(name: "units", summary: "every unit word, its spellings and what it weighs or holds") { units },
        Topic(name: "nutrients", summary: "every nutrient, its unit and the names it goes by") { nutrients },
        Topic(name: "periods", summary: "how a span of days is written (today, last 7 days, …)") { periods },
    ]

    static func named(_ name: String) -> Topic? {
        all.first { $0.name == name.lowercased() }
    }

    /// The item syntax of `log` (the grammar's `item` and modifiers, in words).
    static let log = """
        log ITEM {, ITEM} [@MEAL] [at HH:MM] [on DATE]

        An item is [quantity] [unit] [of] name [(note)]:
          quantity  2  1.5  1/2  1 1/2  ½  1½  a  an  one … twelve  half (an)  a dozen  2 dozen
          unit      200 g, 200g, 2 cups, 1 slice — 'foodlog help units' lists them
          name      words up to a modifier, ',' or 'and'; "quoted" when it holds those
          note      (no skin) after the name, or ', grilled' after the item
        Items are separated by ',', ', and', 'and' or '+'. Modifiers may come anywhere:
          @breakfast  @lunch  @dinner  @snack  @post-workout   the meal (any word)
          at 7:05  at 16:30                                    the time, 24-hour clock
          on 2026-11-28                                        the day (else the date line, else today)
        Names resolve through your foods, recipes, meals and aliases, then the built-in table,
        then an estimate (always marked). Reference: grammar/README.md#items.
        """

    /// Every unit of ``MeasureUnit/all``, grouped by kind, with its spellings and size.
    static var units: String {
        var text = "Units are case-insensitive and may be glued to the number (200g, 1½cups).\n"
        let kinds: [(UnitKind, String, String)] = [
            (.mass, "mass", "g"), (.volume, "volume", "ml"),
            (.energy, "energy", "kcal"), (.household, "household (weight from the food)", ""),
        ]
        for (kind, heading, base) in kinds {
            let units = MeasureUnit.all.filter { $0.kind == kind }
            text += "\n\(heading):\n"
            if kind == .household {
                text += wrapped(units.map { ([$0.name] + $0.spellings).joined(separator: "/") }, indent: 2)
                continue
            }
            let rows = units.map { unit -> (String, String) in
                (
                    ([unit.name] + unit.spellings).joined(separator: ", "),
                    unit.factor.map { "= " + formatNumber($0) + " " + base } ?? ""
                )
            }
            let width = (rows.map(\.0.count).max() ?? 0) + 2
            for (spellings, size) in rows { text += "  " + spellings.padding(to: width) + size + "\n" }
        }
        text +=
            "\nin nutrient amounts only (food …, target …): "
            + (MeasureUnit.microgramSpellings + [MeasureUnit.internationalUnitSpelling]).joined(separator: ", ") + "\n"
        return text
    }

    /// Every nutrient of ``Nutrient/all``: key, unit, name and other accepted spellings.
    static var nutrients: String {
        var text = "Nutrients in food, target, show, chart and top: the key, its name or another spelling.\n"
        text += "Amounts are in the nutrient's unit; other units of the same kind convert (2.3 g sodium).\n\n"
        let rows =
            Nutrient.all.map { nutrient -> (String, String, String) in
                let names = [nutrient.name] + nutrient.otherSpellings
                return (nutrient.key, nutrient.unit, names.joined(separator: ", "))
            } + [("net_carbs", "g", "net carbs: carbs minus fiber")]
        let keyWidth = (rows.map(\.0.count).max() ?? 0) + 2
        let unitWidth = (rows.map(\.1.count).max() ?? 0) + 2
        for (key, unit, names) in rows {
            text += "  " + key.padding(to: keyWidth) + unit.padding(to: unitWidth) + names + "\n"
        }
        return text
    }

    /// The forms of a period (`PERIOD` in show, chart, top, check, insight, report).
    static let periodForms: [(written: String, meaning: String)] = [
        ("today", "today (the default of show, check, insight)"),
        ("yesterday", "yesterday"),
        ("2026-11-01", "one day"),
        ("2026-11-01..2026-11-30", "from one date to another, inclusive"),
        ("this week, this month", "the calendar week or month so far"),
        ("last week, last month", "the previous calendar week or month"),
        ("last N days, last N weeks", "the last N days (7×N), up to today"),
        ("week, month", "the last 7 or 30 days"),
        ("all", "every day in the diary, from its first entry to today"),
    ]

    static var periods: String {
        let width = (periodForms.map(\.written.count).max() ?? 0) + 2
        return periodForms.map { "  " + $0.written.padding(to: width) + $0.meaning + "\n" }.joined()
            + "\nNamed periods stop at today; a period covers at most 100 years. Reference: grammar/README.md#periods.\n"
    }

    /// Words joined by two spaces, in lines of at most 92 columns.
    static func wrapped(_ words: [String], indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [[String]] = [[]]
        var length = indent
        for word in words {
            if !lines[lines.count - 1].isEmpty, length + 2 + word.count > 92 {
                lines.append([])
                length = indent
            }
            length += (lines[lines.count - 1].isEmpty ? 0 : 2) + word.count
            lines[lines.count - 1].append(word)
        }
        return lines.map { margin + $0.joined(separator: "  ") + "\n" }.joined()
    }
}
