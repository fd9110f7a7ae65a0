import FoodLogCore
import Diary
import FoodLogEngine
import Glibc
import LuaHost
import MealSyntax
import Nutrition
import SQLite

/// `foodlog status`: what is available and ready, in the order it is used, and how to fix what is not.
enum StatusCommand {
    struct Component {
        var name: String
        var ready: Bool
        var detail: String
        var fix: String?
        var fields: [(String, JSON)]
    }

    static let spec = CommandSpec(
        name: "status", summary: "what is available and ready (Lua, food table, diary, plans, estimators)",
        options: [RunCommands.dbOption, OptionSpec("json", help: "print JSON")],
        details:
            "Checks each part in the order FoodLog uses it and says how to fix anything unavailable.\nExit 0 when everything needed is ready, 70 otherwise."
    ) { invocation in
        let environment = invocation.environment.variables
        var components: [Component] = []
        let limits = LuaLimits.from(environment: environment)
        let limitText =
            "limits \(limits.memoryBytes >> 20) MiB, \(formatThousands(Double(limits.instructions))) instructions, \(formatNumber(limits.seconds)) s per call"
        do throws(LuaScriptError) {
            let sandbox = try LuaSandbox(limits: limits)
            components.append(
                Component(
                    name: "lua engine", ready: true, detail: "Lua 5.4 (system liblua5.4), sandboxed; " + limitText,
                    fix: nil,
                    fields: [
                        ("version", .string("5.4")), ("memory_bytes", .number(Double(limits.memoryBytes))),
                        ("instructions", .number(Double(limits.instructions))),
                        ("seconds", .number(limits.seconds)), ("baseline_bytes", .number(Double(sandbox.memoryInUse))),
                    ]))
        } catch {
            components.append(
                Component(
                    name: "lua engine", ready: false, detail: error.message,
                    fix: "install liblua5.4-0 (scripts/setup does)", fields: []))
        }
        do throws(SQLiteError) {
            let table = try FoodTable()
            let counts = table.counts()
            components.append(
                Component(
                    name: "food table", ready: true,
                    detail:
                        "\(table.meta("source") ?? "USDA SR26") (\(table.meta("version") ?? "?")): \(formatThousands(Double(counts.foods))) foods, \(formatThousands(Double(counts.portions))) portions, \(formatThousands(Double(counts.aliases))) aliases, embedded (\(formatAmount(Double(table.byteCount) / 1_048_576)) MiB)",
                    fix: nil,
                    fields: [
                        ("version", .optional(table.meta("version"))), ("foods", .number(Double(counts.foods))),
                        ("portions", .number(Double(counts.portions))), ("aliases", .number(Double(counts.aliases))),
                    ]))
        } catch {
            components.append(
                Component(
                    name: "food table", ready: false, detail: error.message,
                    fix: "reinstall foodlog; the table is built into the binary", fields: []))
        }
        let path = Diary.defaultPath(option: invocation.value("db"), environment: environment)
        var status = stat()
        if stat(path, &status) != 0 {
            components.append(
                Component(
                    name: "diary", ready: true, detail: "\(path) does not exist yet; it is created on first use",
                    fix: nil, fields: [("path", .string(path)), ("exists", .bool(false))]))
        } else {
            do throws(DiaryError) {
                let diary = try Diary(path: path, access: .readOnly)
                let entries = try diary.entryCount()
                components.append(
                    Component(
                        name: "diary", ready: true,
                        detail:
                            "\(path): \(formatAmount(Double(status.st_size) / 1_048_576)) MiB, schema \(diary.schemaVersion), \(formatThousands(Double(entries))) entries",
                        fix: nil,
                        fields: [
                            ("path", .string(path)), ("exists", .bool(true)),
                            ("bytes", .number(Double(status.st_size))),
                            ("schema", .number(Double(diary.schemaVersion))), ("entries", .number(Double(entries))),
                        ]))
            } catch {
                components.append(
                    Component(
                        name: "diary", ready: false, detail: error.message,
                        fix: "use --db or FOODLOG_DB to choose another file, or move this one aside",
                        fields: [("path", .string(path))]))
            }
        }
        let folder = RuleEngine.planFolder(environment)
        let plans = Files.names(inFolder: folder).filter { $0.hasSuffix(".lua") }
        components.append(
            Component(
                name: "plan folder", ready: true,
                detail: "\(folder): "
                    + (plans.isEmpty
                        ? "no plans yet (put NAME.lua files there to use 'plan NAME')" : plans.joined(separator: ", "))
                    + "; built-in: " + BuiltinScript.plans.map(\.name).joined(separator: ", "),
                fix: nil,
                fields: [
                    ("path", .string(folder)), ("plans", .array(plans.map(JSON.string))),
                    ("builtin", .array(BuiltinScript.plans.map { .string($0.name) })),
                ]))
        let user = LuaEstimator(limits: limits, environment: environment).scripts
        components.append(
            Component(
                name: "estimators", ready: true,
                detail: "1. your Lua estimators: "
                    + (user.isEmpty ? "none (…/foodlog/estimators/*.lua)" : user.joined(separator: ", "))
                    + "; 2. built-in: average of the nearest foods by name (always marked as estimates)",
                fix: nil,
                fields: [
                    ("order", .array([.string("user-lua"), .string("builtin")])),
                    ("user_scripts", .array(user.map(JSON.string))),
                ]))

        if invocation.has("json") {
            invocation.console.out(
                JSON.object([
                    (
                        "components",
                        .array(
                            components.map { component in
                                .object(
                                    [
                                        ("name", .string(component.name)), ("ready", .bool(component.ready)),
                                        ("detail", .string(component.detail)),
                                        ("fix", .optional(component.fix)),
                                    ] + component.fields)
                            })
                    )
                ]).render() + "\n")
        } else {
            invocation.console.out("foodlog \(HelpText.version) — in the order it is used:\n")
            for component in components {
                invocation.console.out(
                    component.name.padding(to: 13) + (component.ready ? "ready  " : "NOT READY  ") + component.detail
                        + "\n")
                if let fix = component.fix {
                    invocation.console.out(String(repeating: " ", count: 13) + "fix: " + fix + "\n")
                }
            }
        }
        return components.allSatisfy(\.ready) ? .ok : .software
    }
}
