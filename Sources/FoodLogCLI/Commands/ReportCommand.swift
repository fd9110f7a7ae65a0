import Diary
import FoodLogEngine
import Glibc
import MealCompiler
import MealSyntax
import Nutrition

/// `foodlog report PERIOD --html FILE | --svg FILE`.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report", summary: "write a self-contained HTML report (or one SVG chart) for a period",
        arguments: "[PERIOD]", argumentCount: 0...Int.max,
        options: [
            RunCommands.dbOption,
            OptionSpec("html", value: "FILE", help: "write the HTML report to FILE ('-' for stdout)"),
            OptionSpec("svg", value: "FILE", help: "write one chart as SVG to FILE ('-' for stdout)"),
            OptionSpec("nutrient", value: "NAME", help: "the nutrient of the --svg chart (default kcal)"),
        ],
        details: """
            The HTML file needs nothing else to be read: inline CSS and SVG charts of kcal and each
            macro per day with target lines (fibre, sodium and body weight too when the period has
            them), the last day's macros against targets, meals, top foods, estimated items flagged.
            Axes have round ticks and bars their dates where they fit; at phone width (under 600 px)
            the charts are drawn for the narrow screen and tables scroll sideways.
            PERIOD defaults to the last 30 days.

            examples:
              foodlog report this month --html month.html
              foodlog report last 7 days --svg protein.svg --nutrient protein
            """
    ) { invocation in
        guard invocation.value("html") != nil || invocation.value("svg") != nil else {
            invocation.console.err(
                "foodlog report: give --html FILE or --svg FILE\nhelp: usage: \(invocation.command.usage)\n")
            return .usage
        }
        let periodText = invocation.positionals.isEmpty ? "last 30 days" : invocation.positionals.joined(separator: " ")
        guard let diary = Session.open(invocation, access: .readOnly)?.diary else { return .ioError }
        var failure = ExitCode.usage
        guard let (range, _, source) = RunCommands.days(of: periodText, in: diary, invocation, failure: &failure) else {
            return failure
        }
        do throws(DiaryError) {
            let (bounded, diagnostic) = try PeriodBounds.queryRange(
                range, diary: diary, at: SourceRange(6, source.bytes.count))
            if let diagnostic { RunCommands.report([diagnostic], source: source, invocation) }
            guard let range = bounded else { return .dataError }
            if let path = invocation.value("svg") {
                var nutrient = "kcal"
                if let name = invocation.value("nutrient") {
                    guard
                        let found = Nutrient.named(name)?.key
                            ?? (name == "net carbs" || name == "net_carbs" ? "net_carbs" : nil)
                    else {
                        invocation.console.err("foodlog report: unknown nutrient '\(name)'\n")
                        return .usage
                    }
                    nutrient = found
                }
                let series = try Dashboard.chart(diary, nutrient: nutrient, range: range)
                return write(HTMLReport.svg(series) + "\n", to: path, invocation)
            }
            let period = try Dashboard.period(
                diary, range: range, nutrients: Dashboard.defaultNutrients, grouping: .day)
            var series: [ChartSeries] = []
            for key in Dashboard.defaultNutrients + HTMLReport.chartsWhenLogged {
                let chart = try Dashboard.chart(diary, nutrient: key, range: range)
                // Fibre and sodium only when some day has them (an import may lack the columns).
                if HTMLReport.chartsWhenLogged.contains(key), !chart.points.contains(where: { ($0.value ?? 0) > 0 }) {
                    continue
                }
                series.append(chart)
            }
            let report = HTMLReport(
                period: period, lastDay: try DayReport.load(range.last, diary: diary), series: series,
                meals: try Dashboard.period(
                    diary, range: range, nutrients: Dashboard.defaultNutrients, grouping: .meal),
                topFoods: try Dashboard.top(diary, count: 10, grouping: .food, range: range, nutrient: "kcal"),
                weights: try diary.weights().filter { range.first <= $0.day && $0.day <= range.last })
            return write(report.render(), to: invocation.value("html")!, invocation)
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return .ioError
        }
    }

    /// Writes to a temporary file and renames it into place, so a failed write leaves nothing half-written.
    static func write(_ text: String, to path: String, _ invocation: Invocation) -> ExitCode {
        if path == "-" {
            invocation.console.out(text)
            return .ok
        }
        let temporary = path + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else {
            invocation.console.err("foodlog: cannot write \(path): \(String(cString: strerror(errno)))\n")
            return .ioError
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        let failed = written != text.utf8.count || fclose(file) != 0
        if failed || rename(temporary, path) != 0 {
            invocation.console.err("foodlog: cannot write \(path): \(String(cString: strerror(errno)))\n")
            unlink(temporary)
            return .ioError
        }
        invocation.console.err("wrote \(path)\n")
        return .ok
    }
}
