import FoodLogCore
import FoodLogEngine
import LuaHost
import MealSyntax

/// Renders what the interpreter reports to the console.
final class CLIOutput: InterpreterOutput {
    let console: Console
    let source: SourceFile
    var quiet = false
    /// Dashboard output as JSON instead of text.
    var json = false
    var dashboard = DashboardRenderer()
    /// Head each review with `file:line:` (scripts) or only the day and meal (the REPL).
    var showLocation = true
    /// Phrase confirmations as what a dry run would do ("would define custom …").
    var dryRun = false
    /// Keep the output back until ``release(succeeded:)``, so that a script that fails (and so
    /// writes nothing) does not first say what it defined or set: its confirmations
    /// (definitions, targets, plans, undo) are dropped, the rest is printed in order. Past
    /// ``holdLimit`` bytes the output is printed as it comes, so a huge dry run streams.
    var holdsOutput = false
    private var held: [(text: String, isConfirmation: Bool)] = []
    private var heldBytes = 0
    static let holdLimit = 1 << 20

    init(console: Console, source: SourceFile) {
        self.console = console
        self.source = source
    }

    func review(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {
        let heading = "\(day)" + (meal.map { " @\($0)" } ?? "")
        if showLocation {
            emit("\(source.name):\(source.location(of: statement.range.start).line): " + heading + "\n")
        } else {
            emit(heading + "\n")
        }
        emit(ReviewRenderer(colored: console.colorOnOutput).render(items))
    }

    func defined(_ kind: String, name: String, replaced: Bool) {
        guard !quiet else { return }
        let verb = dryRun ? (replaced ? "would redefine " : "would define ") : (replaced ? "redefined " : "defined ")
        confirm(verb + kind + " " + QuotedName.quote(name) + "\n")
    }

    /// Prints what was held: everything if the script succeeded, all but its confirmations if not.
    func release(succeeded: Bool) {
        for chunk in held where succeeded || !chunk.isConfirmation { console.out(chunk.text) }
        held = []
        heldBytes = 0
    }

    private func confirm(_ line: String) { emit(line, isConfirmation: true) }

    private func emit(_ text: String, isConfirmation: Bool = false) {
        guard holdsOutput else { return console.out(text) }
        held.append((text, isConfirmation))
        heldBytes += text.utf8.count
        if heldBytes > CLIOutput.holdLimit {
            release(succeeded: true)
            holdsOutput = false
        }
    }

    func dayReport(_ report: DayReport) {
        if json { return emit(DashboardRenderer.json(report).render() + "\n") }
        emit(DayReportRenderer(ascii: dashboard.ascii).render(report))
    }

    func periodReport(_ report: PeriodReport) {
        if json { return emit(DashboardRenderer.json(report).render() + "\n") }
        emit(dashboard.period(report))
    }

    func chart(_ series: ChartSeries) {
        if json { return emit(DashboardRenderer.json(series).render() + "\n") }
        emit(dashboard.chart(series))
    }

    func weights(_ series: WeightSeries, chart: Bool) {
        if json { return emit(WeightRenderer.json(series).render() + "\n") }
        let renderer = WeightRenderer(ascii: dashboard.ascii, width: dashboard.width)
        emit(chart ? renderer.chart(series) : renderer.list(series))
    }

    func top(_ list: TopList) {
        if json { return emit(DashboardRenderer.json(list).render() + "\n") }
        emit(dashboard.top(list))
    }

    func note(_ text: String) {
        guard !quiet else { return }
        confirm(text + "\n")
    }

    func verdicts(_ days: [DayVerdict]) {
        emit(PlanRenderer.verdicts(days))
    }

    func insights(_ days: [(CalendarDate, LuaInsight?)], failures: [LuaScriptError]) {
        emit(PlanRenderer.insights(days))
        for failure in failures {
            console.err("insight rule failed: \(DiagnosticRenderer.printableText(failure.message))\n")
        }
    }

    func planInfo(_ info: LuaPlanInfo, source: PlanSource) {
        emit(PlanRenderer.planInfo(info, source: source))
    }
}
