/// Every command of the CLI, declared once. Help and usage come from these declarations.
enum Commands {
    static let all: [CommandSpec] = [
        RunCommands.run,
        RunCommands.log,
        RunCommands.check,
        PlanCommands.insight,
        DiaryCommands.show,
        DiaryCommands.chart,
        DiaryCommands.top,
        ReportCommand.spec,
        ExportCommand.spec,
        ImportCommand.spec,
        DiaryCommands.undo,
        DiaryCommands.repl,
        PlanCommands.plans,
        StatusCommand.spec,
        PlanCommands.lua,
        ParseCommand.spec,
        RunCommands.compile,
        FoodCommands.resolve,
        FoodCommands.search,
        FoodCommands.info,
        helpSpec,
    ]

    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    static let helpSpec = CommandSpec(
        name: "help", summary: "show help for foodlog or for one command", arguments: "[COMMAND]",
        argumentCount: 0...1,
        details: "examples:\n  foodlog help\n  foodlog help parse"
    ) { invocation in
        guard let name = invocation.positionals.first else {
            invocation.console.out(HelpText.overview())
            return .ok
        }
        guard let command = Commands.named(name) else {
            invocation.console.err("foodlog help: unknown command '\(name)'\n")
            if let nearest = nearestWord(name, Commands.all.map(\.name)) {
                invocation.console.err("help: did you mean '\(nearest)'?\n")
            }
            return .usage
        }
        invocation.console.out(HelpText.help(for: command))
        return .ok
    }
}
