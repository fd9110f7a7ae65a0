import FoodLogCore
import FoodLogEngine
import LuaHost
import MealSyntax

/// Text and JSON for plan verdicts, insights and plan descriptions.
enum PlanRenderer {
    static func verdicts(_ days: [DayVerdict]) -> String {
        var output = ""
        var index = 0
        while index < days.count {
            let day = days[index]
            let plan = day.plan.map { " " + $0 } ?? ""
            switch day.status {
            case .noPlan:
                // Days without a plan come as one line per run of them, with the way to check them.
                var end = index
                while end + 1 < days.count, days[end + 1].status == .noPlan { end += 1 }
                output += noPlanLine(days[index...end], next: days[(end + 1)...].first { $0.plan != nil }?.plan)
                index = end + 1
                continue
            case .error:
                output +=
                    "\(day.day)  error\(plan): \(DiagnosticRenderer.printableText(day.error?.message ?? "failed"))\n"
                if let traceback = day.error?.traceback {
                    output += traceback.split(separator: "\n").map {
                        "      " + DiagnosticRenderer.printableText(String($0)) + "\n"
                    }.joined()
                }
            case .pass:
                output += "\(day.day)  pass \(plan)\n"
            case .warn, .fail:
                output += "\(day.day)  \(day.status.rawValue) \(plan)\n"
                for verdict in day.verdicts {
                    let place = verdict.line.map { "\(verdict.script):\($0)" } ?? verdict.script
                    output +=
                        "      \(verdict.level): \(DiagnosticRenderer.printableText(verdict.message))  (\(place))\n"
                }
            }
            index += 1
        }
        let counts = Dictionary(grouping: days, by: \.status).mapValues(\.count)
        if days.count > 1 {
            output +=
                "\(days.count) days: \(counts[.pass] ?? 0) pass, \(counts[.warn] ?? 0) warn, \(counts[.fail] ?? 0) fail"
                + ((counts[.error] ?? 0) > 0 ? ", \(counts[.error]!) error" : "")
                + ((counts[.noPlan] ?? 0) > 0 ? ", \(counts[.noPlan]!) without a plan" : "") + "\n"
        }
        return output
    }

    /// `2026-11-01..2026-11-27  -     no plan on these 27 days (keto is chosen from 2026-11-28)`
    /// and `check them with: foodlog check --plan keto 2026-11-01..2026-11-27`: a run of days
    /// before any plan was chosen (a plan applies from the day it is chosen on), or after `plan off`.
    static func noPlanLine(_ run: ArraySlice<DayVerdict>, next: String?) -> String {
        guard let first = run.first?.day, let last = run.last?.day else { return "" }
        let span = first == last ? "\(first)" : "\(first)..\(last)"
        let suggested = next ?? "keto"
        let planWord =
            suggested.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            ? suggested : QuotedName.quote(suggested)
        var line = span + "  -     no plan" + (run.count > 1 ? " on these \(run.count) days" : "")
        if next != nil {
            line += " (\(planWord) is chosen from \(last.adding(days: 1)))\n      check "
        } else {
            line += " (choose one: plan \(planWord))\n      or check "
        }
        line += (run.count > 1 ? "them" : "it") + " with: foodlog check --plan \(planWord) \(span)\n"
        return line
    }

    /// `{"days": [{"date", "plan", "status", "verdicts": [{"level", "message", "script", "line"}], "error"}],
    /// "summary": {"pass", "warn", "fail", "error", "no_plan"}}`.
    static func json(_ days: [DayVerdict]) -> JSON {
        let counts = Dictionary(grouping: days, by: \.status).mapValues(\.count)
        return .object([
            (
                "days",
                .array(
                    days.map { day in
                        .object([
                            ("date", .string(day.day.description)), ("plan", .optional(day.plan)),
                            ("status", .string(day.status.rawValue)),
                            (
                                "verdicts",
                                .array(
                                    day.verdicts.map { verdict in
                                        .object([
                                            ("level", .string(verdict.level)), ("message", .string(verdict.message)),
                                            ("script", .string(verdict.script)),
                                            ("line", verdict.line.map { .number(Double($0)) } ?? .null),
                                        ])
                                    })
                            ),
                            (
                                "error",
                                day.error.map {
                                    .object([("kind", .string($0.kind.rawValue)), ("message", .string($0.message))])
                                } ?? .null
                            ),
                        ])
                    })
            ),
            (
                "summary",
                .object([
                    ("pass", .number(Double(counts[.pass] ?? 0))), ("warn", .number(Double(counts[.warn] ?? 0))),
                    ("fail", .number(Double(counts[.fail] ?? 0))), ("error", .number(Double(counts[.error] ?? 0))),
                    ("no_plan", .number(Double(counts[.noPlan] ?? 0))),
                ])
            ),
        ])
    }

    static func insights(_ days: [(CalendarDate, LuaInsight?)]) -> String {
        days.map { day, insight in
            guard let insight else { return "\(day)  nothing to remark\n" }
            return
                "\(day)  \(DiagnosticRenderer.printableText(insight.emoji)) \(DiagnosticRenderer.printableText(insight.title)) — \(DiagnosticRenderer.printableText(insight.body))\n"
        }.joined()
    }

    static func planInfo(_ info: LuaPlanInfo, source: PlanSource) -> String {
        var output =
            "\(DiagnosticRenderer.printableText(info.name)) (\(source.builtin ? "built-in" : source.scriptName))\n"
        output += DiagnosticRenderer.printableText(info.description, keepNewlines: true) + "\n"
        if !info.options.fields.isEmpty {
            output += "options (set them with 'plan \(source.name) with KEY VALUE, …' or 'check --option KEY=VALUE'):\n"
            for key in info.options.fields.keys.sorted() {
                output += "  \(DiagnosticRenderer.printableText(key)) = \(optionDefault(info.options.fields[key]!))\n"
            }
        }
        if !info.targets.isEmpty {
            output +=
                "targets: "
                + info.targets.keys.sorted().map { "\($0) \(formatNumber(info.targets[$0]!))" }.joined(separator: ", ")
                + "\n"
        }
        return output
    }

    /// A plan option's default as the language writes a value: `20`, `"saturday"`, `true`.
    static func optionDefault(_ value: LuaValue) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .number(let number): return formatNumber(number)
        case .string(let text): return QuotedName.quote(text)
        case .bool(let flag): return flag ? "true" : "false"
        default: return "(a table)"
        }
    }
}
