import Diary
import Glibc
import FoodLogEngine
import MealCompiler
import MealSyntax

/// `foodlog show` and `foodlog undo`: the diary from the command line.
enum DiaryCommands {
    static let show = CommandSpec(
        name: "show", summary: "a day's totals against targets, by meal (or a period, by day)", arguments: "[PERIOD...]",
        argumentCount: 0...Int.max, options: [RunCommands.dbOption],
        details: "PERIOD is written as in the language: today, yesterday, 2026-11-29, last 7 days, this week, …\n\nexamples:\n  foodlog show\n  foodlog show yesterday\n  foodlog show last 7 days protein"
    ) { invocation in
        let text = "show " + invocation.positionals.joined(separator: " ")
        return runStatementText(text, invocation)
    }

    static let undo = CommandSpec(
        name: "undo", summary: "remove the entries of the last logged statement", options: [RunCommands.dbOption]
    ) { invocation in
        runStatementText("undo", invocation)
    }

    static let repl = CommandSpec(
        name: "repl", summary: "type meals interactively (also: foodlog with no arguments on a terminal)",
        options: [RunCommands.dbOption, OptionSpec("yes", short: "y", help: "save log lines without asking")],
        details: """
        On a terminal each log line is shown for review and saved after Save? [Y/n/e]
        (Enter saves, n discards, e puts the line back to edit). Line editing, history
        ($XDG_STATE_HOME/foodlog/history) and Tab completion come from libedit.
        When standard input is not a terminal, statements are read without prompts and saved
        without asking, one at a time: a bad line is reported and the rest still run
        (exit 65 if any failed).
        """
    ) { invocation in
        guard let diary = RunCommands.openDiary(invocation) else { return .ioError }
        let interactive = isatty(0) == 1
        let repl = REPL(console: invocation.console, diary: diary, environment: invocation.environment,
                        interactive: interactive, askBeforeSaving: interactive && !invocation.has("yes"))
        return repl.run()
    }

    /// Runs one statement of the language against the diary (the shared path of small commands).
    static func runStatementText(_ text: String, _ invocation: Invocation) -> ExitCode {
        let source = SourceFile(name: "<\(invocation.command.name)>", text: text)
        let script = Parser.parse(source)
        let (ops, diagnostics) = Compiler.compile(script, today: invocation.environment.today)
        let all = script.diagnostics + diagnostics
        if all.contains(where: { $0.severity == .error }) || ops.count != 1 {
            RunCommands.report(all, source: source, invocation)
            return .usage
        }
        guard let diary = RunCommands.openDiary(invocation) else { return .ioError }
        let interpreter = Interpreter(diary: diary, resolver: Session(library: DiaryLibrary(diary: diary)).resolver,
                                      mode: .run, today: invocation.environment.today,
                                      output: CLIOutput(console: invocation.console, source: source),
                                      environment: invocation.environment.variables)
        do {
            let errors = try interpreter.runStatement(ops[0], statement: script.statements[0], source: source,
                                                      originPath: "<cli>")
            RunCommands.report(errors, source: source, invocation)
            return errors.contains { $0.severity == .error } ? .dataError : .ok
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }
}
