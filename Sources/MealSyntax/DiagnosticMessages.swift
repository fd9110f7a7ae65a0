import FoodLogCore

/// Every diagnostic the language reports, with its stable id and wording. Nothing else in the
/// project spells a syntax message; tests refer to the ids.
public enum DiagnosticMessages {

    // MARK: Lexical

    static func nulByte(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .nulByte, message: "NUL byte in the script", range: range,
            help: "the file looks binary; meal scripts are UTF-8 text")
    }

    static func invalidUTF8(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .invalidUtf8, message: "invalid UTF-8 (\(range.length) byte\(range.length == 1 ? "" : "s"))",
            range: range, help: "save the file as UTF-8")
    }

    static func unexpectedCharacter(_ text: String, _ range: SourceRange) -> Diagnostic {
        var help: String?
        if text.hasPrefix("\u{201C}") || text.hasPrefix("\u{201D}") {
            help = "use straight double quotes: \"name\""
        }
        return Diagnostic(
            id: .unexpectedCharacter, message: "unexpected character '\(text)'", range: range,
            help: help ?? "names with symbols must be quoted: \"name\"")
    }

    static func expectedMealName(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .expectedMealName, message: "expected a meal name after '@'", range: range,
            help: "for example @breakfast, @lunch, @dinner or @snack")
    }

    static func unterminatedString(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unterminatedString, message: "unterminated quoted name", range: range,
            help: "close the name with '\"' on the same line",
            fixIt: FixIt(range: SourceRange(range.end, range.end), replacement: "\""))
    }

    static func invalidEscape(_ text: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .invalidEscape, message: "unknown escape '\(text)' in a quoted name", range: range,
            help: "the escapes are \\\" \\\\ \\n \\t and \\u{HEX}; write a backslash as \\\\")
    }

    static func invalidDate(_ text: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .invalidDate, message: "'\(text)' is not a calendar date", range: range,
            help: "dates are YYYY-MM-DD, e.g. 2026-11-29")
    }

    static func invalidTime(_ text: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .invalidTime, message: "'\(text)' is not a time of day", range: range,
            help: "times are HH:MM on a 24-hour clock (16:30), or 1–12 with am/pm (4:30 pm, 7pm), noon or midnight")
    }

    static func zeroDenominator(_ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .zeroDenominator, message: "a fraction cannot divide by zero", range: range)
    }

    // MARK: Syntax

    static func incompleteInput(after text: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .incompleteInput, message: "input ends after '\(text)'", range: range,
            help: "a line ending in '\(text)' continues on the next line; finish the statement")
    }

    static func unexpectedToken(_ found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unexpectedToken, message: "unexpected \(found) at the end of the statement", range: range,
            help: "separate statements with a new line or ';'")
    }

    static func expected(_ what: String, found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .expectedToken, message: "expected \(what), found \(found)", range: range)
    }

    static func expectedItem(found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .expectedItem, message: "expected a food item, found \(found)", range: range,
            help: "an item is [quantity] [unit] name, e.g. '2 eggs' or '200 g rice'")
    }

    static func expectedName(found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .expectedName, message: "expected a food name, found \(found)", range: range,
            help: "write the food's name, or quote it: \"sourdough bread (bakery)\"")
    }

    static func emptyName(_ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .emptyName, message: "a quoted name cannot be empty", range: range)
    }

    static func nameTooLong(bytes: Int, words: Int, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .nameTooLong,
            message:
                "this name is too long (\(formatThousands(Double(bytes))) bytes, \(formatThousands(Double(words))) word\(words == 1 ? "" : "s"))",
            range: range,
            help: "a food name has at most \(SaneRanges.nameBytes) bytes and \(SaneRanges.nameWords) words")
    }

    static func unclosedParenthesis(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unclosedParenthesis, message: "'(' is never closed", range: range,
            help: "close the note with ')' on the same line")
    }

    static func modifierNotAllowed(_ found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .modifierNotAllowed, message: "\(found) is only allowed in a 'log' statement", range: range)
    }

    static func duplicateModifier(_ modifier: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .duplicateModifier, message: "'\(modifier)' is given twice in one statement", range: range,
            help: "split the items into two 'log' lines")
    }

    static func unknownUnit(_ word: String, suggestion: String?, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unknownUnit, message: "unknown unit '\(word)'", range: range,
            help: suggestion.map { "did you mean '\($0)'?" } ?? "use g, ml, cup, tbsp, slice…, or quote the name",
            fixIt: suggestion.map { FixIt(range: range, replacement: $0) })
    }

    static func unknownStatement(_ word: String, suggestion: String?, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unknownStatement, message: "unknown statement '\(word)'", range: range,
            help: suggestion.map { "did you mean '\($0)'?" }
                ?? "statements start with: " + Vocabulary.statementKeywords.joined(separator: ", "),
            fixIt: suggestion.map { FixIt(range: range, replacement: $0) })
    }

    static func missingLogKeyword(_ found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .missingLog, message: "a statement cannot start with \(found)", range: range,
            help: "to record food, start the line with 'log', e.g. 'log 2 eggs'",
            fixIt: FixIt(range: SourceRange(range.start, range.start), replacement: "log "))
    }

    static func expectedStatement(found: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .expectedStatement, message: "expected a statement, found \(found)", range: range,
            help: "statements start with: " + Vocabulary.statementKeywords.joined(separator: ", "))
    }

    static func reversedRange(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .reversedRange, message: "the range ends before it starts", range: range,
            help: "write the earlier date first: 2026-11-01..2026-11-30")
    }

    /// A meal tag that is not one of the usual ones but close to one (a warning).
    public static func unusualMeal(_ word: String, suggestion: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unusualMeal, severity: .warning, message: "unusual meal '@\(word)'", range: range,
            help: "did you mean '@\(suggestion)'?", fixIt: FixIt(range: range, replacement: suggestion))
    }

    // MARK: Resolution

    /// A name no tier of the resolver chain knows.
    /// `estimatorFailures`: why user estimators that were asked gave nothing (put first in the help).
    public static func unknownFood(
        _ name: String, suggestions: [String], estimatorFailures: [String] = [], _ range: SourceRange
    ) -> Diagnostic {
        let name = shortened(name)
        let advice =
            suggestions.isEmpty
            ? "define it with: food \(QuotedName.quote(name)) per 100 g = … kcal, … g protein"
            : "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ") + "?"
        return Diagnostic(
            id: .unknownFood, message: "no food matches '\(name)'", range: range,
            help: (estimatorFailures.map { $0 + "; " }.joined()) + advice)
    }

    /// A unit the food has no weight for.
    public static func noPortion(_ message: String, help: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .noPortion, message: message, range: range, help: help)
    }

    /// Text quoted in a message: at most 80 characters, the rest cut to `…`.
    public static func shortened(_ text: String) -> String {
        var cut = text.prefix(81)
        guard cut.count > 80 else { return text }
        cut.removeLast(2)
        return cut + "…"
    }

    // MARK: Periods

    /// A period longer than ``SaneRanges/periodDays`` even after cutting it to the diary's days.
    public static func periodTooLong(_ range: DayRange, _ source: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .periodTooLong,
            message:
                "the days with entries in this period, \(range), span \(formatThousands(Double(range.count))) days",
            range: source,
            help:
                "a period has at most \(formatThousands(Double(SaneRanges.periodDays))) days (100 years); ask for a shorter one"
        )
    }

    /// A period longer than ``SaneRanges/periodDays``, cut to the days with entries (a warning).
    public static func periodClipped(_ range: DayRange, to clipped: DayRange?, _ source: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .periodClipped, severity: .warning,
            message: "the period \(range) has more than \(formatThousands(Double(SaneRanges.periodDays))) days; "
                + (clipped.map { "showing the days with entries, \($0)" } ?? "no day in it has entries"),
            range: source,
            help: "a period has at most \(formatThousands(Double(SaneRanges.periodDays))) days (100 years)")
    }

    // MARK: Checks (compiler)

    public static func nonPositiveAmount(_ text: String, _ range: SourceRange, help: String? = nil) -> Diagnostic {
        Diagnostic(
            id: .nonPositiveAmount, message: "amount '\(shortened(text))' must be more than zero", range: range,
            help: help)
    }

    /// A quantity, `serves`, portion count or body weight outside ``SaneRanges``; `allowed`
    /// says the range (`0.001 to 100,000`, `2 to 700 kg`).
    public static func implausibleAmount(_ text: String, allowed: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .implausibleAmount, message: "amount '\(shortened(text))' is implausible", range: range,
            help: "it must be \(allowed); check the number and the unit")
    }

    /// An item or portion whose weight is outside ``SaneRanges/itemGrams``.
    public static func implausibleWeight(_ text: String, grams: Double, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .implausibleWeight, message: "'\(shortened(text))' weighs \(formatReadable(grams)) g", range: range,
            help: "one item or portion weighs 1 mg to 100 kg; check the number and the unit")
    }

    /// A food definition whose nutrient per 100 g is more than any food holds.
    public static func tooDense(
        _ nutrient: String, perHundredGrams: Double, unit: String, limit: Double,
        _ range: SourceRange
    ) -> Diagnostic {
        Diagnostic(
            id: .tooDense, message: "that is \(formatReadable(perHundredGrams)) \(unit) of \(nutrient) per 100 g",
            range: range,
            help:
                "100 g of a food holds at most \(formatReadable(limit)) \(unit) of it; check the amount and the portion's weight"
        )
    }

    /// `per fortnight`, `on monday`, `on 2026-12-01` after a target's amounts.
    static func unknownTargetScope(
        _ preposition: String, found: String, suggestion: String?, date: String?, _ range: SourceRange
    ) -> Diagnostic {
        let allowed = preposition == "per" ? "'per day' or 'per week'" : "'on weekends' or 'on weekdays'"
        let help =
            if let suggestion { "did you mean '\(preposition) \(suggestion)'?" } else if let date {
                "a target holds from a day on: 'from \(date)'"
            } else if CalendarDate.weekdayNames.contains(found.lowercased().filter { $0 != "'" }) {
                "a target holds on weekends or on weekdays as a whole, not on one day of the week"
            } else {
                "a target is per day (the default), per week (the week's total, Monday to Sunday), on weekends or on weekdays"
            }
        return Diagnostic(
            id: .unknownTargetScope, message: "expected \(allowed) after '\(preposition)', found \(found)",
            range: range, help: help,
            fixIt: suggestion.map { FixIt(range: range, replacement: $0) })
    }

    /// `per week on weekends`: a target statement names the days it is for once.
    static func conflictingTargetScope(_ second: String, first: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .conflictingTargetScope, message: "'\(second)' after '\(first)': a target is for one kind of day",
            range: range,
            help: "set each in its own statement: 'target … \(first)' and 'target … \(second)'")
    }

    /// A target outside ``SaneRanges/target(unit:)``.
    public static func targetOutOfRange(_ text: String, allowed: String, weekly: Bool = false, _ range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            id: .targetOutOfRange, message: "target '\(shortened(text))' is out of range", range: range,
            help: "a \(weekly ? "weekly" : "daily") target of it is \(allowed)")
    }

    public static func unknownNutrient(_ text: String, suggestion: String?, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .unknownNutrient, message: "unknown nutrient '\(text)'", range: range,
            help: suggestion.map { "did you mean '\($0)'?" } ?? "see 'foodlog help nutrients' for the names",
            fixIt: suggestion.map { FixIt(range: range, replacement: $0) })
    }

    public static func derivedNutrient(_ name: String, from parts: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .derivedNutrient, message: "a food cannot store \(name): they are worked out from \(parts)",
            range: range, help: "give \(parts) instead")
    }

    public static func missingNutrientName(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .missingNutrient, message: "which nutrient is this amount of?", range: range,
            help: "write it after the amount: '24 g protein'")
    }

    public static func wrongNutrientUnit(_ unit: String, nutrient: String, expected: String, _ range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            id: .wrongUnit, message: "'\(unit)' cannot measure \(nutrient)", range: range,
            help: "\(nutrient) is measured in \(expected)")
    }

    public static func wrongWeightUnit(_ unit: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .wrongUnit, message: "'\(unit)' is not a unit of body weight", range: range,
            help: "use kg or lb: 'weight 72.4 kg'")
    }

    public static func portionNeedsWeight(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .portionNeedsWeight, message: "this portion has no weight", range: range,
            help: "give its weight in parentheses: 'per 1 scoop (30 g)', or use 'per 100 g'")
    }

    public static func duplicateNutrient(_ key: String, _ range: SourceRange, earlier: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .duplicateNutrient, message: "\(key) is given twice", range: range,
            notes: [DiagnosticNote("first given here", range: earlier)])
    }

    public static func missingEnergy(_ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .missingEnergy, message: "a food needs its energy", range: range,
            help: "add the kcal: food \"kimchi\" per 100 g = 15 kcal, …")
    }

    // MARK: Runtime

    /// A name matched only after correcting its spelling (a warning: the item is kept).
    public static func assumedSpelling(_ text: String, corrected: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .assumedSpelling, severity: .warning, message: "assumed '\(text)' means '\(corrected)'",
            range: range, help: "check the review; write the name as in 'foodlog search' to be sure")
    }

    /// A word of the name means different foods to different people (`chips`: crisps or
    /// fries) and nothing in the item said which: the default sense was logged.
    public static func ambiguousFood(
        _ text: String, chosen: String, others: [String], strict: Bool, _ range: SourceRange
    ) -> Diagnostic {
        let alternatives = others.map { "'\($0)'" }.joined(separator: " or ")
        return Diagnostic(
            id: .ambiguousFood, severity: strict ? .error : .warning,
            message: "'\(shortened(text))' is read as \(chosen); it may also mean \(alternatives)",
            range: range, help: "say which, or give the amount it comes in ('a bag of chips', 'a plate of chips')")
    }

    /// The ids of the doubts about a resolved item (``assumedAmount(_:assumption:strict:_:)``,
    /// ``estimatedFood(_:reason:strict:_:)``, ``implausibleItem(_:grams:kcal:strict:_:)``,
    /// ``assumedSpelling(_:corrected:_:)``): warnings shown after a run's summary, errors
    /// under `--strict`.
    public static let itemDoubtIDs: Set<String> = [
        DiagnosticID.assumedAmount.rawValue, DiagnosticID.estimatedFood.rawValue,
        DiagnosticID.implausibleItem.rawValue, DiagnosticID.assumedSpelling.rawValue,
        DiagnosticID.ambiguousFood.rawValue, DiagnosticID.nearestFood.rawValue,
    ]

    /// The table has no row for the food the name says, and a curated alias or the ranking logs
    /// the nearest one in its stead (a pork pie as a beef empanada; a chicken tikka wrap as a
    /// grilled chicken wrap, whose words `unsaid` the row does not say).
    public static func nearestFood(
        _ name: String, food: String, unsaid: [String] = [], strict: Bool, _ range: SourceRange
    ) -> Diagnostic {
        let lacking =
            unsaid.isEmpty ? "" : " (it does not say " + unsaid.map { "'\($0)'" }.joined(separator: ", ") + ")"
        return Diagnostic(
            id: .nearestFood, severity: strict ? .error : .warning,
            message: "the table has no '\(shortened(name))'; logged the nearest food, \(food)\(lacking)", range: range,
            help: "define it with its own nutrients ('food \"\(shortened(name))\" per 100 g = …') to log it exactly")
    }

    /// An item's weight is a household default or a scaled size, not the food's own portion.
    public static func assumedAmount(_ text: String, assumption: String, strict: Bool, _ range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            id: .assumedAmount, severity: strict ? .error : .warning,
            message: "assumed \(assumption) for '\(shortened(text))'", range: range,
            help: "give the amount in g or ml to be exact")
    }

    /// No food matched; the item's nutrients are an estimate.
    public static func estimatedFood(_ text: String, reason: String, strict: Bool, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .estimatedFood, severity: strict ? .error : .warning,
            message: "'\(shortened(text))' is an estimate: \(reason)", range: range,
            help: "define it with 'food', or use a name 'foodlog search' shows")
    }

    /// One item weighs or holds more than anyone eats at once (allowed, but shown).
    public static func implausibleItem(_ text: String, grams: Double, kcal: Double, strict: Bool, _ range: SourceRange)
        -> Diagnostic
    {
        Diagnostic(
            id: .implausibleItem, severity: strict ? .error : .warning,
            message:
                "'\(shortened(text))' is \(formatThousands(grams.rounded())) g, \(formatThousands(kcal.rounded())) kcal in one item",
            range: range, help: "check the quantity and the unit")
    }

    /// A plan name that is neither built in nor a readable file.
    public static func unknownPlan(_ message: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .unknownPlan, message: message, range: range, help: "see 'foodlog plans' for the plans you have")
    }

    /// A Lua script failed (its own message names the script and line).
    public static func luaError(_ message: String, traceback: String?, _ range: SourceRange) -> Diagnostic {
        Diagnostic(id: .luaError, message: message, range: range, notes: traceback.map { [DiagnosticNote($0)] } ?? [])
    }

    /// `foodlog edit DAY` met a statement other than that day's log lines.
    public static func editOutsideDay(_ day: CalendarDate, otherDay: CalendarDate?, _ range: SourceRange)
        -> Diagnostic
    {
        if let otherDay {
            return Diagnostic(
                id: .editOutsideDay, message: "this logs on \(otherDay); 'edit \(day)' changes \(day) only",
                range: range,
                help: "log it on \(otherDay) with 'foodlog log … on \(otherDay)' or 'foodlog edit \(otherDay)'")
        }
        return Diagnostic(
            id: .editOutsideDay, message: "'edit \(day)' changes only the day's log lines", range: range,
            help: "run other statements on their own: foodlog -e '…'")
    }

    /// A script logs lines another script already logged on the same days (a warning: a copy
    /// or renamed copy of a script counts those days twice).
    public static func duplicateScript(
        lines: Int, days: [CalendarDate], otherScript: String, _ range: SourceRange
    ) -> Diagnostic {
        let shown = days.prefix(3).map(\.description).joined(separator: ", ")
        let more = days.count > 3 ? " and \(days.count - 3) more day\(days.count == 4 ? "" : "s")" : ""
        return Diagnostic(
            id: .duplicateScript, severity: .warning,
            message: "\(lines) log line\(lines == 1 ? "" : "s") on \(shown)\(more) "
                + "\(lines == 1 ? "is" : "are") also logged by \(otherScript)",
            range: range,
            help: "is this a copy of \(otherScript)? both are kept, so those days count the food twice")
    }

    /// A plan option the plan does not declare.
    public static func unknownOption(
        _ key: String, plan: String, suggestion: String?, known: [String], _ range: SourceRange
    ) -> Diagnostic {
        let help =
            known.isEmpty
            ? "\(plan) has no options"
            : (suggestion.map { "did you mean '\($0)'? " } ?? "") + "\(plan)'s options: "
                + known.joined(separator: ", ") + " ('plan show \(plan)' explains them)"
        return Diagnostic(
            id: .unknownOption, message: "plan \(plan) has no option '\(key)'", range: range, help: help)
    }

    /// A plan option given a value of another type than its default's.
    public static func optionType(_ key: String, expected: String, value: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(
            id: .optionType, message: "option '\(key)' takes \(expected), not '\(value)'", range: range,
            help: "'plan show' lists each option with its default")
    }
}
