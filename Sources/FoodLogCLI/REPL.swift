import FoodLogCore
import Diary
import LuaHost
import FoodLogEngine
import Glibc
import MealCompiler
import MealSyntax
import Nutrition

/// The interactive session: type statements, review each `log` line, save it or not.
///
/// The same pipeline as files (parse → compile → resolve → diary), one input at a time. On a
/// terminal a `log` line is shown for review and saved only after `Save? [Y/n/e]`; in a pipe,
/// statements are saved as they come (like `foodlog run -`, but one statement at a time so a
/// bad line does not stop the rest). Errors never end the session.
final class REPL {
    let console: Console
    let diary: Diary
    let reader: LineReader
    let session: Session
    let reviewer: Interpreter
    let writer: Interpreter
    var compiler: Compiler
    let askBeforeSaving: Bool
    /// Plans and insights; their Lua states are released whenever the REPL waits for input.
    let rules: RuleEngine
    var sawError = false
    static let origin = "<repl>"
    /// The library's names for Tab, taken again when a definition is saved.
    var library: [LibraryName] = []
    lazy var completer = Completer(tables: session.tables, environment: session.environment.variables)
    /// The first word of the statement a continuation line (`...>`) continues.
    var continuedKeyword: String?

    init(console: Console, session: Session, interactive: Bool, askBeforeSaving: Bool) {
        self.console = console
        self.diary = session.diary
        self.askBeforeSaving = askBeforeSaving
        let environment = session.environment
        let statePath = REPL.historyPath(environment)
        reader = LineReader(interactive: interactive, historyPath: statePath)
        self.session = session
        let output = CLIOutput(console: console, source: SourceFile(name: REPL.origin, text: ""))
        output.showLocation = false
        rules = session.rules
        reviewer = session.interpreter(.dryRun, output: output)
        let quietOutput = CLIOutput(console: console, source: SourceFile(name: REPL.origin, text: ""))
        quietOutput.showLocation = false
        writer = session.interpreter(.run, output: quietOutput)
        compiler = Compiler(today: environment.today)
        updateCompletions()
    }

    /// `$XDG_STATE_HOME/foodlog/history` (`~/.local/state/foodlog/history`), its folder created.
    static func historyPath(_ environment: Environment) -> String? {
        let state = environment["XDG_STATE_HOME"] ?? environment["HOME"].map { $0 + "/.local/state" }
        guard let state else { return nil }
        let directory = state + "/foodlog"
        var built = ""
        for part in directory.split(separator: "/") {
            built += "/" + part
            mkdir(built, 0o755)
        }
        return directory + "/history"
    }

    func run() -> ExitCode {
        if reader.interactive {
            console.out(
                "foodlog \(HelpText.version) — type a meal (log 2 eggs @breakfast), :help for help, Ctrl-D to leave\n")
        }
        var buffer = ""
        var initial: String?
        // Lines read so far, and the number of the buffer's first line (errors name it).
        var linesRead = 0
        var bufferFirstLine = 1
        while true {
            rules.reset()  // idle: release Lua states until a statement needs them again
            let prompt = buffer.isEmpty ? "foodlog> " : "...> "
            continuedKeyword = buffer.isEmpty ? nil : buffer.split(separator: " ").first.map(String.init)
            let (read, interrupted) = reader.readLine(prompt: prompt, initial: initial)
            initial = nil
            if interrupted {
                buffer = ""
                console.out("^C\n")
                continue
            }
            guard let line = read else { break }
            linesRead += 1
            if buffer.isEmpty { bufferFirstLine = linesRead }
            if reader.skippedLongLine || buffer.utf8.count + line.utf8.count > LineReader.lineLimit {
                console.err("foodlog: a statement longer than \(LineReader.lineLimit >> 20) MiB was skipped\n")
                sawError = true
                buffer = ""
                continue
            }
            let trimmed = line.trimmingSpaces()
            if buffer.isEmpty, trimmed.hasPrefix(":") {
                if handleCommand(trimmed) { break }
                continue
            }
            buffer += (buffer.isEmpty ? "" : "\n") + line
            var source = SourceFile(name: REPL.origin, text: buffer)
            source.firstLine = bufferFirstLine
            var script = Parser.parse(source)
            // Items typed without `log` (`3 crackers with cheese`) are a log statement.
            if let first = script.diagnostics.first, first.id == DiagnosticID.missingLog.rawValue,
                source.text(SourceRange(0, first.range.start)).allSatisfy({ $0 == " " || $0 == "\t" })
            {
                buffer = "log " + buffer
                source = SourceFile(name: REPL.origin, text: buffer)
                source.firstLine = bufferFirstLine
                script = Parser.parse(source)
            }
            if script.diagnostics.contains(where: \.isIncompleteInput) { continue }
            reader.remember(buffer.replacingNewlines())
            let text = buffer
            buffer = ""
            if script.hasErrors {
                report(script.diagnostics, source)
                continue
            }
            report(script.diagnostics, source)
            LuaInterrupts.catching(true)
            let edit = execute(script.statements, source: source, text: text)
            LuaInterrupts.catching(false)
            if LuaInterrupts.take() { console.out("interrupted\n") }
            if let edit { initial = edit }
        }
        if reader.interactive { console.out("\n") }
        return sawError ? .dataError : .ok
    }

    /// Runs the statements of one input; returns text to put back in the editor for `e`.
    func execute(_ statements: [Statement], source: SourceFile, text: String) -> String? {
        for statement in statements {
            if statement.kind.period == .all {
                do throws(DiaryError) { compiler.firstDay = try diary.firstDay() } catch {
                    console.err("foodlog: \(error.message)\n")
                    sawError = true
                    continue
                }
            }
            let before = compiler.diagnostics.count
            let op = compiler.compile(statement)
            report(Array(compiler.diagnostics[before...]), source)
            guard let op else { continue }
            do {
                if case .log = op.kind, askBeforeSaving {
                    let problems = try Pipeline.run(
                        op, statement: statement, source: source, on: reviewer, originPath: REPL.origin)
                    report(problems, source)
                    if problems.contains(where: { $0.severity == .error }) { continue }
                    switch ask() {
                    case .yes: break
                    case .no:
                        console.out("not saved\n")
                        continue
                    case .edit:
                        // The whole statement, on one line (libedit edits one line).
                        return MealScriptExport.oneLine(source.text(statement.range))
                    }
                }
                let itemsBefore = writer.summary.items
                let problems = try Pipeline.run(
                    op, statement: statement, source: source, on: writer, originPath: REPL.origin)
                report(askBeforeSaving ? problems.filter { $0.severity == .error } : problems, source)
                if case .log = op.kind, !problems.contains(where: { $0.severity == .error }) {
                    // Counted as stored: `with` parts are items of their own, comma notes are not.
                    let saved = writer.summary.items - itemsBefore
                    console.out("saved \(saved) item\(saved == 1 ? "" : "s")\n")
                }
                if case .defineFood = op.kind { updateCompletions() }
                if case .defineRecipe = op.kind { updateCompletions() }
                if case .defineMeal = op.kind { updateCompletions() }
                if case .defineAlias = op.kind { updateCompletions() }
            } catch {
                console.err("foodlog: \(error.message)\n")
                sawError = true
            }
        }
        return nil
    }

    enum Answer { case yes, no, edit }

    /// `Save? [Y/n/e]`: Enter or y saves, n discards, e edits.
    func ask() -> Answer {
        while true {
            let (read, interrupted) = reader.readLine(prompt: "Save? [Y/n/e] ")
            if interrupted { return .no }
            guard let answer = read?.trimmingSpaces().lowercased() else { return .no }
            switch answer {
            case "", "y", "yes": return .yes
            case "n", "no": return .no
            case "e", "edit": return .edit
            default: console.out("answer y (save), n (do not save) or e (edit the line)\n")
            }
        }
    }

    /// `:help`, `:quit`; true to leave.
    func handleCommand(_ command: String) -> Bool {
        switch command {
        case ":q", ":quit", ":exit": return true
        case ":help", ":h", ":?":
            console.out(REPL.help)
        default:
            let name = String(command.dropFirst())
            let suggestion = nearestWord(name, ["help", "quit"])
            console.err(
                "unknown command '\(command)'" + (suggestion.map { "; did you mean ':\($0)'?" } ?? "; try :help") + "\n"
            )
        }
        return false
    }

    func report(_ diagnostics: [Diagnostic], _ source: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        if diagnostics.contains(where: { $0.severity == .error }) { sawError = true }
        console.err(DiagnosticRenderer(colored: console.colorOnErrors).render(diagnostics, in: source))
    }

    /// Tab completes by context, as the language server does (``CompletionContext``,
    /// ``Completer``): keywords at a statement's start, units after a number, meals after `@`,
    /// plans after `plan`, foods after a quantity or unit (the library first), a target's days
    /// and `from` after its amounts. Called after
    /// the library changes, to take its names again.
    func updateCompletions() {
        library = LibraryName.all(in: diary)
        reader.setCompleter { [unowned self] prefix in
            let context = CompletionContext.at(linePrefix: prefix, continuing: continuedKeyword)
            let found = completer.candidates(for: context, library: library, limit: 200).candidates
            return (prefix.utf8.count - context.start, found.map(\.text))
        }
    }

    static let help = """
        Type statements as in a meal script; a log line is shown for review before it is saved.
          log 2 eggs, 200g rice and a coffee @breakfast     record food (review, then Save? [Y/n/e])
          log 1 1/2 cups of milk @snack at 16:30            quantities, units, meal, time
          3 crackers with cheese                             items without 'log' are logged too
          2026-11-28                                         log into another day from now on
          food "kimchi" per 100 g = 15 kcal, 1.1 g protein   define your own food (also recipe, meal, alias)
          target 2200 kcal, 160 g protein                    set targets
          show today   ·   show last 7 days protein          look at the diary
          undo                                               remove the last saved log line
        A line ending in ',' '+' 'and' or '=' continues on the next (prompt ...>).
        Tab completes what fits where the cursor is (keywords, units, meals, plans, foods);
        a second Tab lists the choices. History is kept between sessions.
        :help this text   :quit or Ctrl-D leave   Ctrl-C abandons the current line

        """
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return String(text)
    }

    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
