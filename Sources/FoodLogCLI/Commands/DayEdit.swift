import Diary
import FoodLogCore
import FoodLogEngine
import MealCompiler
import MealSyntax

/// `foodlog edit DAY`: the day's entries as meal text, and the saved text applied back.
///
/// Each statement group (one `log` line as it was typed or imported) becomes one `log` line
/// written as `export --meal` writes it. On save, a line that is still there word for word
/// keeps its entries untouched; the groups whose lines are gone are removed; changed and new
/// lines are logged (origin `<edit>`, a typed origin). All of it is one transaction, and it
/// happens only if the day's entries are still the ones that were opened.
struct DayEdit {
    let listed: DayEntries
    /// The editable groups' `log` lines, in logging order: as shown, as a statement reads
    /// (without a comment), and their entries' ids.
    let lines: [(text: String, statement: String, ids: [Int64])]
    /// Lines of the entries scripts wrote: (script file name, line).
    let scriptLines: [(script: String, text: String)]

    static let originPath = "<edit>"
    /// Lines starting with this are the errors of the last save, shown above the text.
    static let errorPrefix = "#! "

    init(_ listed: DayEntries) {
        self.listed = listed
        var groups: [(group: Int64, source: EntrySource, entries: [Entry])] = []
        for (entry, source) in zip(listed.entries, listed.sources) {
            if let index = groups.lastIndex(where: { $0.group == entry.group }) {
                groups[index].entries.append(entry)
            } else {
                groups.append((entry.group, source, [entry]))
            }
        }
        var lines: [(String, String, [Int64])] = []
        var scriptLines: [(String, String)] = []
        for group in groups {
            guard let line = MealScriptExport.logLine(group.entries),
                let statement = MealScriptExport.logLine(group.entries, marked: false)
            else { continue }
            if case .script(let path) = group.source {
                scriptLines.append((DayEntries.baseName(path), line))
            } else {
                lines.append((line, statement, group.entries.map(\.id)))
            }
        }
        self.lines = lines
        self.scriptLines = scriptLines
    }

    var day: CalendarDate { listed.day }

    /// The text the editor opens.
    var text: String {
        var text = """
            # foodlog edit \(day): change, add or delete log lines, then save and quit.
            # A line left as it is keeps its entries; delete a line to remove its entries.

            """
        var script: String?
        for line in scriptLines {
            if line.script != script {
                text += "# written by \(line.script) (change that file and run it again):\n"
                script = line.script
            }
            text += "#   " + line.text + "\n"
        }
        text += "\(day)\n"
        for line in lines { text += line.text + "\n" }
        return text
    }

    /// Opens the editor until the text applies cleanly or the user gives up.
    func run(_ session: Session, _ invocation: Invocation) -> ExitCode {
        let original = text
        var presented = original
        var firstSave = true
        let answers = LineReader(interactive: false, historyPath: nil)
        while true {
            let saved: String
            do throws(ExternalEditor.Failure) {
                saved = String(
                    decoding: try ExternalEditor.edit(presented, environment: invocation.environment),
                    as: UTF8.self)
            } catch {
                invocation.console.err("foodlog edit: \(error.message); \(day) is as it was\n")
                return .software
            }
            let userText = DayEdit.withoutErrors(saved)
            if firstSave, saved == original {
                invocation.console.out("\(day): no changes\n")
                return .ok
            }
            firstSave = false
            let source = SourceFile(name: "<edit \(day)>", text: saved)
            let result: (outcome: Pipeline.Outcome, kept: Int, removed: Int, summary: Interpreter.Summary)
            do throws(DiaryError) { result = try apply(source, session, invocation) } catch {
                invocation.console.err("foodlog: \(error.message)\n")
                return .ioError
            }
            RunCommands.report(result.outcome.diagnostics, source: source, invocation)
            if result.outcome.succeeded {
                var summary = "\(day): kept \(result.kept) line\(result.kept == 1 ? "" : "s")"
                summary += ", removed \(result.removed) item\(result.removed == 1 ? "" : "s")"
                summary += ", logged \(result.summary.items) item\(result.summary.items == 1 ? "" : "s")"
                if result.summary.items > 0 { summary += " (" + formatThousands(result.summary.kcal) + " kcal)" }
                invocation.console.out(summary + "\n")
                return .ok
            }
            let errors = result.outcome.diagnostics.filter { $0.severity == .error }.count
            invocation.console.err("\(source.name): \(errors) error\(errors == 1 ? "" : "s"); nothing was written\n")
            // As `crontab -e` asks: Enter or y opens the editor again; n or the end of input gives up.
            invocation.console.out("edit again? [Y/n] ")
            let answer = answers.readLine(prompt: "").line?.trimmingSpaces().lowercased()
            if !invocation.console.inputIsTerminal { invocation.console.out("\n") }  // the answer was not echoed
            guard let answer, answer.isEmpty || answer == "y" || answer == "yes" else {
                invocation.console.out("\(day) is as it was\n")
                return .dataError
            }
            let rendered = DiagnosticRenderer(colored: false).render(result.outcome.diagnostics, in: source)
            presented =
                rendered.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                    DayEdit.errorPrefix + $0 + "\n"
                }.joined()
                + DayEdit.errorPrefix + "nothing was written: fix the lines, then save and quit\n"
                + userText
        }
    }

    /// The saved text without the error lines of an earlier save.
    static func withoutErrors(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.hasPrefix(errorPrefix) { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }

    /// Applies the saved text in one transaction: unchanged lines are kept, missing ones
    /// removed, changed and new ones logged; anything but the day's log lines is refused.
    func apply(_ source: SourceFile, _ session: Session, _ invocation: Invocation) throws(DiaryError)
        -> (outcome: Pipeline.Outcome, kept: Int, removed: Int, summary: Interpreter.Summary)
    {
        var unmatched: [String: [[Int64]]] = [:]
        for line in lines { unmatched[line.statement, default: []].append(line.ids) }
        var kept = Set<Int>()
        for statement in Parser.parse(source).statements {
            guard case .log = statement.kind else { continue }
            let written = source.text(statement.range)
            if var groups = unmatched[written], !groups.isEmpty {
                groups.removeFirst()
                unmatched[written] = groups
                kept.insert(statement.range.start)
            }
        }
        let removedIDs = unmatched.values.flatMap { $0.flatMap { $0 } }
        let opened = Set(listed.editableIDs)
        let day = self.day
        let output = CLIOutput(console: invocation.console, source: source)
        output.holdsOutput = true
        let interpreter = session.interpreter(.run, output: output)
        var removed = 0
        let outcome = try Pipeline.run(
            source, on: interpreter, originPath: DayEdit.originPath, replacing: false,
            start: { diary throws(DiaryError) in
                guard Set(try DayEntries.load(day, diary: diary).editableIDs) == opened else {
                    throw DiaryError(
                        kind: .other, path: diary.path,
                        message: "\(day) changed while it was being edited; nothing was written (run edit again)")
                }
                removed = try diary.deleteEntries(removedIDs)
            },
            admit: { op, statement in
                switch op.kind {
                case .setDay(let other):
                    return other == day
                        ? .skip : .refuse(DiagnosticMessages.editOutsideDay(day, otherDay: nil, op.range))
                case .log(let other, _, _, _):
                    if other != day {
                        return .refuse(DiagnosticMessages.editOutsideDay(day, otherDay: other, op.range))
                    }
                    return kept.contains(statement.range.start) ? .skip : .run
                default:
                    return .refuse(DiagnosticMessages.editOutsideDay(day, otherDay: nil, op.range))
                }
            })
        output.release(succeeded: outcome.succeeded)
        return (outcome, kept.count, outcome.succeeded ? removed : 0, interpreter.summary)
    }
}
