import FoodLogCore
import CBuiltinScripts
import Diary
import Glibc
import LuaHost
import MealSyntax
import Nutrition

/// A Lua script FoodLog ships (a plan or an insight rule), embedded in the binary.
public struct BuiltinScript: Sendable {
    public var kind: String
    public var name: String
    public var source: String

    /// Every built-in script.
    public static let all: [BuiltinScript] = (0..<Int(foodlog_builtin_count())).map { index in
        BuiltinScript(
            kind: String(cString: foodlog_builtin_kind(Int32(index))),
            name: String(cString: foodlog_builtin_name(Int32(index))),
            source: String(cString: foodlog_builtin_source(Int32(index))))
    }

    public static var plans: [BuiltinScript] { all.filter { $0.kind == "plans" } }
    public static var insights: [BuiltinScript] { all.filter { $0.kind == "insights" } }
}

/// Where a plan's script comes from.
public struct PlanSource: Sendable, Equatable {
    /// What the user wrote (`keto`, `plans/my-cut.lua`).
    public var name: String
    /// What the diary stores for `plan NAME`: the name of a built-in or plan-folder plan, the
    /// absolute canonical path of a file, so a later `check` finds it from any directory.
    public var storedName: String
    /// The chunk name errors use (`keto.lua`, `plans/my-cut.lua`).
    public var scriptName: String
    public var text: String
    public var builtin: Bool
}

/// Failing to find or load a plan.
public struct PlanError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The file does not exist (rather than existing and being unreadable or invalid).
    public var missing = false
    public var description: String { message }
}

/// How a day fared under its plan.
public struct DayVerdict: Sendable {
    public enum Status: String, Sendable { case pass, warn, fail, noPlan = "no-plan", error }
    public var day: CalendarDate
    public var plan: String?
    public var status: Status
    public var verdicts: [LuaVerdict]
    public var error: LuaScriptError?
}

/// Plans, insight rules and user estimators, run by sandboxed Lua. States are created on first
/// use (a plain `log` never starts Lua), reused for every day of a check, dropped by
/// ``reset()`` (`plan reload`) and when the host goes idle.
public final class RuleEngine: LuaHostData {
    let diary: Diary
    let resolver: Resolver
    public let limits: LuaLimits
    let environment: [String: String]
    private var planHosts: [String: (host: RuleHost, index: Int, options: LuaTable)] = [:]
    /// What all Lua calls of the current command may still spend (a new one after ``reset()``).
    private var budget: LuaRunBudget
    private var insightHost: RuleHost?
    private var insightFailures: [LuaScriptError] = []
    /// Numbers batches of day views: views of one batch share cached food tables.
    private var viewGeneration = 0
    /// The names items were logged with (`item.name`), parsed once per text.
    private let loggedNames = LoggedNames()

    public init(diary: Diary, resolver: Resolver, limits: LuaLimits, environment: [String: String]) {
        self.diary = diary
        self.resolver = resolver
        self.limits = limits
        self.environment = environment
        budget = LuaRunBudget(limits: limits)
    }

    /// Releases every Lua state (the next use starts fresh and re-reads the scripts) and starts
    /// a new command: its Lua calls get the whole total budget again.
    public func reset() {
        planHosts.removeAll()
        insightHost = nil
        budget = LuaRunBudget(limits: limits)
    }

    /// True while some Lua state is alive.
    public var isRunning: Bool { !planHosts.isEmpty || insightHost != nil }

    // MARK: - Finding plans

    /// The user's plan folder: `$XDG_CONFIG_HOME/foodlog/plans` (`~/.config/foodlog/plans`).
    public static func planFolder(_ environment: [String: String]) -> String {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? ".") + "/.config")
        return config + "/foodlog/plans"
    }

    /// A built-in plan by name, a `.lua` file by path, or `NAME.lua` in the user's plan folder.
    /// A name (not ending in `.lua`) stays inside the plan folder: no `/`, not starting with `.`.
    public static func locate(_ name: String, environment: [String: String]) -> Result<PlanSource, PlanError> {
        let key = name.lowercased()
        if !key.hasSuffix(".lua"),
            let builtin = BuiltinScript.plans.first(where: { $0.name == key || $0.name == key.replacingSpaces() })
        {
            return .success(
                PlanSource(
                    name: builtin.name, storedName: builtin.name, scriptName: builtin.name + ".lua",
                    text: builtin.source, builtin: true))
        }
        if !name.hasSuffix(".lua"), name.contains("/") || name.hasPrefix(".") || name.isEmpty {
            return .failure(
                PlanError(
                    message: "'\(name)' is not a plan name: a name may not contain '/' or start with '.' "
                        + "(it names NAME.lua in \(planFolder(environment))); give a path ending in .lua for a file elsewhere"
                ))
        }
        let path = name.hasSuffix(".lua") ? name : planFolder(environment) + "/" + name + ".lua"
        switch readText(path) {
        case .success(let text):
            let file = String(path.split(separator: "/").last ?? Substring(path))
            let stored = name.hasSuffix(".lua") ? (canonicalPath(path) ?? path) : name
            return .success(PlanSource(name: name, storedName: stored, scriptName: file, text: text, builtin: false))
        case .failure(let reason):
            let known = BuiltinScript.plans.map(\.name)
            let folder = planFolder(environment)
            let yours = Files.names(inFolder: folder).filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }
                .map { String($0.dropLast(4)) }
            var message =
                name.hasSuffix(".lua") || !reason.missing
                ? "cannot read plan \(path): \(reason.message)"
                : "no plan named '\(name)'"
            if !name.hasSuffix(".lua"), reason.missing {
                message += " (built-in: " + known.joined(separator: ", ")
                message +=
                    yours.isEmpty
                    ? "; yours: none in \(folder)" : "; yours in \(folder): " + yours.joined(separator: ", ")
                message += "; or a path to a .lua file)"
                if let near = Suggestions.nearest(to: key, in: known + yours) { message += "; did you mean '\(near)'?" }
            }
            return .failure(PlanError(message: message))
        }
    }

    /// The absolute path with no `.`, `..` or links, or nil.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A script file's text: at most 1 MiB of valid UTF-8 (Lua would take other bytes as they
    /// are, and a replacement character would silently change the script).
    static func readText(_ path: String) -> Result<String, PlanError> {
        guard let file = fopen(path, "rb") else {
            return .failure(PlanError(message: String(cString: strerror(errno)), missing: errno == ENOENT))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > 1 << 20 { return .failure(PlanError(message: "larger than 1 MiB")) }
        }
        switch LuaSourceText.decode(bytes, name: String(path.split(separator: "/").last ?? Substring(path))) {
        case .success(let text): return .success(text)
        case .failure(let error): return .failure(PlanError(message: error.message))
        }
    }

    // MARK: - Plans

    /// Loads (or reuses) a plan's state; returns the host and the plan's index in it.
    func host(for plan: PlanSource) throws(LuaScriptError) -> (host: RuleHost, index: Int, options: LuaTable) {
        if let loaded = planHosts[plan.scriptName] { return loaded }
        let host = try RuleHost(limits: limits, data: self, budget: budget)
        let returned = try host.run(plan.text, name: plan.scriptName)
        let plans = try host.plans(script: plan.scriptName)
        guard let last = plans.last else {
            throw LuaScriptError(
                kind: .runtime, script: plan.scriptName, line: nil,
                message: "\(plan.scriptName): the script declares no plan (call foodlog.plan{…})")
        }
        try RuleEngine.checkDeclaration(last, returned: returned, plan: plan)
        planHosts[plan.scriptName] = (host, plans.count, last.options)
        return (host, plans.count, last.options)
    }

    /// A plan file must describe its plan and end by returning it (`return plan`), as
    /// grammar/lua/README.md says: otherwise an error at the line to fix — the
    /// `foodlog.plan{…}` call, or the file's last line.
    static func checkDeclaration(_ declared: LuaPlanInfo, returned: LuaValue, plan: PlanSource) throws(LuaScriptError) {
        let script = plan.scriptName
        if !declared.hasDescription {
            let line = declared.line
            throw LuaScriptError(
                kind: .runtime, script: script, line: line,
                message:
                    "\(script):\(line.map(String.init) ?? "1"): plan '\(declared.name.prefix(60))' has no description: "
                    + "give one, e.g. foodlog.plan { name = \"\(declared.name.prefix(60))\", description = \"what it checks\" }"
            )
        }
        guard returned.table?["name"]?.string != declared.name else { return }
        let lines = plan.text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = (lines.lastIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0) + 1
        throw LuaScriptError(
            kind: .runtime, script: script, line: last,
            message: "\(script):\(last): the plan file must end with 'return plan' (the table foodlog.plan made); "
                + (returned == .none ? "it returns nothing" : "it returns something else"))
    }

    /// What is wrong with a plan option setting: a key the plan does not declare (with the
    /// nearest it does, and all of them), or a value of another type than its default's.
    public enum OptionProblem: Sendable {
        case unknown(key: String, suggestion: String?, known: [String])
        case wrongType(key: String, expected: String, value: PlanOptionValue)
    }

    /// The problem as a diagnostic about plan `plan`, at `range`.
    public static func diagnostic(_ problem: OptionProblem, plan: String, _ range: SourceRange) -> Diagnostic {
        switch problem {
        case .unknown(let key, let suggestion, let known):
            return DiagnosticMessages.unknownOption(key, plan: plan, suggestion: suggestion, known: known, range)
        case .wrongType(let key, let expected, let value):
            return DiagnosticMessages.optionType(key, expected: expected, value: "\(value)", range)
        }
    }

    /// Checks settings against the options the plan declares (their defaults give the types:
    /// a number takes a number; text takes a word or quoted text, or `false` for none; a flag
    /// takes `true` or `false`). Returns each bad setting's index and problem.
    public func optionProblems(_ settings: [PlanOptionSetting], for plan: PlanSource) throws(LuaScriptError)
        -> [(index: Int, problem: OptionProblem)]
    {
        let declared = try info(plan).options.fields
        var problems: [(Int, OptionProblem)] = []
        for (index, setting) in settings.enumerated() {
            guard let defaultValue = declared[setting.key] else {
                let known = declared.keys.sorted()
                problems.append(
                    (
                        index,
                        .unknown(
                            key: setting.key, suggestion: Suggestions.nearest(to: setting.key, in: known), known: known)
                    ))
                continue
            }
            let expected: String?
            switch (defaultValue, setting.value) {
            case (.integer, .number), (.number, .number), (.string, .text), (.string, .flag(false)), (.bool, .flag):
                expected = nil
            case (.integer, _), (.number, _): expected = "a number"
            case (.string, _): expected = "a word or quoted text"
            case (.bool, _): expected = "true or false"
            default: expected = nil
            }
            if let expected {
                problems.append((index, .wrongType(key: setting.key, expected: expected, value: setting.value)))
            }
        }
        return problems
    }

    /// The plan's options with the user's settings over them.
    static func merged(_ options: LuaTable, _ settings: [PlanOptionSetting]) -> LuaTable {
        guard !settings.isEmpty else { return options }
        var merged = options
        for setting in settings {
            switch setting.value {
            case .number(let number): merged.fields[setting.key] = .number(number)
            case .text(let text): merged.fields[setting.key] = .string(text)
            case .flag(let flag): merged.fields[setting.key] = .bool(flag)
            }
        }
        return merged
    }

    /// The plan's name, description and targets (`plan show`).
    public func info(_ plan: PlanSource) throws(LuaScriptError) -> LuaPlanInfo {
        let loaded = try host(for: plan)
        return try loaded.host.plans(script: plan.scriptName)[loaded.index - 1]
    }

    /// Checks each day of `range` against `override` or the plan in effect that day. A plan
    /// that a limit stops (budget, time, memory, Ctrl-C) is not run for the rest of the check:
    /// its error, on the day it happened, says how many of its days were left unchecked, and
    /// those days are not listed. When the command's total is used up, the check ends there.
    public func check(_ range: DayRange, override: PlanSource?, options overrideOptions: [PlanOptionSetting] = [])
        throws(DiaryError) -> [DayVerdict]
    {
        var results: [DayVerdict] = []
        var sources: [String: Result<PlanSource, PlanError>] = [:]
        var stoppedPlans: [String: Int] = [:]  // script name → index in results of the error that stopped it
        var skipped: [Int: Int] = [:]  // that index → days of the plan not checked after it
        let reports = try DayReport.loadAll(range, diary: diary)
        viewGeneration += 1
        for (offset, day) in range.days.enumerated() {
            if results.last?.error?.kind == .cancelled || budget.isUsedUp { break }
            var source: PlanSource
            var settings = overrideOptions
            if let override {
                source = override
            } else {
                guard let (name, chosenOptions) = try diary.planChoice(on: day) else {
                    results.append(DayVerdict(day: day, plan: nil, status: .noPlan, verdicts: [], error: nil))
                    continue
                }
                settings = chosenOptions
                if sources[name] == nil { sources[name] = RuleEngine.locate(name, environment: environment) }
                switch sources[name]! {
                case .success(let found): source = found
                case .failure(let error):
                    results.append(
                        DayVerdict(
                            day: day, plan: name, status: .error, verdicts: [],
                            error: LuaScriptError(kind: .runtime, script: name, line: nil, message: error.message)))
                    continue
                }
            }
            if let stop = stoppedPlans[source.scriptName] {
                skipped[stop, default: 0] += 1
                continue
            }
            let report = reports[offset]
            do {
                let loaded = try host(for: source)
                let verdicts = try loaded.host.check(
                    plan: loaded.index,
                    day: DayView(
                        report, options: RuleEngine.merged(loaded.options, settings), generation: viewGeneration,
                        names: loggedNames),
                    script: source.scriptName)
                let status: DayVerdict.Status =
                    verdicts.contains { $0.level == "fail" }
                    ? .fail
                    : (verdicts.isEmpty ? .pass : .warn)
                results.append(DayVerdict(day: day, plan: source.name, status: status, verdicts: verdicts, error: nil))
            } catch {
                planHosts[source.scriptName] = nil  // start clean after an error
                if LuaLimits.isLimit(error.kind) { stoppedPlans[source.scriptName] = results.count }
                results.append(DayVerdict(day: day, plan: source.name, status: .error, verdicts: [], error: error))
            }
        }
        for (index, count) in skipped {
            results[index].error?.message +=
                " (the plan was stopped: \(count) later day\(count == 1 ? "" : "s") not checked)"
        }
        try throwHostFailure()
        return results
    }

    /// A diary error met inside a call from Lua (`foodlog.lookup`, `foodlog.days`): Lua sees
    /// nil, and the check or insight run that made the call ends with this error.
    var hostFailure: DiaryError?

    func throwHostFailure() throws(DiaryError) {
        if let failure = hostFailure {
            hostFailure = nil
            throw failure
        }
    }

    // MARK: - Insights

    /// The insight rules' host: the built-in rules, then the user's (`…/foodlog/insights/*.lua`).
    func insightRules() -> RuleHost? {
        if let insightHost { return insightHost }
        guard let host = try? RuleHost(limits: limits, data: self, budget: budget) else { return nil }
        insightFailures = []
        for script in BuiltinScript.insights {
            do { try host.run(script.source, name: script.name + ".lua") } catch { insightFailures.append(error) }
        }
        for (name, text) in RuleEngine.userScripts(folder: "insights", environment: environment) {
            do { try host.run(try text.get(), name: name) } catch { insightFailures.append(error) }
        }
        insightHost = host
        return host
    }

    /// The one brief insight for each day (nil when no rule had anything to say).
    public func insights(_ range: DayRange) throws(DiaryError) -> (
        days: [(CalendarDate, LuaInsight?)], failures: [LuaScriptError]
    ) {
        guard let host = insightRules() else { return (range.days.map { ($0, nil) }, insightFailures) }
        var result: [(CalendarDate, LuaInsight?)] = []
        var failures = insightFailures
        viewGeneration += 1
        for report in try DayReport.loadAll(range, diary: diary) {
            if budget.isUsedUp { break }
            let day = report.day
            let outcome = host.insights(day: DayView(report, generation: viewGeneration, names: loggedNames))
            failures += outcome.failures
            result.append((day, outcome.insights.first))
        }
        try throwHostFailure()
        return (result, failures)
    }

    /// `NAME.lua` files of the user's `$XDG_CONFIG_HOME/foodlog/<folder>`, sorted: (folder/NAME.lua,
    /// its text or why it cannot be read).
    public static func userScripts(folder: String, environment: [String: String]) -> [(
        String, Result<String, LuaScriptError>
    )] {
        let directory = String(planFolder(environment).dropLast("plans".count)) + folder
        return Files.names(inFolder: directory).filter { $0.hasSuffix(".lua") }.map { name in
            let script = folder + "/" + name
            return (
                script,
                readText(directory + "/" + name).mapError {
                    LuaScriptError(
                        kind: .syntax, script: script, line: nil, message: "\(script): cannot read: \($0.message)")
                }
            )
        }
    }

    // MARK: - LuaHostData

    public func lookup(_ name: String) -> LuaTable? {
        let found: FoodChoice?
        do throws(DiaryError) { found = try resolver.choose(name) } catch {
            hostFailure = hostFailure ?? error
            return nil
        }
        guard let choice = found else { return nil }
        var per100: [String: LuaValue] = [:]
        for nutrient in Nutrient.all {
            if let value = choice.per100g[nutrient] { per100[nutrient.key] = .number(value) }
        }
        return LuaTable(fields: [
            "id": .string(choice.food.id), "name": .string(choice.food.name), "group": .string(choice.food.group),
            "source": .string(choice.source.rawValue), "estimate": .bool(choice.estimateReason != nil),
            "tags": .table(LuaTable(array: choice.tags.map(LuaValue.string))),
            "per100g": .table(LuaTable(fields: per100)),
        ])
    }

    public func days(from: String, to: String) -> [any LuaPushable]? {
        guard let first = CalendarDate(iso: from), let last = CalendarDate(iso: to), first <= last,
            last.dayNumber - first.dayNumber < 366
        else { return nil }
        do throws(DiaryError) {
            return try DayReport.loadAll(DayRange(first, last), diary: diary).map {
                DayView($0, generation: viewGeneration, names: loggedNames)
            }
        } catch {
            hostFailure = hostFailure ?? error
            return nil
        }
    }
}

/// A user estimator tier: `foodlog.estimator(fn)` scripts in `…/foodlog/estimators/*.lua`,
/// asked before the built-in estimator; its answers are still marked as estimates.
public final class LuaEstimator: FoodEstimator {
    let limits: LuaLimits
    let environment: [String: String]
    private var host: RuleHost?
    private var loaded = false
    public private(set) var failures: [LuaScriptError] = []
    /// The failure of the last call for a name (script error or limit), at most
    /// ``maximumRememberedFailures`` names; scripts that failed as they loaded.
    private var failedNames: [String: String] = [:]
    private var loadFailures: [String] = []
    static let maximumRememberedFailures = 1_000
    public let providerName = "user Lua estimators (…/foodlog/estimators/*.lua)"

    public init(limits: LuaLimits, environment: [String: String]) {
        self.limits = limits
        self.environment = environment
    }

    /// Scripts found in the user's estimator folder.
    public var scripts: [String] { RuleEngine.userScripts(folder: "estimators", environment: environment).map(\.0) }

    /// The largest value per 100 g an estimate may give, by unit: nothing weighs more than the
    /// 100 g it is part of, and no food has more than 1,000 kcal per 100 g.
    static let maximumPer100g: [String: Double] = [
        "kcal": 1_000, "g": 100, "mg": 100_000, "µg": 100_000_000, "IU": 1e9,
    ]

    public func estimate(_ name: String) -> FoodChoice? {
        if !loaded {
            loaded = true
            let scripts = RuleEngine.userScripts(folder: "estimators", environment: environment)
            // Estimators serve the whole session (not one command): per-call limits only.
            var perCall = limits
            perCall.totalInstructions = .max
            perCall.totalSeconds = .infinity
            guard !scripts.isEmpty, let created = try? RuleHost(limits: perCall, data: nil) else { return nil }
            for (script, text) in scripts {
                do { try created.run(try text.get(), name: script) } catch {
                    failures.append(error)
                    loadFailures.append(Self.describe(error, script: script))
                }
            }
            host = created
        }
        failedNames[name] = nil
        guard let host,
            let answer = host.estimate(
                name,
                failed: { error in
                    failures.append(error)
                    remember(Self.describe(error, script: error.script), for: name)
                })
        else { return nil }
        var per100 = Nutrients()
        for (key, value) in answer.values.fields {
            guard let nutrient = Nutrient.named(key) else { continue }
            let maximum = LuaEstimator.maximumPer100g[nutrient.unit] ?? 100
            guard let number = value.double, number.isFinite, number >= 0, number <= maximum else {
                let error = LuaScriptError(
                    kind: .conversion, script: answer.script, line: nil,
                    message: "\(answer.script): the estimate for '\(name.prefix(60))' gives \(key.prefix(40)) "
                        + "out of range (a number from 0 to \(formatNumber(maximum)) \(nutrient.unit) per 100 g)")
                failures.append(error)
                remember(Self.describe(error, script: answer.script), for: name)
                return nil
            }
            per100[nutrient] = number
        }
        return FoodChoice(
            source: .estimate,
            food: FoodReference(
                id: "estimate:" + TextNormalizer.key(name), name: name,
                group: answer.values["group"]?.string ?? "Estimated"),
            tags: [], per100g: per100, portions: [],
            estimateReason: "estimated by \(answer.script) (a user estimator)")
    }

    public func failure(for name: String) -> String? {
        let all = (failedNames[name].map { [$0] } ?? []) + loadFailures
        return all.isEmpty ? nil : all.joined(separator: "; ")
    }

    private func remember(_ failure: String, for name: String) {
        guard failedNames.count < Self.maximumRememberedFailures || failedNames[name] != nil else { return }
        failedNames[name] = failure
    }

    /// "your estimator failed: estimators/mine.lua:3: attempt to …": one failure for a message.
    static func describe(_ error: LuaScriptError, script: String) -> String {
        let message = error.message.hasPrefix(script) ? error.message : script + ": " + error.message
        return "your estimator failed: " + message.prefix(200)
    }
}

extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
