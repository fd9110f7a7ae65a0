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
}

/// Runs compiled operations against the diary through the resolver chain.
///
/// Design: one pass over the statements of a script (streamed from the parser), inside one
/// diary transaction. Definitions are written as they come, so later lines see them; log items
/// are resolved and written; the first error stops writing but not checking, so every error is
/// reported; at the end the transaction commits only in `run` mode and only without errors.
/// Invariant: a script writes all of its work or none of it.
public final class Interpreter {
    public enum Mode: Sendable {
        /// Write to the diary.
        case run
        /// Resolve and review; write nothing.
        case dryRun
        /// Resolve and total; write nothing, print nothing per statement.
        case check
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
    var pendingError = false
    /// Called every 50,000 items with (items so far, bytes read, total bytes): a progress line.
    public var progress: ((Int, Int, Int) -> Void)?
    private var nextProgress = 50_000
    /// Snapshot ids by choice serial, so each distinct food is fingerprinted once per run.
    var snapshotBySerial: [Int: Int64] = [:]
    /// Stores `log` statements on a second thread during a whole-script run.
    private var writer: EntryWriter?

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

    /// One `log` of this script, as counted in the summary, so `undo` can take it back out
    /// (24 bytes: a million-item script keeps a third of a million of these).
    private struct LoggedGroup {
        var kcal: Double
        var items: Int32
        var estimates: Int32
        var day: Int32
    }
    private var loggedGroups: [LoggedGroup] = []

    public private(set) var summary = Summary()
    public private(set) var diagnostics: [Diagnostic] = []

    public init(diary: Diary, resolver: Resolver, mode: Mode, today: CalendarDate, output: InterpreterOutput,
                environment: [String: String] = [:], rules: (() -> RuleEngine)? = nil) {
        self.diary = diary
        self.resolver = resolver
        self.mode = mode
        self.today = today
        self.output = output
        self.environment = environment
        self.rules = rules ?? { RuleEngine(diary: diary, resolver: resolver, limits: LuaLimits.from(environment: environment),
                                           environment: environment) }
    }

    /// Runs a whole script: everything parses, checks and resolves before anything is kept.
    /// `replacing` removes what the same script path wrote on an earlier run.
    public func run(_ source: SourceFile, originPath: String, replacing: Bool) throws(DiaryError) -> Bool {
        try diary.begin()
        do throws(DiaryError) {
            origin = try diary.origin(originPath)
            if replacing, mode == .run { summary.replacedEntries = try diary.clearOrigin(origin) }
            if mode == .run { writer = EntryWriter(diary: diary) }
            var compiler = Compiler(today: today)
            var failure: DiaryError?
            let script = Parser.parseAhead(source) { statement in
                guard failure == nil else { return }
                guard let op = compiler.compile(statement) else { pendingError = true; return }
                do throws(DiaryError) { try execute(op, statement: statement, source: source) } catch { failure = error }
                if let progress, summary.items >= nextProgress {
                    nextProgress = summary.items + 50_000
                    progress(summary.items, statement.range.end, source.bytes.count)
                }
            }
            if let failure { throw failure }
            try stopWriter()
            diagnostics = (script.diagnostics + compiler.diagnostics + diagnostics).sorted { $0.range.start < $1.range.start }
            let hasErrors = diagnostics.contains { $0.severity == .error }
            if mode == .run, !hasErrors {
                try diary.commit()
                return true
            }
            diary.rollback()
            snapshotBySerial.removeAll()
            return !hasErrors
        } catch {
            try? stopWriter()
            diary.rollback()
            snapshotBySerial.removeAll()
            throw error
        }
    }

    /// Waits for the entry writer to store everything and stops it (no-op without one).
    private func stopWriter() throws(DiaryError) {
        defer { writer = nil }
        try writer?.finish()
    }

    /// Runs one statement on its own transaction (the REPL and `-e`): written unless it fails.
    public func runStatement(_ op: Op, statement: Statement, source: SourceFile, originPath: String) throws(DiaryError) -> [Diagnostic] {
        diagnostics = []
        pendingError = false
        try diary.begin()
        do throws(DiaryError) {
            origin = try diary.origin(originPath)
            try execute(op, statement: statement, source: source)
            if mode == .run, !diagnostics.contains(where: { $0.severity == .error }) {
                try diary.commit()
            } else {
                diary.rollback()
                snapshotBySerial.removeAll()
            }
        } catch {
            diary.rollback()
            snapshotBySerial.removeAll()
            throw error
        }
        return diagnostics
    }

    var writes: Bool { !pendingError }

    func execute(_ op: Op, statement: Statement, source: SourceFile) throws(DiaryError) {
        summary.statements += 1
        switch op.kind {
        case .log, .setDay: break
        default: try writer?.drain()  // everything else sees the diary with every earlier entry stored
        }
        switch op.kind {
        case .setDay: break
        case .log(let day, let meal, let time, let items):
            try log(items, day: day, meal: meal, time: time?.description, statement: statement, source: source)
        case .defineFood(let food):
            try define(StoredFood(kind: .custom, name: food.name, per100g: food.per100g, portions: food.portions,
                                  tags: food.tags, definition: source.text(statement.range)))
        case .defineRecipe(let name, let serves, let items):
            guard let total = try resolveTotal(items) else { return }
            let grams = total.grams
            let per100 = total.nutrients.scaled(by: grams > 0 ? 100 / grams : 0)
            try define(StoredFood(kind: .recipe, name: name, per100g: per100,
                                  portions: [FoodPortion(sequence: 1, amount: 1, unit: "serving", grams: grams / serves),
                                             FoodPortion(sequence: 2, amount: 1, unit: "recipe", grams: grams)],
                                  tags: total.tags, definition: source.text(statement.range)))
        case .defineMeal(let name, let items):
            guard let total = try resolveTotal(items) else { return }
            let grams = total.grams
            try define(StoredFood(kind: .meal, name: name, per100g: total.nutrients.scaled(by: grams > 0 ? 100 / grams : 0),
                                  portions: [FoodPortion(sequence: 1, amount: 1, unit: "serving", grams: grams)],
                                  tags: total.tags, definition: source.text(statement.range)))
        case .defineAlias(let name, let target):
            let replaced = try diary.saveAlias(key: TextNormalizer.key(name), name: name, target: target, origin: origin)
            resolver.invalidate()
            summary.definitions += 1
            output.defined("alias", name: name, replaced: replaced)
        case .setTargets(let from, let values):
            try diary.setTargets(from: from, values.map { ($0.key, $0.value) }, origin: origin)
            if mode != .check {
                output.note("targets from \(from): " + values.map { formatAmount($0.value) + " " + ($0.key == "kcal" ? "kcal" : "g " + $0.key) }
                    .joined(separator: ", "))
            }
        case .recordWeight(let day, let kilograms):
            try diary.recordWeight(day: day, kilograms: kilograms, origin: origin)
        case .usePlan(let name, let from):
            let source: PlanSource
            switch RuleEngine.locate(name, environment: environment) {
            case .success(let found): source = found
            case .failure(let error):
                diagnostics.append(DiagnosticMessages.unknownPlan(error.message, statement.range))
                pendingError = true
                return
            }
            try diary.setPlan(from: from, source.storedName, origin: origin)
            if mode != .check { output.note("plan '\(name)' from \(from)") }
        case .planOff(let from):
            try diary.setPlan(from: from, nil, origin: origin)
        case .show(let range, let nutrients, let grouping, _):
            guard mode != .check else { return }
            if range.count == 1, grouping == nil {
                output.dayReport(try DayReport.load(range.first, diary: diary, nutrients: nutrients))
            } else {
                output.periodReport(try Dashboard.period(diary, range: range, nutrients: nutrients, grouping: grouping ?? .day))
            }
        case .chart(let nutrient, let range):
            guard mode != .check else { return }
            output.chart(try Dashboard.chart(diary, nutrient: nutrient, range: range))
        case .top(let count, let grouping, let range, let nutrient):
            guard mode != .check else { return }
            output.top(try Dashboard.top(diary, count: count, grouping: grouping, range: range, nutrient: nutrient))
        case .undo:
            // `check` stores nothing, so there it takes back this script's last log, as a run would.
            guard mode != .check else {
                if let group = loggedGroups.popLast() { forget(group) }
                return
            }
            if let undone = try diary.undoLastGroup() {
                // This script's logs are the diary's newest groups, so the last one is undone first.
                if let group = loggedGroups.popLast() { forget(group) } else { summary.undoneEarlier += undone.count }
                summary.undone += undone.count
                output.note("undid \(undone.count) item\(undone.count == 1 ? "" : "s"): \(undone.text)")
            } else {
                output.note("nothing to undo")
            }
        case .check(let range):
            guard mode != .check else { return }
            output.verdicts(try engine.check(range, override: nil))
        case .insight(let range):
            guard mode != .check else { return }
            let result = try engine.insights(range)
            output.insights(result.days, failures: result.failures)
        case .showPlan(let name):
            switch RuleEngine.locate(name, environment: environment) {
            case .failure(let error):
                diagnostics.append(DiagnosticMessages.unknownPlan(error.message, statement.range))
            case .success(let source):
                do {
                    output.planInfo(try engine.info(source), source: source)
                } catch {
                    diagnostics.append(DiagnosticMessages.luaError(error.message, traceback: error.traceback, statement.range))
                }
            }
        case .reloadPlan:
            engine.reset()
            output.note("plans and insight rules will be read again on next use")
        }
    }

    /// The rule engine, created on first use and kept for the run.
    lazy var engine: RuleEngine = rules()

    func define(_ food: StoredFood) throws(DiaryError) {
        let replaced = try diary.saveFood(food, key: TextNormalizer.key(food.name), origin: origin)
        resolver.invalidate()
        summary.definitions += 1
        output.defined(food.kind.rawValue, name: food.name, replaced: replaced)
    }

    /// Resolves items; reports failures; nil when any failed.
    func resolveItems(_ items: [Item]) -> [ResolvedItem]? {
        var resolved: [ResolvedItem] = []
        var failed = false
        for result in resolver.resolveAll(items) {
            switch result {
            case .success(let item):
                resolved.append(item)
                if let corrected = item.choice.correctedPhrase {
                    diagnostics.append(DiagnosticMessages.assumedSpelling(item.text, corrected: corrected, item.range))
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                failed = true
            }
        }
        if failed { pendingError = true }
        return failed ? nil : resolved
    }

    func resolveTotal(_ items: [Item]) throws(DiaryError) -> (grams: Double, nutrients: Nutrients, tags: [String])? {
        guard let resolved = resolveItems(items) else { return nil }
        var nutrients = Nutrients()
        var grams = 0.0
        var tags = Set<String>()
        for item in resolved {
            nutrients.add(item.nutrients)
            grams += item.grams
            tags.formUnion(item.choice.tags)
        }
        return (grams, nutrients, tags.sorted())
    }

    /// Takes an undone `log` of this script back out of the summary.
    private func forget(_ group: LoggedGroup) {
        summary.items -= Int(group.items)
        summary.kcal -= group.kcal
        summary.estimates -= Int(group.estimates)
        // Undo is rare: looking through the remaining logs beats counting days on every log.
        guard !loggedGroups.contains(where: { $0.day == group.day }) else { return }
        summary.days.remove(Int(group.day))
    }

    func log(_ items: [Item], day: CalendarDate, meal: String?, time: String?, statement: Statement,
             source: SourceFile) throws(DiaryError) {
        guard let resolved = resolveItems(items) else { return }
        if mode == .dryRun { output.review(resolved, day: day, meal: meal, statement: statement) }
        let dayNumber = day.dayNumber
        summary.days.insert(dayNumber)
        var group = LoggedGroup(kcal: 0, items: Int32(clamping: resolved.count), estimates: 0, day: Int32(clamping: dayNumber))
        for item in resolved {
            group.kcal += item.choice.per100g.amount(.kcal) * item.grams / 100
            if item.isEstimate { group.estimates += 1 }
        }
        summary.items += Int(group.items)
        summary.kcal += group.kcal
        summary.estimates += Int(group.estimates)
        // Remembered for `undo` when it is stored (or, in `check`, would be): after an error
        // nothing is stored, and an undo then reaches the diary's own last group.
        guard mode != .check, writes else {
            if mode == .check { loggedGroups.append(group) }
            return
        }
        loggedGroups.append(group)
        let pending = PendingLog(origin: origin, statementText: source.text(statement.range), day: day, meal: meal, time: time,
                                 items: resolved)
        if let writer {
            writer.submit(pending)
        } else {
            try pending.store(in: diary, snapshots: &snapshotBySerial)
        }
    }
}

extension FoodChoice {
    /// The frozen form stored with entries.
    public var snapshot: FoodSnapshot {
        FoodSnapshot(foodID: food.id, name: food.name, group: food.group, source: source.rawValue, tags: tags,
                     estimateReason: estimateReason, per100g: per100g)
    }
}
