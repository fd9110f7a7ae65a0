import FoodLogCore
import Diary
import LuaHost
import MealCompiler
import MealSyntax
import Nutrition

/// What the interpreter tells its host (the CLI or the REPL renders these).
public protocol InterpreterOutput: AnyObject {
    /// A `log` statement resolved: show it for review (dry runs and the REPL).
    func review(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement)
    /// A definition was stored (or would be, in a dry run); `replaced` when it existed.
    func defined(_ kind: String, name: String, replaced: Bool)
    /// A `show` query for one day.
    func dayReport(_ report: DayReport)
    /// A `show` over several days, or grouped by meal or food.
    func periodReport(_ report: PeriodReport)
    /// A `chart`.
    func chart(_ series: ChartSeries)
    /// `show weight` (`chart` false) or `chart weight`.
    func weights(_ series: WeightSeries, chart: Bool)
    /// A `top` list.
    func top(_ list: TopList)
    /// Anything else worth a line (undo, targets set, plan chosen).
    func note(_ text: String)
    /// Plan verdicts for a span of days.
    func verdicts(_ days: [DayVerdict])
    /// The one brief insight of each day; `failures` are rules that raised.
    func insights(_ days: [(CalendarDate, LuaInsight?)], failures: [LuaScriptError])
    /// `plan show NAME`.
    func planInfo(_ info: LuaPlanInfo, source: PlanSource)
    /// A `log` statement resolved, in every mode (the language server's hints and hovers).
    func resolved(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement)
    /// A statement compiled and about to run, in every mode (the language server's day totals
    /// and targets).
    func executing(_ op: Op, statement: Statement)
}

/// Every event does nothing unless a host shows it: the CLI prints most of them, the language
/// server keeps only `resolved` and `executing`, a test keeps what it looks at.
extension InterpreterOutput {
    public func review(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {}
    public func defined(_ kind: String, name: String, replaced: Bool) {}
    public func dayReport(_ report: DayReport) {}
    public func periodReport(_ report: PeriodReport) {}
    public func chart(_ series: ChartSeries) {}
    public func weights(_ series: WeightSeries, chart: Bool) {}
    public func top(_ list: TopList) {}
    public func note(_ text: String) {}
    public func verdicts(_ days: [DayVerdict]) {}
    public func insights(_ days: [(CalendarDate, LuaInsight?)], failures: [LuaScriptError]) {}
    public func planInfo(_ info: LuaPlanInfo, source: PlanSource) {}
    public func resolved(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {}
    public func executing(_ op: Op, statement: Statement) {}
}

/// Runs compiled operations against the diary through the resolver chain, one method per
/// kind of operation. ``Pipeline`` feeds it: it owns the text, the parse, the compile and the
/// transaction around them.
///
/// Definitions are written as they come, so later lines see them; log items are resolved and
/// written; the first error stops writing but not checking, so every error is reported.
public final class Interpreter {
    public enum Mode: Sendable {
        /// Write to the diary.
        case run
        /// Resolve and review every item; write nothing.
        case dryRun
        /// Resolve and total, showing nothing but the summary and errors; write nothing
        /// (`foodlog check FILE`).
        case summaryOnly
    }

    public let diary: Diary
    public let resolver: Resolver
    public let mode: Mode
    public let output: InterpreterOutput
    let today: CalendarDate
    /// Plans and insights, started only when a statement needs them.
    let rules: () -> RuleEngine
    let environment: [String: String]
    var origin: Int64 = 0
    /// The path of what is running (`/home/me/day.meal`, or `<repl>`, `<-e>`, `<cli>` when typed).
    var originPath = ""
    /// True when ``originPath`` names a script file (set with it, asked of every `log` line).
    private var runsScript = false
    /// True once a statement failed: nothing more is written.
    var pendingError = false
    /// `--strict`: an item that was assumed, estimated or implausible is an error, not a warning.
    public var strict = false
    /// Snapshot ids by choice serial, so each distinct food is fingerprinted once per run.
    var snapshotBySerial: [Int: Int64] = [:]

    /// What a run did.
    public struct Summary: Sendable {
        public var items = 0
        public var statements = 0
        public var days: Set<Int> = []
        /// Energy of the items logged, in kcal.
        public var kcal = 0.0
        public var estimates = 0
        public var definitions = 0
        public var replacedEntries = 0
        /// Items `undo` took back: this script's own (already out of `items` and `kcal`)
        /// and, in `undoneEarlier`, items logged before this script.
        public var undone = 0
        public var undoneEarlier = 0
        public var firstDay: CalendarDate? { days.min().map { CalendarDate(dayNumber: $0) } }
        public var lastDay: CalendarDate? { days.max().map { CalendarDate(dayNumber: $0) } }
    }

    /// One `log` of this script, as counted in the summary, so `undo` can take it back out.
    private struct LoggedGroup {
        var kcal: Double
        var items: Int
        var estimates: Int
        var day: Int
    }
    private var loggedGroups: [LoggedGroup] = []

    /// The `log` lines other scripts wrote, by day number (text → script path), read once a day.
    private var otherScriptLines: [Int: [String: String]] = [:]
    /// Whether the diary holds entries of a script other than this one (asked once per run):
    /// without one there is nothing to compare, and no day needs a query.
    private var otherScriptsExist: Bool?
    /// This script's lines that another script logged on the same day, by that script's path.
    private var duplicates: [(path: String, range: SourceRange, lines: Int, days: Set<Int>)] = []

    public internal(set) var summary = Summary()
    /// What the operations reported (resolver errors, unknown plans, Lua failures).
    public internal(set) var diagnostics: [Diagnostic] = []

    public init(
        diary: Diary, resolver: Resolver, mode: Mode, today: CalendarDate, output: InterpreterOutput,
        environment: [String: String] = [:], rules: (() -> RuleEngine)? = nil
    ) {
        self.diary = diary
        self.resolver = resolver
        self.mode = mode
        self.today = today
        self.output = output
        self.environment = environment
        self.rules =
            rules ?? {
                RuleEngine(
                    diary: diary, resolver: resolver, limits: LuaLimits.from(environment: environment),
                    environment: environment)
            }
    }

    /// Opens the transaction a script or statement runs in; `replacing` first removes what the
    /// same origin wrote on an earlier run.
    func begin(originPath: String, replacing: Bool) throws(DiaryError) {
        self.originPath = originPath
        runsScript = if case .script = EntrySource(originPath: originPath) { true } else { false }
        try diary.begin()
        do throws(DiaryError) {
            origin = try diary.origin(originPath)
            if replacing, mode == .run { summary.replacedEntries = try diary.clearOrigin(origin) }
        } catch {
            abandon()
            throw error
        }
    }

    /// Ends the transaction: commits in `run` mode when nothing failed, else rolls back.
    /// Returns true when nothing failed.
    func end(failed: Bool) throws(DiaryError) -> Bool {
        if mode == .run, !failed {
            try diary.commit()
            return true
        }
        abandon()
        return !failed
    }

    /// Rolls the transaction back, forgetting what it stored.
    func abandon() {
        diary.rollback()
        snapshotBySerial.removeAll()
    }

    /// Runs one operation.
    func execute(_ op: Op, statement: Statement, source: SourceFile) throws(DiaryError) {
        summary.statements += 1
        output.executing(op, statement: statement)
        // The statement's text is made only where it is stored or compared.
        switch op.kind {
        case .setDay: break
        case .log(let day, let meal, let time, let items):
            try log(items, day: day, meal: meal, time: time?.description, statement: statement, source: source)
        case .defineFood(let food): try defineFood(food, text: source.text(statement.range))
        case .defineRecipe(let name, let serves, let items):
            try defineRecipe(name, serves: serves, items: items, text: source.text(statement.range))
        case .defineMeal(let name, let items): try defineMeal(name, items: items, text: source.text(statement.range))
        case .defineAlias(let name, let target): try defineAlias(name, target: target)
        case .setTargets(let from, let scope, let values): try setTargets(from: from, scope: scope, values)
        case .recordWeight(let day, let kilograms): try recordWeight(day: day, kilograms: kilograms)
        case .usePlan(let name, let from, let options):
            try usePlan(name, from: from, options: options, statement: statement)
        case .planOff(let from): try diary.setPlan(from: from, nil, origin: origin)
        case .show(let range, let nutrients, let grouping, _):
            guard let range = try queryRange(range, statement: statement) else { return }
            try show(range, nutrients: nutrients, grouping: grouping)
        case .chart(let nutrient, let range):
            guard let range = try queryRange(range, statement: statement), mode != .summaryOnly else { return }
            if nutrient == Compiler.weightKey {
                return output.weights(try Dashboard.weights(diary, range: range), chart: true)
            }
            output.chart(try Dashboard.chart(diary, nutrient: nutrient, range: range))
        case .top(let count, let grouping, let range, let nutrient):
            guard let range = try queryRange(range, statement: statement), mode != .summaryOnly else { return }
            output.top(try Dashboard.top(diary, count: count, grouping: grouping, range: range, nutrient: nutrient))
        case .undo: try undo()
        case .check(let range):
            guard let range = try queryRange(range, statement: statement), mode != .summaryOnly else { return }
            output.verdicts(try engine.check(range, override: nil))
        case .insight(let range):
            guard let range = try queryRange(range, statement: statement), mode != .summaryOnly else { return }
            let result = try engine.insights(range)
            output.insights(result.days, failures: result.failures)
        case .showPlan(let name): showPlan(name, statement: statement)
        case .reloadPlan:
            engine.reset()
            output.note("plans and insight rules will be read again on next use")
        }
    }

    // MARK: - One method per kind of operation

    func log(
        _ items: [Item], day: CalendarDate, meal: String?, time: String?, statement: Statement,
        source: SourceFile
    ) throws(DiaryError) {
        try noteDuplicate(day: day, statement: statement, source: source)
        guard let resolved = try resolveItems(items) else { return }
        output.resolved(resolved, day: day, meal: meal, statement: statement)
        if mode == .dryRun { output.review(resolved, day: day, meal: meal, statement: statement) }
        var group = LoggedGroup(kcal: 0, items: resolved.count, estimates: 0, day: day.dayNumber)
        for index in resolved.indices {  // by index: reads two fields without copying each item
            group.kcal += resolved[index].choice.per100g.amount(.kcal) * resolved[index].grams / 100
            if resolved[index].isEstimate { group.estimates += 1 }
        }
        summary.days.insert(group.day)
        summary.items += group.items
        summary.kcal += group.kcal
        summary.estimates += group.estimates
        // Remembered for `undo` when it is stored (a summary stores nothing, but counts as if it
        // did): after an error nothing is stored, and an undo then reaches the diary's own last
        // group. A dry run stores too, so its later queries see the entries; it rolls back.
        guard mode != .summaryOnly else {
            loggedGroups.append(group)
            return
        }
        guard !pendingError else { return }
        loggedGroups.append(group)
        let groupID = try diary.newGroup(origin: origin, text: source.text(statement.range))
        for item in resolved {
            let snapshot: Int64
            if let known = snapshotBySerial[item.choice.serial] {
                snapshot = known
            } else {
                snapshot = try diary.snapshotID(item.choice.snapshot)
                snapshotBySerial[item.choice.serial] = snapshot
            }
            try diary.insertEntry(
                group: groupID, origin: origin, day: day, time: time, meal: meal, text: item.text,
                quantity: item.quantity, unit: item.unit, grams: item.grams, snapshot: snapshot, note: item.note)
        }
    }

    func defineFood(_ food: CustomFoodDefinition, text: String) throws(DiaryError) {
        try define(
            StoredFood(
                kind: .custom, name: food.name, per100g: food.per100g, portions: food.portions,
                tags: food.tags, definition: text))
    }

    func defineRecipe(_ name: String, serves: Double, items: [Item], text: String) throws(DiaryError) {
        guard let total = try resolveTotal(items) else { return }
        let grams = total.grams
        try define(
            StoredFood(
                kind: .recipe, name: name, per100g: total.per100g,
                portions: [
                    FoodPortion(sequence: 1, amount: 1, unit: "serving", grams: grams / serves),
                    FoodPortion(sequence: 2, amount: 1, unit: "recipe", grams: grams),
                ],
                tags: total.tags, definition: text))
    }

    func defineMeal(_ name: String, items: [Item], text: String) throws(DiaryError) {
        guard let total = try resolveTotal(items) else { return }
        let grams = total.grams
        try define(
            StoredFood(
                kind: .meal, name: name, per100g: total.per100g,
                portions: [FoodPortion(sequence: 1, amount: 1, unit: "serving", grams: grams)],
                tags: total.tags, definition: text))
    }

    func defineAlias(_ name: String, target: String) throws(DiaryError) {
        let replaced = try diary.saveAlias(key: TextNormalizer.key(name), name: name, target: target, origin: origin)
        resolver.invalidate()
        summary.definitions += 1
        output.defined("alias", name: name, replaced: replaced)
    }

    func setTargets(from: CalendarDate, scope: TargetScope, _ values: [TargetValue]) throws(DiaryError) {
        try diary.setTargets(from: from, scope: scope, values.map { ($0.key, $0.value) }, origin: origin)
        guard mode != .summaryOnly else { return }
        // Each value is in its nutrient's own unit (the compiler converted `2.3 g sodium` to mg).
        let amounts = values.map { target in
            target.key == "kcal"
                ? formatAmount(target.value) + " kcal"
                : formatAmount(target.value) + " " + (Nutrient.named(target.key)?.unit ?? "g") + " " + target.key
        }
        output.note(
            (mode == .dryRun ? "would set targets from " : "targets from ") + "\(from): "
                + amounts.joined(separator: ", ") + (scope.phrase.map { " " + $0 } ?? ""))
    }

    func recordWeight(day: CalendarDate, kilograms: Double) throws(DiaryError) {
        try diary.recordWeight(day: day, kilograms: kilograms, origin: origin)
        guard mode != .summaryOnly else { return }
        output.note((mode == .dryRun ? "would record weight " : "weight ") + formatAmount(kilograms) + " kg on \(day)")
    }

    func usePlan(_ name: String, from: CalendarDate, options: [PlanOptionSetting], statement: Statement)
        throws(DiaryError)
    {
        let source: PlanSource
        switch RuleEngine.locate(name, environment: environment) {
        case .success(let found): source = found
        case .failure(let error):
            diagnostics.append(DiagnosticMessages.unknownPlan(error.message, statement.range))
            pendingError = true
            return
        }
        if !options.isEmpty {
            // Each option is checked against the plan's own (loading the plan once).
            let written: [PlanOptionWritten]
            if case .plan(.use(_, let parsed, _)) = statement.kind { written = parsed } else { written = [] }
            let problems: [(index: Int, problem: RuleEngine.OptionProblem)]
            do throws(LuaScriptError) { problems = try engine.optionProblems(options, for: source) } catch {
                diagnostics.append(
                    DiagnosticMessages.luaError(error.message, traceback: error.traceback, statement.range))
                pendingError = true
                return
            }
            for (index, problem) in problems {
                let range = index < written.count ? written[index].range : statement.range
                diagnostics.append(RuleEngine.diagnostic(problem, plan: name, range))
                pendingError = true
            }
            guard problems.isEmpty else { return }
        }
        // A plan file is stored by its canonical path, so `check` finds it from any folder.
        try diary.setPlan(from: from, source.storedName, options: options, origin: origin)
        if mode != .summaryOnly {
            let settings = options.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            output.note(
                (mode == .dryRun ? "would use plan '" : "plan '") + "\(name)'"
                    + (settings.isEmpty ? "" : " with " + settings) + " from \(from)")
        }
    }

    func show(_ range: DayRange, nutrients: [String], grouping: Grouping?) throws(DiaryError) {
        guard mode != .summaryOnly else { return }
        if nutrients == [Compiler.weightKey] {
            return output.weights(try Dashboard.weights(diary, range: range), chart: false)
        }
        if range.count == 1, grouping == nil {
            output.dayReport(try DayReport.load(range.first, diary: diary, nutrients: nutrients))
        } else {
            output.periodReport(
                try Dashboard.period(diary, range: range, nutrients: nutrients, grouping: grouping ?? .day))
        }
    }

    func undo() throws(DiaryError) {
        // A summary stores nothing, so there it takes back this script's last log, as a run would.
        guard mode != .summaryOnly else {
            if let group = loggedGroups.popLast() { forget(group) }
            return
        }
        // Undo takes back what the user did: in a script, that script's own logs; typed in (the
        // REPL, -e, `foodlog undo`), what was typed. Imports and other scripts are left alone.
        let typed = originPath.hasPrefix("<")
        guard let undone = try diary.undoLastGroup(from: typed ? try diary.typedOrigins() : [origin]) else {
            output.note(
                typed
                    ? "nothing to undo (undo takes back what was typed; imports and scripts stay)"
                    : "nothing to undo in this script")
            return
        }
        // This script's logs are the diary's newest groups, so the last one is undone first.
        if let group = loggedGroups.popLast() { forget(group) } else { summary.undoneEarlier += undone.count }
        summary.undone += undone.count
        output.note(
            (mode == .dryRun ? "would undo " : "undid ")
                + "\(undone.count) item\(undone.count == 1 ? "" : "s"): \(undone.text)")
    }

    func showPlan(_ name: String, statement: Statement) {
        switch RuleEngine.locate(name, environment: environment) {
        case .failure(let error):
            diagnostics.append(DiagnosticMessages.unknownPlan(error.message, statement.range))
        case .success(let source):
            do {
                output.planInfo(try engine.info(source), source: source)
            } catch {
                diagnostics.append(
                    DiagnosticMessages.luaError(error.message, traceback: error.traceback, statement.range))
            }
        }
    }

    /// The range a query runs over (see ``PeriodBounds``); nil once a period too long is reported.
    func queryRange(_ range: DayRange, statement: Statement) throws(DiaryError) -> DayRange? {
        let (bounded, diagnostic) = try PeriodBounds.queryRange(range, diary: diary, at: statement.range)
        if let diagnostic {
            diagnostics.append(diagnostic)
            if diagnostic.severity == .error { pendingError = true }
        }
        return bounded
    }

    /// The rule engine, created on first use and kept for the run.
    lazy var engine: RuleEngine = rules()

    // MARK: - Shared steps

    func define(_ food: StoredFood) throws(DiaryError) {
        let replaced = try diary.saveFood(food, key: TextNormalizer.key(food.name), origin: origin)
        resolver.invalidate()
        summary.definitions += 1
        output.defined(food.kind.rawValue, name: food.name, replaced: replaced)
    }

    /// Resolves items; reports failures; nil when any failed.
    func resolveItems(_ items: [Item]) throws(DiaryError) -> [ResolvedItem]? {
        var resolved: [ResolvedItem] = []
        resolved.reserveCapacity(items.count)
        var failed = false
        try resolver.resolveEach(items) { result in
            switch consume result {
            case .success(let item):
                guard SaneRanges.itemGrams.contains(item.grams) else {
                    diagnostics.append(DiagnosticMessages.implausibleWeight(item.text, grams: item.grams, item.range))
                    failed = true
                    return
                }
                let doubts = item.doubts(strict: strict)
                resolved.append(consume item)
                if !doubts.isEmpty {
                    diagnostics += doubts
                    if strict { failed = true }
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                failed = true
            }
        }
        if failed { pendingError = true }
        return failed ? nil : resolved
    }

    /// The items of a recipe or saved meal resolved and added up: their weight, their nutrients
    /// per 100 g of the whole, and every tag any of them has; nil when one failed (reported).
    func resolveTotal(_ items: [Item]) throws(DiaryError) -> (grams: Double, per100g: Nutrients, tags: [String])? {
        guard let resolved = try resolveItems(items) else { return nil }
        var nutrients = Nutrients()
        var grams = 0.0
        var tags = Set<String>()
        for item in resolved {
            nutrients.add(item.nutrients)
            grams += item.grams
            tags.formUnion(item.choice.tags)
        }
        return (grams, nutrients.scaled(by: grams > 0 ? 100 / grams : 0), tags.sorted())
    }

    /// Remembers a `log` line of a script that another script logged word for word on the same
    /// day (a copy of a file doubles its days); ``finish()`` warns once per other script.
    private func noteDuplicate(day: CalendarDate, statement: Statement, source: SourceFile) throws(DiaryError) {
        guard runsScript else { return }
        if otherScriptsExist == nil {
            otherScriptsExist = try diary.originPaths().contains { id, path in
                guard id != origin, case .script = EntrySource(originPath: path) else { return false }
                return true
            }
        }
        guard otherScriptsExist == true else { return }
        let text = source.text(statement.range)
        if otherScriptLines[day.dayNumber] == nil {
            var lines: [String: String] = [:]
            for line in try diary.scriptStatements(on: day, excluding: origin) where lines[line.text] == nil {
                lines[line.text] = line.path
            }
            otherScriptLines[day.dayNumber] = lines
        }
        guard let path = otherScriptLines[day.dayNumber]?[text] else { return }
        if let index = duplicates.firstIndex(where: { $0.path == path }) {
            duplicates[index].lines += 1
            duplicates[index].days.insert(day.dayNumber)
        } else {
            duplicates.append((path, statement.range, 1, [day.dayNumber]))
        }
    }

    /// Adds what can be said only once every statement ran: the duplicate-script warnings.
    func finish() {
        for duplicate in duplicates {
            let name = duplicate.path.split(separator: "/").last.map(String.init) ?? duplicate.path
            diagnostics.append(
                DiagnosticMessages.duplicateScript(
                    lines: duplicate.lines, days: duplicate.days.sorted().map(CalendarDate.init(dayNumber:)),
                    otherScript: name, duplicate.range))
        }
        duplicates = []
        otherScriptLines = [:]
        otherScriptsExist = nil
    }

    /// Takes an undone `log` of this script back out of the summary.
    private func forget(_ group: LoggedGroup) {
        summary.items -= group.items
        summary.kcal -= group.kcal
        summary.estimates -= group.estimates
        guard !loggedGroups.contains(where: { $0.day == group.day }) else { return }
        summary.days.remove(group.day)
    }
}

extension FoodChoice {
    /// The frozen form stored with entries.
    public var snapshot: FoodSnapshot {
        FoodSnapshot(
            foodID: food.id, name: food.name, group: food.group, source: source.rawValue, tags: tags,
            estimateReason: estimateReason, per100g: per100g)
    }
}
