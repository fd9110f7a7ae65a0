import FoodLogCore
import Glibc
import Diary
import FoodLogEngine
import MealCompiler
import MealSyntax
import Nutrition

/// `foodlog run`, `foodlog check`, `foodlog compile`: meal scripts through the whole pipeline.
enum RunCommands {
    static let strictOption = OptionSpec(
        "strict",
        help: "an item that was assumed, estimated or implausible is an error (exit 65, nothing written)")

    static let dbOption = OptionSpec(
        "db", value: "PATH",
        help: "the diary (default: $FOODLOG_DB, else $XDG_DATA_HOME/foodlog/diary.sqlite)")

    static let run = CommandSpec(
        name: "run", summary: "run meal scripts into the diary (all or nothing per script)", arguments: "FILE...|-",
        argumentCount: 0...Int.max,
        options: [
            dbOption, OptionSpec("dry-run", short: "n", help: "show the review of every item and write nothing"),
            OptionSpec("expression", short: "e", value: "TEXT", help: "run TEXT as a script (repeatable)"),
            strictOption,
        ],
        details: """
            Each script is parsed, checked and resolved completely before anything is written; one
            error means nothing from that script is written, and every error is reported. Running a
            file again replaces what it wrote before, so a diary kept as .meal files can be edited
            and re-run. '-' reads standard input; -e runs a one-liner. After the summary, one line
            per item whose amount was assumed, whose food is an estimate or a corrected spelling,
            or that is implausibly large; --strict makes those errors.

            examples:
              foodlog run today.meal
              foodlog run --dry-run today.meal
              foodlog -e 'log 2 eggs @breakfast'
              printf 'log 2 eggs\\n' | foodlog run -
            """
    ) { invocation in
        runScripts(invocation, mode: invocation.has("dry-run") ? .dryRun : .run)
    }

    static let log = CommandSpec(
        name: "log", summary: "log what you ate: the rest of the line is one log statement", arguments: "ITEMS...",
        argumentCount: 1...Int.max,
        options: [
            dbOption, OptionSpec("dry-run", short: "n", help: "show the review of every item and write nothing"),
        ],
        details: """
            The words after 'log' are one log statement of the language, run like 'foodlog -e'
            (undo takes it back). Quote a name with spaces inside quotes for the shell: 'log "oat milk"'.

            examples:
              foodlog log 2 eggs @breakfast
              foodlog log 1 1/2 cups of milk, half an avocado @snack at 16:30
              foodlog log -n 200g rice


            """ + HelpTopics.log
    ) { invocation in
        runStatement("log", invocation)
    }

    static let target = CommandSpec(
        name: "target", summary: "set targets from today: the rest of the line is one target statement",
        arguments: "AMOUNTS...", argumentCount: 1...Int.max,
        options: [
            dbOption, OptionSpec("dry-run", short: "n", help: "say what would be set and write nothing"),
        ],
        details: """
            The words after 'target' are one target statement of the language, run like 'foodlog -e'.
            A target holds from today (or from the day given with 'from') until another replaces it.
            It is a day's, or with 'per week' the week's total (Monday to Sunday); 'on weekends' or
            'on weekdays' sets one in place of the daily target on those days.

            examples:
              foodlog target 2200 kcal, 160 g protein
              foodlog target 2300 mg sodium, 30 g fibre
              foodlog target 1800 kcal from 2026-12-01
              foodlog target 15000 kcal per week
              foodlog target 2500 kcal on weekends
            """
    ) { invocation in
        runStatement("target", invocation)
    }

    /// Runs the command's words as one statement beginning with `keyword`, as `-e` would.
    static func runStatement(_ keyword: String, _ invocation: Invocation) -> ExitCode {
        var statement = invocation
        statement.values["expression"] = [keyword + " " + invocation.positionals.joined(separator: " ")]
        statement.positionals = []
        return runScripts(statement, mode: invocation.has("dry-run") ? .dryRun : .run)
    }

    static let check = CommandSpec(
        name: "check", summary: "check scripts without writing, or check days against a diet plan",
        arguments: "FILE...|- | [--plan NAME|FILE] [PERIOD]", argumentCount: 0...Int.max,
        options: [
            dbOption,
            OptionSpec("plan", value: "NAME|FILE", help: "check PERIOD against this plan instead of the chosen ones"),
            OptionSpec(
                "option", value: "KEY=VALUE", help: "with --plan: set one of its options (repeatable; 'plan show NAME')"
            ),
            OptionSpec("json", help: "print the verdicts as JSON"), strictOption,
        ],
        details: """
            With files: parse and resolve them and report totals; nothing is written.
            With a period (today, yesterday, 2026-11-29, last 7 days, this week, …): run the diet plan
            in effect each day (or --plan) and print pass / warn / fail per day with each rule's
            message and script:line. Exit 1 when some day fails, 70 when a plan script fails.
            With no arguments: today against the plan in effect ('foodlog check today').

            examples:
              foodlog check
              foodlog check week.meal
              foodlog check --plan keto last 7 days
              foodlog check --plan slow-carb --option cheat_day=sunday this week
              foodlog check --plan scripts/plans/my-cut.lua this week --json
            """
    ) { invocation in
        if invocation.positionals.isEmpty || invocation.value("plan") != nil || looksLikePeriod(invocation.positionals)
        {
            return PlanCommands.checkPlan(invocation)
        }
        return runScripts(invocation, mode: .summaryOnly)
    }

    /// True when the arguments read as a period rather than files.
    static func looksLikePeriod(_ arguments: [String]) -> Bool {
        guard let first = arguments.first?.lowercased() else { return false }
        if ["today", "yesterday", "this", "last", "week", "month", "all"].contains(first) { return true }
        return first.count >= 10 && CalendarDate(iso: String(first.prefix(10))) != nil && !first.hasSuffix(".meal")
    }

    static let compile = CommandSpec(
        name: "compile", summary: "compile scripts to operations (and print them)", arguments: "FILE|-",
        argumentCount: 1...Int.max, options: [OptionSpec("dump-ops", help: "print the operations, one per line")],
        details:
            "Checks names, units and dates without resolving foods or touching the diary.\n\nexamples:\n  foodlog compile --dump-ops today.meal"
    ) { invocation in
        var status = ExitCode.ok
        for path in invocation.positionals {
            guard let source = load(path, invocation) else {
                status = .ioError
                continue
            }
            let script = Parser.parse(source)
            let (ops, compileDiagnostics) = Compiler.compile(script, today: invocation.environment.today)
            let diagnostics = (script.diagnostics + compileDiagnostics).sorted { $0.range.start < $1.range.start }
            if invocation.has("dump-ops") { invocation.console.out(Disassembler.dump(ops, source: source)) }
            report(diagnostics, source: source, invocation)
            if diagnostics.contains(where: { $0.severity == .error }), status == .ok { status = .dataError }
        }
        return status
    }

    /// Compiles a command's statements as a script would be, asking the diary for its first
    /// day only when one says `all`; nil when the diary cannot be read (the error is printed;
    /// the caller exits 74).
    static func compile(_ script: Script, diary: Diary, _ invocation: Invocation)
        -> (ops: [Op], diagnostics: [Diagnostic])?
    {
        var firstDay: CalendarDate?
        if script.statements.contains(where: { $0.kind.period == .all }) {
            do throws(DiaryError) { firstDay = try diary.firstDay() } catch {
                invocation.console.err("foodlog: \(error.message)\n")
                return nil
            }
        }
        return Compiler.compile(script, today: invocation.environment.today, firstDay: firstDay)
    }

    /// The days a command's PERIOD words name, read as `check PERIOD` is in the language (with
    /// that text as the source later diagnostics point into); nil after printing why not, with the exit code in `failure` (64 for a bad period, 74 when
    /// the diary cannot be read).
    static func days(of periodText: String, in diary: Diary, _ invocation: Invocation, failure: inout ExitCode)
        -> (range: DayRange, period: Period, source: SourceFile)?
    {
        let source = SourceFile(name: "<period>", text: "check " + periodText)
        let script = Parser.parse(source)
        guard let (ops, diagnostics) = compile(script, diary: diary, invocation) else {
            failure = .ioError
            return nil
        }
        guard case .check(let range)? = ops.first?.kind, case .check(let period)? = script.statements.first?.kind,
            !(script.diagnostics + diagnostics).contains(where: { $0.severity == .error })
        else {
            report(script.diagnostics + diagnostics, source: source, invocation)
            failure = .usage
            return nil
        }
        return (range, period, source)
    }

    static func load(_ path: String, _ invocation: Invocation) -> SourceFile? {
        do throws(Files.ReadError) { return try SourceFile(contentsOf: path) } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return nil
        }
    }

    static func report(_ diagnostics: [Diagnostic], source: SourceFile, _ invocation: Invocation, dropped: Int = 0) {
        guard !diagnostics.isEmpty else { return }
        invocation.console.err(
            DiagnosticRenderer(colored: invocation.console.colorOnErrors)
                .render(diagnostics, in: source, dropped: dropped))
    }

    /// One line per diagnostic (`FILE:LINE:COL: warning: MESSAGE [ID]`), on standard error.
    static func reportBriefly(_ diagnostics: [Diagnostic], source: SourceFile, _ invocation: Invocation) {
        guard !diagnostics.isEmpty else { return }
        let renderer = DiagnosticRenderer(colored: invocation.console.colorOnErrors)
        invocation.console.err(diagnostics.map { renderer.renderLine($0, in: source) }.joined())
    }

    static func runScripts(_ invocation: Invocation, mode: Interpreter.Mode) -> ExitCode {
        var sources: [(SourceFile, origin: String, replacing: Bool)] = []
        for (index, expression) in (invocation.values["expression"] ?? []).enumerated() {
            // Typed text is named after the way it was typed (`<-e>`, `<log>`) and shares the typed origin.
            let name = invocation.command.name == RunCommands.run.name ? "<-e>" : "<\(invocation.command.name)>"
            sources.append(
                (SourceFile(name: name + (index > 0 ? "\(index + 1)" : ""), text: expression), "<-e>", false))
        }
        var status = ExitCode.ok
        for path in invocation.positionals {
            guard let source = load(path, invocation) else {
                status = .ioError
                continue
            }
            sources.append((source, path == "-" ? "<stdin>" : absolutePath(path), path != "-"))
        }
        guard status == .ok else { return status }
        if sources.isEmpty {
            invocation.console.err(
                "foodlog \(invocation.command.name): give a FILE, '-' or -e TEXT\nhelp: usage: \(invocation.command.usage)\n"
            )
            return .usage
        }
        guard let session = Session.open(invocation) else { return .ioError }
        for (source, origin, replacing) in sources {
            let output = CLIOutput(console: invocation.console, source: source)
            output.quiet = mode == .summaryOnly
            output.dryRun = mode == .dryRun
            output.holdsOutput = true
            let interpreter = session.interpreter(mode, output: output)
            interpreter.strict = invocation.has("strict")
            var progress: ((Int, Int, Int) -> Void)?
            if invocation.console.errorIsTerminal, source.bytes.count > 1 << 20 {
                let console = invocation.console
                let name = source.name
                progress = { items, read, total in
                    console.err(
                        "\r\(name): \(read * 100 / max(total, 1))% · \(formatThousands(Double(items))) items\u{1B}[K")
                }
            }
            let outcome: Pipeline.Outcome
            defer { if progress != nil { invocation.console.err("\r\u{1B}[K") } }
            do {
                outcome = try Pipeline.run(
                    source, on: interpreter, originPath: origin, replacing: replacing, progress: progress)
            } catch {
                output.release(succeeded: false)
                invocation.console.err("foodlog: \(error.message)\n")
                return .ioError
            }
            // Doubts about items that resolved come after the summary, one line each.
            let isDoubt = { (diagnostic: Diagnostic) in
                diagnostic.severity == .warning && DiagnosticMessages.itemDoubtIDs.contains(diagnostic.id)
            }
            let doubts = outcome.diagnostics.filter(isDoubt)
            report(outcome.diagnostics.filter { !isDoubt($0) }, source: source, invocation)
            output.release(succeeded: outcome.succeeded)
            defer { reportBriefly(doubts, source: source, invocation) }
            if !outcome.succeeded {
                let errors = outcome.diagnostics.filter { $0.severity == .error }.count
                invocation.console.err(
                    "\(source.name): \(errors) error\(errors == 1 ? "" : "s"); nothing was written\n")
                status = .dataError
                continue
            }
            let summary = interpreter.summary
            if summary.items > 0 || summary.definitions > 0 || summary.replacedEntries > 0 || summary.undoneEarlier > 0
                || mode == .summaryOnly
            {
                invocation.console.out(summaryLine(summary, source: source, mode: mode))
            }
        }
        return status
    }

    static func summaryLine(_ summary: Interpreter.Summary, source: SourceFile, mode: Interpreter.Mode) -> String {
        let days = summary.days.count
        var text: String
        switch mode {
        case .run: text = "\(source.name): logged \(summary.items) item\(summary.items == 1 ? "" : "s")"
        case .dryRun: text = "\(source.name): would log \(summary.items) item\(summary.items == 1 ? "" : "s")"
        case .summaryOnly: text = "\(source.name): ok, \(summary.items) item\(summary.items == 1 ? "" : "s")"
        }
        if summary.items > 0 {
            text += " on \(days) day\(days == 1 ? "" : "s"), " + formatThousands(summary.kcal) + " kcal"
            if days > 1 { text += " (" + formatThousands(summary.kcal / Double(days)) + " a day)" }
        }
        if summary.estimates > 0 { text += "; \(summary.estimates) estimated" }
        if summary.definitions > 0 {
            text += "; \(summary.definitions) definition\(summary.definitions == 1 ? "" : "s")"
        }
        if summary.replacedEntries > 0 {
            text += "; replaced \(summary.replacedEntries) earlier item\(summary.replacedEntries == 1 ? "" : "s")"
        }
        if summary.undoneEarlier > 0 {
            text += "; undid \(summary.undoneEarlier) earlier item\(summary.undoneEarlier == 1 ? "" : "s")"
        }
        if mode == .dryRun { text += "; nothing written" }
        return text + "\n"
    }

    static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }
}
