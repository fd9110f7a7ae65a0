import Diary
import Glibc
import FoodLogEngine
import MealCompiler
import MealSyntax

/// `foodlog show` and `foodlog undo`: the diary from the command line.
enum DiaryCommands {
    static let queryOptions = [
        RunCommands.dbOption, OptionSpec("json", help: "print JSON (schema: grammar/dashboard.md)"),
        OptionSpec("ascii", help: "plain ASCII bars and sparklines"),
    ]

    static let plan = CommandSpec(
        name: "plan", summary: "choose a diet plan from today, or show one", arguments: "NAME|FILE | show NAME | off",
        argumentCount: 1...Int.max, options: [RunCommands.dbOption],
        details: """
            The 'plan' statement of the language, from the shell: 'foodlog plan keto' chooses Keto from
            today (as 'plan keto' in a script); 'foodlog plan show keto' describes a plan and its
            options; 'foodlog plan off' stops checking against a plan.

            examples:
              foodlog plan show keto
              foodlog plan 4-hour-body
              foodlog plan "scripts/plans/my-cut.lua"
            """
    ) { invocation in
        // A file path or any name with symbols is quoted, as it must be in a script.
        let words = invocation.positionals.map { word in
            word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ? word : QuotedName.quote(word)
        }
        let readsOnly = invocation.positionals.first == "show"
        return runStatementText(
            "plan " + words.joined(separator: " "), invocation,
            access: readsOnly ? .readOnly : .readWrite)
    }

    static let show = CommandSpec(
        name: "show", summary: "a day's totals against targets by meal, or a period by day, meal or food",
        arguments: "[PERIOD] [NUTRIENTS] [by day|meal|food]", argumentCount: 0...Int.max, options: queryOptions,
        details: """
            Written as in the language. PERIOD defaults to today ('foodlog help periods' lists the
            forms); NUTRIENTS are names from 'foodlog help nutrients'.

            examples:
              foodlog show
              foodlog show yesterday protein, carbs
              foodlog show last 7 days by day
              foodlog show this month by food --json
            """
    ) { invocation in
        runStatementText("show " + invocation.positionals.joined(separator: " "), invocation, access: .readOnly)
    }

    static let chart = CommandSpec(
        name: "chart", summary: "a nutrient day by day, with its target line", arguments: "NUTRIENT [PERIOD]",
        argumentCount: 1...Int.max,
        options: queryOptions + [OptionSpec("empty-days", help: "list the days with nothing logged too")],
        details: """
            One bar per logged day (up to 62 days; longer periods get the sparkline only), scaled
            to the largest day or the target. Past the target a bar is drawn in ▓ (ASCII +), so
            an over-target day stands out. Days with nothing logged are counted, not listed,
            unless --empty-days is given (they show as ·).

            examples:
              foodlog chart protein last 30 days
              foodlog chart kcal this month --ascii --empty-days
            """
    ) { invocation in
        runStatementText("chart " + invocation.positionals.joined(separator: " "), invocation, access: .readOnly)
    }

    static let top = CommandSpec(
        name: "top", summary: "the foods (or meals) that gave the most of a nutrient",
        arguments: "[N] foods|meals [PERIOD] [by NUTRIENT]",
        argumentCount: 0...Int.max, options: queryOptions,
        details: """
            With no arguments: 'foodlog top \(defaultTop)'.

            examples:
              foodlog top
              foodlog top 10 foods this month by kcal
              foodlog top 5 foods last 7 days by sodium
            """
    ) { invocation in
        let query = invocation.positionals.isEmpty ? defaultTop : invocation.positionals.joined(separator: " ")
        return runStatementText("top " + query, invocation, access: .readOnly)
    }

    /// What `foodlog top` alone asks for.
    static let defaultTop = "10 foods this week"

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
            (Enter saves, n discards, e puts the whole entry back, on one line, to edit). Line
            editing and history ($XDG_STATE_HOME/foodlog/history) come from libedit; Tab completes
            what fits at the cursor (keywords, units, meals, plans, foods), as the language server
            does. Items typed without 'log' ('3 crackers with cheese') are a log line.
            When standard input is not a terminal, statements are read without prompts and saved
            without asking, one at a time: a bad line is reported and the rest still run
            (exit 65 if any failed).
            """
    ) { invocation in
        guard let session = Session.open(invocation) else { return .ioError }
        let interactive = isatty(0) == 1
        let repl = REPL(
            console: invocation.console, session: session,
            interactive: interactive, askBeforeSaving: interactive && !invocation.has("yes"))
        return repl.run()
    }

    /// Runs one statement of the language against the diary (the shared path of small commands);
    /// queries pass `.readOnly`.
    static func runStatementText(_ text: String, _ invocation: Invocation, access: Diary.Access = .readWrite)
        -> ExitCode
    {
        let source = SourceFile(name: "<\(invocation.command.name)>", text: text)
        let script = Parser.parse(source)
        if script.hasErrors {
            RunCommands.report(script.diagnostics, source: source, invocation)
            return .usage
        }
        guard let session = Session.open(invocation, access: access),
            let (ops, diagnostics) = RunCommands.compile(script, diary: session.diary, invocation)
        else { return .ioError }
        let all = script.diagnostics + diagnostics
        if all.contains(where: { $0.severity == .error }) || ops.count != 1 {
            RunCommands.report(all, source: source, invocation)
            return .usage
        }
        let output = CLIOutput(console: invocation.console, source: source)
        output.json = invocation.has("json")
        output.dashboard = DashboardRenderer(
            ascii: invocation.has("ascii"), width: DashboardRenderer.terminalWidth(invocation.environment),
            showsEmptyDays: invocation.has("empty-days"))
        let interpreter = session.interpreter(.run, output: output)
        do {
            let errors = try Pipeline.run(
                ops[0], statement: script.statements[0], source: source, on: interpreter,
                originPath: "<cli>")
            RunCommands.report(errors, source: source, invocation)
            return errors.contains { $0.severity == .error } ? .dataError : .ok
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }
}
