/// Every command of the CLI, declared once. Help and usage come from these declarations.
enum Commands {
    static let all: [CommandSpec] = [
        RunCommands.run,
        RunCommands.log,
        RunCommands.target,
        RunCommands.check,
        PlanCommands.insight,
        DiaryCommands.show,
        DiaryCommands.chart,
        DiaryCommands.top,
        ReportCommand.spec,
        ExportCommand.spec,
        ImportCommand.spec,
        DiaryCommands.undo,
        EditCommands.entries,
        EditCommands.edit,
        EditCommands.remove,
        DiaryCommands.repl,
        DiaryCommands.plan,
        PlanCommands.plans,
        StatusCommand.spec,
        PlanCommands.lua,
        ParseCommand.spec,
        RunCommands.compile,
        EditorCommands.fmt,
        EditorCommands.lsp,
        FoodCommands.resolve,
        FoodCommands.search,
        FoodCommands.info,
        helpSpec,
    ]

    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    static let helpSpec = CommandSpec(
        name: "help", summary: "show help for foodlog, one command or one topic", arguments: "[COMMAND|TOPIC]",
        argumentCount: 0...1,
        details: "topics: " + HelpTopics.all.map(\.name).joined(separator: ", ")
            + "\n\nexamples:\n  foodlog help\n  foodlog help parse\n  foodlog help units"
    ) { invocation in
        guard let name = invocation.positionals.first else {
            invocation.console.out(HelpText.overview())
            return .ok
        }
        // A name can be both (`log`): the command's help ends with the topic.
        if let command = Commands.named(name) {
            invocation.console.out(HelpText.help(for: command))
            return .ok
        }
        if let topic = HelpTopics.named(name) {
            invocation.console.out(topic.text())
            return .ok
        }
        invocation.console.err("foodlog help: no command or topic '\(name)'\n")
        if let nearest = nearestWord(name, Commands.all.map(\.name) + HelpTopics.all.map(\.name)) {
            invocation.console.err("help: did you mean '\(nearest)'?\n")
        }
        return .usage
    }
}
