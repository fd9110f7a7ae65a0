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

    init(console: Console, source: SourceFile) {
        self.console = console
        self.source = source
    }

    func review(_ items: [ResolvedItem], day: CalendarDate, meal: String?, statement: Statement) {
        let heading = "\(day)" + (meal.map { " @\($0)" } ?? "")
        if showLocation {
            console.out("\(source.name):\(source.location(of: statement.range.start).line): " + heading + "\n")
        } else {
            console.out(heading + "\n")
        }
        console.out(ReviewRenderer(colored: console.colorOnOutput).render(items))
    }

    func defined(_ kind: String, name: String, replaced: Bool) {
        guard !quiet else { return }
        console.out((replaced ? "redefined " : "defined ") + kind + " " + QuotedName.quote(name) + "\n")
    }

    func dayReport(_ report: DayReport) {
        if json { return console.out(DashboardRenderer.json(report).render() + "\n") }
        console.out(DayReportRenderer(ascii: dashboard.ascii).render(report))
    }

    func periodReport(_ report: PeriodReport) {
        if json { return console.out(DashboardRenderer.json(report).render() + "\n") }
        console.out(dashboard.period(report))
    }

    func chart(_ series: ChartSeries) {
        if json { return console.out(DashboardRenderer.json(series).render() + "\n") }
        console.out(dashboard.chart(series))
    }

    func top(_ list: TopList) {
        if json { return console.out(DashboardRenderer.json(list).render() + "\n") }
        console.out(dashboard.top(list))
    }

    func note(_ text: String) {
        guard !quiet else { return }
        console.out(text + "\n")
    }

    func verdicts(_ days: [DayVerdict]) {
        console.out(PlanRenderer.verdicts(days))
    }

    func insights(_ days: [(CalendarDate, LuaInsight?)], failures: [LuaScriptError]) {
        console.out(PlanRenderer.insights(days))
        for failure in failures { console.err("insight rule failed: \(DiagnosticRenderer.printableText(failure.message))\n") }
    }

    func planInfo(_ info: LuaPlanInfo, source: PlanSource) {
        console.out(PlanRenderer.planInfo(info, source: source))
    }
}
