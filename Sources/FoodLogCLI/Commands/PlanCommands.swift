import FoodLogCore
import Glibc
import Diary
import FoodLogEngine
import LuaHost
import MealCompiler
import MealSyntax

/// `foodlog plans`, `foodlog check --plan`, `foodlog lua`: diet plans and rules in Lua.
enum PlanCommands {
    static let plans = CommandSpec(
        name: "plans", summary: "list the diet plans you can choose (built-in and your own)",
        options: [OptionSpec("json", help: "print JSON")],
        details:
            "Your own plans are NAME.lua files in $XDG_CONFIG_HOME/foodlog/plans (~/.config/foodlog/plans),\nor any .lua file given by path. 'foodlog help plans'; see also: plan show NAME."
    ) { invocation in
        let environment = invocation.environment.variables
        var rows: [(name: String, kind: String, summary: String)] = []
        let limits = LuaLimits.from(environment: environment)
        for script in BuiltinScript.plans {
            rows.append(
                (script.name, "built-in", summary(of: script.source, name: script.name + ".lua", limits: limits)))
        }
        for (path, text) in userPlans(environment) {
            switch text {
            case .success(let text): rows.append((path, "yours", summary(of: text, name: path, limits: limits)))
            case .failure(let error): rows.append((path, "yours", "(cannot load: \(error.message))"))
            }
        }
        if invocation.has("json") {
            invocation.console.out(
                JSON.object([
                    (
                        "plans",
                        .array(
                            rows.map {
                                .object([
                                    ("name", .string($0.name)), ("kind", .string($0.kind)),
                                    ("summary", .string($0.summary)),
                                ])
                            })
                    )
                ]).render() + "\n")
            return .ok
        }
        let width = (rows.map(\.name.count).max() ?? 0) + 2
        for row in rows {
            invocation.console.out(
                row.name.padding(to: width) + "(" + row.kind + ") " + DiagnosticRenderer.printableText(row.summary)
                    + "\n")
        }
        invocation.console.out(
            "\nChoose one with 'plan NAME' in a script or the REPL; 'plan show NAME' prints its rules.\n")
        return .ok
    }

    /// The user's plan folder's plans: (name without `.lua`, text or why it cannot be read).
    static func userPlans(_ environment: [String: String]) -> [(String, Result<String, LuaScriptError>)] {
        RuleEngine.userScripts(folder: "plans", environment: environment).map { path, text in
            (String(path.dropFirst("plans/".count).dropLast(".lua".count)), text)
        }
    }

    /// The first line of a plan's description (loading it in a throwaway sandbox), with the
    /// script's control characters made harmless for a terminal.
    static func summary(of source: String, name: String, limits: LuaLimits) -> String {
        do throws(LuaScriptError) {
            let host = try RuleHost(limits: limits, data: nil)
            try host.run(source, name: name)
            guard let plan = try host.plans(script: name).first else { return "(declares no plan)" }
            return DiagnosticRenderer.printableText(
                plan.name + " — " + (plan.description.split(separator: "\n").first.map(String.init) ?? ""))
        } catch {
            return "(cannot load: \(DiagnosticRenderer.printableText(error.message)))"
        }
    }

    static let insight = CommandSpec(
        name: "insight", summary: "one brief remark about a day from the insight rules", arguments: "[PERIOD]",
        argumentCount: 0...Int.max, options: [RunCommands.dbOption],
        details: """
            Runs the insight rules (built-in and $XDG_CONFIG_HOME/foodlog/insights/*.lua) over each day
            of PERIOD (default: today) and prints each day's one remark (or "nothing to remark").

            examples:
              foodlog insight
              foodlog insight last 7 days
            """
    ) { invocation in
        DiaryCommands.runStatementText(
            "insight " + invocation.positionals.joined(separator: " "), invocation, access: .readOnly)
    }

    static let lua = CommandSpec(
        name: "lua", summary: "run a Lua script in the plan sandbox and report how it ended", arguments: "FILE",
        argumentCount: 1...1, options: [RunCommands.dbOption],
        details: """
            Runs FILE exactly as plans and insight rules run (same sandbox, limits and foodlog API),
            then prints what the script printed (also when it failed) and '[kind] message' where kind
            is ok, syntax, runtime, refused, budget, timeout, cancelled, memory or conversion.
            Exit 0 when ok, else 70. FILE must be UTF-8. The diary is opened read-only.
            Limits: FOODLOG_LUA_MEMORY_MB, FOODLOG_LUA_INSTRUCTIONS, FOODLOG_LUA_SECONDS.
            """
    ) { invocation in
        let path = invocation.positionals[0]
        guard let source = RunCommands.load(path, invocation) else { return .ioError }
        // The sandbox reads the diary and never writes it: open it as `check` does.
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        let engine = session.rules
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var host: RuleHost?
        func showPrinted() {
            guard let printed = host?.sandbox.takeLog(), !printed.isEmpty else { return }
            invocation.console.out(
                DiagnosticRenderer.printableText(printed, keepNewlines: true) + (printed.hasSuffix("\n") ? "" : "\n"))
        }
        do throws(LuaScriptError) {
            let text = try LuaSourceText.decode(source.bytes, name: name).get()
            host = try RuleHost(limits: engine.limits, data: engine)
            let value = try host!.run(text, name: name)
            showPrinted()
            invocation.console.out("[ok] \(name)" + (value == .none ? "" : " returned a value") + "\n")
            return .ok
        } catch {
            showPrinted()
            invocation.console.out("[\(error.kind.rawValue)] \(DiagnosticRenderer.printableText(error.message))\n")
            return .software
        }
    }

    /// `foodlog check --plan NAME|FILE PERIOD`.
    static func checkPlan(_ invocation: Invocation) -> ExitCode {
        let periodText = invocation.positionals.joined(separator: " ")
        guard let session = Session.open(invocation, access: .readOnly) else { return .ioError }
        var failure = ExitCode.usage
        guard
            let (range, _, source) = RunCommands.days(of: periodText, in: session.diary, invocation, failure: &failure)
        else {
            return failure
        }
        var override: PlanSource?
        if let name = invocation.value("plan") {
            switch RuleEngine.locate(name, environment: invocation.environment.variables) {
            case .success(let found): override = found
            case .failure(let error):
                invocation.console.err("foodlog check: \(error.message)\n")
                return .usage
            }
        }
        let engine = session.rules
        let settings = (invocation.values["option"] ?? []).map { text -> PlanOptionSetting in
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return PlanOptionSetting(
                key: String(parts[0]).lowercased(),
                value: PlanOptionValue(parsing: parts.count > 1 ? String(parts[1]) : ""))
        }
        if !settings.isEmpty {
            guard let override else {
                invocation.console.err("foodlog check: --option needs --plan NAME (the plan the options are for)\n")
                return .usage
            }
            do throws(LuaScriptError) {
                for (_, problem) in try engine.optionProblems(settings, for: override) {
                    let diagnostic = RuleEngine.diagnostic(problem, plan: override.name, SourceRange(0, 0))
                    invocation.console.err(
                        "foodlog check: \(diagnostic.message) [\(diagnostic.id)]\n"
                            + (diagnostic.help.map { "help: \($0)\n" } ?? ""))
                    return .usage
                }
            } catch {
                invocation.console.err("foodlog check: \(error.message)\n")
                return .software
            }
        }
        let days: [DayVerdict]
        do throws(DiaryError) {
            let (bounded, diagnostic) = try PeriodBounds.queryRange(
                range, diary: session.diary,
                at: SourceRange(6, source.bytes.count))
            if let diagnostic { RunCommands.report([diagnostic], source: source, invocation) }
            guard let range = bounded else { return .dataError }
            days = try engine.check(range, override: override, options: settings)
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
        if invocation.has("json") {
            invocation.console.out(PlanRenderer.json(days).render() + "\n")
        } else {
            invocation.console.out(PlanRenderer.verdicts(days))
        }
        if days.contains(where: { $0.status == .error }) { return .software }
        return days.contains { $0.status == .fail } ? .checkFailed : .ok
    }
}
