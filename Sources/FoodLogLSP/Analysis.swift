import Diary
import FoodLogCore
import FoodLogEngine
import LuaHost
import MealCompiler
import MealSyntax
import Nutrition

/// What one check of a document found: the diagnostics `foodlog check` prints for it, each
/// `log` statement's resolved items, and each day's total and targets.
struct Analysis {
    /// One `log` statement and what its items resolved to.
    struct Logged {
        var statement: Statement
        var day: CalendarDate
        var meal: String?
        var items: [ResolvedItem]

        var kcal: Double { items.reduce(0) { $0 + $1.nutrients.amount(.kcal).finiteOrZero } }
        var estimates: Int { items.filter(\.isEstimate).count }
    }

    /// What a day holds: this document's items, what other scripts logged, and its targets.
    struct Day {
        var nutrients = Nutrients()
        var items = 0
        var estimates = 0
        /// The day's entries from elsewhere in the diary (not from this document).
        var elsewhere = Nutrients()
        var elsewhereItems = 0
        var targets: [String: Double] = [:]
        /// The weekly (`per week`) targets in force, and the week's total from Monday through
        /// the day (this document's items and the diary's other entries); empty without one.
        var weekTargets: [String: Double] = [:]
        var weekTotal = Nutrients()

        var total: Nutrients {
            var sum = nutrients
            sum.add(elsewhere)
            return sum
        }
    }

    let version: Int
    /// The diary file as it was when the analysis was made (``Analyzer/fileStamp()``).
    var diaryStamp: [Int] = []
    let source: SourceFile
    let statements: [Statement]
    let diagnostics: [Diagnostic]
    let logged: [Logged]
    let days: [CalendarDate: Day]
    /// The day `today` and `yesterday` count from.
    var today = CalendarDate(year: 1970, month: 1, day: 1)
    /// Set when the diary could not be read: the analysis has the parse's diagnostics only.
    let diaryProblem: String?

    /// The resolved item whose written range holds `offset`.
    func item(at offset: Int) -> (Logged, ResolvedItem)? {
        for entry in logged where entry.statement.range.start <= offset && offset <= entry.statement.range.end {
            if let item = entry.items.first(where: { $0.range.start <= offset && offset <= $0.range.end }) {
                return (entry, item)
            }
        }
        return nil
    }
}

extension Double {
    /// Zero for NaN (a nutrient the food has no value for).
    var finiteOrZero: Double { isFinite ? self : 0 }
}

/// Collects what the interpreter reports while a document is checked.
final class AnalysisRecorder: InterpreterOutput {
    var logged: [Analysis.Logged] = []
    /// The document's `target` statements, as diary settings.
    var targetSettings: [TargetSetting] = []

    func resolved(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {
        logged.append(Analysis.Logged(statement: statement, day: day, meal: meal, items: items))
    }

    func executing(_ op: Op, statement: Statement) {
        if case .setTargets(let from, let scope, let values) = op.kind {
            targetSettings += values.map { TargetSetting(day: from, nutrient: $0.key, scope: scope, value: $0.value) }
        }
    }
}

/// Checks documents as `foodlog check FILE` does — the same ``Pipeline``, the same resolver
/// chain, the same diagnostics — against a private in-memory copy of the diary, so nothing
/// reaches the diary file. The copy is taken again when the diary file changes.
final class Analyzer {
    let diaryPath: String
    let environment: [String: String]
    /// Today's date, asked once per analysis.
    let today: @Sendable () -> CalendarDate
    let limits: LuaLimits
    let tables = FoodTableProvider()
    private(set) var diary: Diary?
    private(set) var resolver: Resolver?
    private var diaryStamp: [Int] = []
    private(set) var problem: String?

    /// The diary's other entries for a span of days, kept until the diary or the span changes.
    struct ElsewhereKey: Equatable {
        var stamp: [Int]
        var origin: String
        var first: CalendarDate
        var last: CalendarDate
    }
    private var elsewhere: (key: ElsewhereKey, totals: [GroupTotals])?

    init(diaryPath: String, environment: [String: String], today: @escaping @Sendable () -> CalendarDate) {
        self.diaryPath = diaryPath
        self.environment = environment
        self.today = today
        limits = LuaLimits.from(environment: environment)
    }

    /// The diary file's and its WAL's identity, size and modification time: what says it changed.
    func fileStamp() -> [Int] { Files.stamp(diaryPath) + Files.stamp(diaryPath + "-wal") }

    /// The diary copy, refreshed when the file (or its WAL) changed since it was taken.
    func currentDiary() -> Diary? {
        let stamp = fileStamp()
        if diary != nil, stamp == diaryStamp { return diary }
        do throws(DiaryError) {
            let copy = try Diary.scratchCopy(of: diaryPath)
            diary = copy
            resolver = Resolver.standard(diary: copy, tables: tables, limits: limits, environment: environment).resolver
            diaryStamp = stamp
            problem = nil
        } catch {
            problem = error.message
            diary = nil
            resolver = nil
            diaryStamp = stamp  // analyses of this state of the file stand until it changes
        }
        return diary
    }

    /// Checks a document's current text.
    func analyze(_ document: TextDocument) -> Analysis {
        var analysis = check(document)
        analysis.diaryStamp = diaryStamp
        return analysis
    }

    /// The analysis of a document against the current diary copy.
    private func check(_ document: TextDocument) -> Analysis {
        let source = document.source
        let today = today()
        let originPath = TextDocument.path(ofURI: document.uri) ?? document.uri
        guard let diary = currentDiary(), let resolver else {
            let script = Parser.parse(source)
            let (_, compiled) = Compiler.compile(script, today: today)
            return Analysis(
                version: document.version, source: source, statements: script.statements,
                diagnostics: (script.diagnostics + compiled).sorted { $0.range.start < $1.range.start },
                logged: [], days: [:], today: today, diaryProblem: problem)
        }
        let recorder = AnalysisRecorder()
        let interpreter = Interpreter(
            diary: diary, resolver: resolver, mode: .summaryOnly, today: today, output: recorder,
            environment: environment)
        var statements: [Statement] = []
        var diagnostics: [Diagnostic] = []
        var failure: String?
        do throws(DiaryError) {
            let outcome = try Pipeline.run(
                source, on: interpreter, originPath: originPath, replacing: false,
                observing: { statements.append($0) })
            diagnostics = outcome.diagnostics
        } catch {
            failure = error.message
        }
        // What the document defined was rolled back: choices made from it must not outlive it.
        if interpreter.summary.definitions > 0 { resolver.invalidate() }
        let days = dayTotals(recorder, statements: statements, diary: diary, originPath: originPath, today: today)
        return Analysis(
            version: document.version, source: source, statements: statements, diagnostics: diagnostics,
            logged: recorder.logged, days: days, today: today, diaryProblem: failure)
    }

    /// Each day the document names (date lines and logs): its items, the diary's other entries
    /// and the targets in effect (the document's own `target` lines over the diary's), with the
    /// week so far where a weekly target holds.
    func dayTotals(
        _ recorder: AnalysisRecorder, statements: [Statement], diary: Diary, originPath: String, today: CalendarDate
    ) -> [CalendarDate: Analysis.Day] {
        var days: [CalendarDate: Analysis.Day] = [:]
        for statement in statements {
            if case .date(let word) = statement.kind {
                let day = word.day(today: today)
                days[day] = days[day] ?? Analysis.Day()
            }
        }
        for entry in recorder.logged {
            var day = days[entry.day] ?? Analysis.Day()
            for item in entry.items { day.nutrients.add(item.nutrients) }
            day.items += entry.items.count
            day.estimates += entry.estimates
            days[entry.day] = day
        }
        // From the Monday of the first day: a weekly target counts the week from there.
        guard let first = days.keys.min()?.startOfWeek, let last = days.keys.max() else { return days }
        let key = ElsewhereKey(stamp: diaryStamp, origin: originPath, first: first, last: last)
        if elsewhere?.key != key {
            // What other scripts logged changes only with the diary: asked once per span of days.
            elsewhere = (key, (try? diary.dailyTotals(from: first, to: last, excludingOrigin: originPath)) ?? [])
        }
        // Every day's total, the days this document does not name included (for the weeks).
        var totals: [CalendarDate: Nutrients] = days.mapValues(\.nutrients)
        for total in elsewhere?.totals ?? [] {
            guard let date = CalendarDate(iso: total.key) else { continue }
            totals[date, default: Nutrients()].add(total.nutrients)
            guard days[date] != nil else { continue }
            days[date]?.elsewhere = total.nutrients
            days[date]?.elsewhereItems = total.entries
        }
        // Targets in effect each day: the diary's settings and this document's, in day order
        // (one query, not one a day); a weekend or weekday target in place of the daily one.
        var schedule = TargetSchedule(((try? diary.targetHistory()) ?? []) + recorder.targetSettings)
        for date in days.keys.sorted() {
            schedule.advance(to: date)
            days[date]?.targets = schedule.daily(on: date)
            guard !schedule.weekly.isEmpty else { continue }
            days[date]?.weekTargets = schedule.weekly
            days[date]?.weekTotal = Analyzer.sum(of: totals, from: date.startOfWeek, through: date)
        }
        return days
    }

    /// The sum of the days' totals from one day through another.
    static func sum(of totals: [CalendarDate: Nutrients], from first: CalendarDate, through last: CalendarDate)
        -> Nutrients
    {
        var sum = Nutrients()
        var day = first
        while day <= last {
            if let total = totals[day] { sum.add(total) }
            day = day.adding(days: 1)
        }
        return sum
    }
}
