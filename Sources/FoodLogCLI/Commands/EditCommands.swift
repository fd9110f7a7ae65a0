import Diary
import FoodLogCore
import FoodLogEngine
import MealCompiler
import MealSyntax

/// `foodlog entries`, `foodlog remove`, `foodlog edit`: changing past days that no script owns.
///
/// A `.meal` script stays the source of truth for what it wrote (running it again replaces
/// that), so these change only entries that were typed in (REPL, `-e`, `foodlog log`) or
/// imported; a script's entries are listed with the script's name and left alone.
enum EditCommands {
    static let entries = CommandSpec(
        name: "entries", summary: "a day's entries, numbered, with where each came from", arguments: "[PERIOD]",
        argumentCount: 0...Int.max, options: [RunCommands.dbOption],
        details: """
            Lists each day's entries in the order they were logged, numbered from 1 (the numbers that
            'foodlog remove DATE N' takes), with the meal, time, item, energy and where the entry came
            from: 'typed' (REPL, -e, foodlog log, foodlog edit), a script's file name, or
            'import FILE'. PERIOD defaults to today.

            examples:
              foodlog entries
              foodlog entries yesterday
              foodlog entries last 3 days
            """
    ) { invocation in
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        var failure = ExitCode.ok
        let text = invocation.positionals.isEmpty ? "today" : invocation.positionals.joined(separator: " ")
        guard let (range, _, _) = RunCommands.days(of: text, in: session.diary, invocation, failure: &failure) else {
            return failure
        }
        do throws(DiaryError) {
            // One day is listed even when empty; a longer period lists its days with entries.
            var listedAny = false
            for day in range.days {
                let listed = try DayEntries.load(day, diary: session.diary)
                guard range.count == 1 || !listed.entries.isEmpty else { continue }
                invocation.console.out(listed.listing())
                listedAny = true
            }
            if !listedAny { invocation.console.out("nothing logged in \(range)\n") }
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
        return .ok
    }

    static let remove = CommandSpec(
        name: "remove", summary: "remove one entry of a day (its number from 'foodlog entries')",
        arguments: "DATE N", argumentCount: 2...Int.max, options: [RunCommands.dbOption],
        details: """
            Removes entry N of DATE (today, yesterday or YYYY-MM-DD) and says what it removed; the
            entries after it move up one number. An entry a .meal script wrote is not removed: change
            the script and run it again.

            examples:
              foodlog entries yesterday
              foodlog remove yesterday 2
            """
    ) { invocation in
        guard let numberText = invocation.positionals.last, let number = Int(numberText), number > 0 else {
            invocation.console.err(
                "foodlog remove: '\(invocation.positionals.last ?? "")' is not an entry number\n"
                    + "help: usage: \(invocation.command.usage); 'foodlog entries DATE' numbers them\n")
            return .usage
        }
        guard let session = Session.open(invocation),
            let day = oneDay(invocation.positionals.dropLast().joined(separator: " "), session, invocation)
        else { return .usage }
        let diary = session.diary
        do throws(DiaryError) {
            try diary.begin()
            defer { diary.rollback() }
            let listed = try DayEntries.load(day, diary: diary)
            guard number <= listed.entries.count else {
                invocation.console.err(
                    "foodlog remove: \(day) has \(listed.entries.count) entr\(listed.entries.count == 1 ? "y" : "ies")"
                        + ", no entry \(number)\nhelp: 'foodlog entries \(day)' lists them\n")
                return .dataError
            }
            let entry = listed.entries[number - 1]
            if case .script(let path) = listed.sources[number - 1] {
                invocation.console.err(
                    "foodlog remove: entry \(number) of \(day) was written by \(DayEntries.baseName(path))\n"
                        + "help: change that script and run it again (running it replaces what it wrote)\n")
                return .dataError
            }
            try diary.deleteEntries([entry.id])
            try diary.commit()
            invocation.console.out(
                "removed entry \(number) of \(day): \(DayEntries.itemText(entry))"
                    + (entry.meal.map { " @" + $0 } ?? "") + " (" + formatThousands(entry.nutrients.amount(.kcal))
                    + " kcal)\n")
            return .ok
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }

    static let edit = CommandSpec(
        name: "edit", summary: "edit a day's entries as meal text in $VISUAL / $EDITOR", arguments: "[DATE]",
        argumentCount: 0...Int.max, options: [RunCommands.dbOption],
        details: """
            Opens DATE's entries (default: today) as log lines in $VISUAL, else $EDITOR, else vi. Change,
            add or delete log lines, save and quit: the day's entries are replaced in one transaction.
            A line left as it was keeps its entries exactly (food, amounts, where they came from); a
            changed or new line is resolved as a typed 'log' is (your library, the food table, an
            estimate). Entries a .meal script wrote appear as comments: change the script instead.
            Only log lines of DATE are allowed. If a line has an error, nothing is written, the errors
            are shown and 'edit again? [Y/n]' asks: Enter or y opens the editor again with the errors
            at the top; n (or the end of input) leaves the day as it was (exit 65). Exit 70 when the
            editor fails.

            examples:
              foodlog edit
              foodlog edit yesterday
              EDITOR=nano foodlog edit 2026-11-28
            """
    ) { invocation in
        guard let session = Session.open(invocation),
            let day = oneDay(
                invocation.positionals.isEmpty ? "today" : invocation.positionals.joined(separator: " "), session,
                invocation)
        else { return .usage }
        let edit: DayEdit
        do throws(DiaryError) { edit = DayEdit(try DayEntries.load(day, diary: session.diary)) } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
        return edit.run(session, invocation)
    }

    /// The one day `text` names (today, yesterday, a date); nil after printing why not.
    static func oneDay(_ text: String, _ session: Session, _ invocation: Invocation) -> CalendarDate? {
        var failure = ExitCode.ok
        guard let (range, _, _) = RunCommands.days(of: text, in: session.diary, invocation, failure: &failure)
        else { return nil }
        guard range.count == 1 else {
            invocation.console.err(
                "foodlog \(invocation.command.name): '\(text)' is \(range.count) days; give one day\n"
                    + "help: usage: \(invocation.command.usage)\n")
            return nil
        }
        return range.first
    }
}
