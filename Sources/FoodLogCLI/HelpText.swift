/// Help text generated from the command declarations.
enum HelpText {
    static let version = "0.1.0"

    /// `foodlog help`: what the tool is and every command with its summary.
    static func overview() -> String {
        let globals = FoodLogCLI.globalOptions.map { "[--\($0.name) \($0.valueName ?? "VALUE")] " }.joined()
        var text = """
            foodlog — log food in a small language, keep a SQLite diary, check diet plans.

            usage: foodlog \(globals)COMMAND [options] [arguments]
                   foodlog \(globals)      (on a terminal: the REPL; piped input runs like 'foodlog run -')

            commands:

            """
        let width = ((Commands.all.map(\.name) + HelpTopics.all.map(\.name)).map(\.count).max() ?? 0) + 2
        for command in Commands.all {
            text += "  " + command.name.padding(to: width) + command.summary + "\n"
        }
        text += "\ntopics:\n"
        for topic in HelpTopics.all {
            text += "  " + topic.name.padding(to: width) + topic.summary + "\n"
        }
        text += """

            Run 'foodlog help COMMAND' for a command's options and examples, 'foodlog help TOPIC' for a topic.
            Exit codes: 0 ok, 1 plan check failed, 64 usage error, 65 bad input, 70 runtime error, 74 I/O error.

            """
        return text
    }

    /// `foodlog help NAME`.
    static func help(for command: CommandSpec) -> String {
        var text = "usage: \(command.usage)\n\n\(command.summary)\n"
        let options = command.options + [CommandSpec.helpOption]
        text += "\noptions:\n"
        let rendered = options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += "--" + option.name
            if let value = option.valueName { left += " " + value }
            return (left, option.help)
        }
        let width = (rendered.map(\.0.count).max() ?? 0) + 2
        for (left, help) in rendered { text += "  " + left.padding(to: width) + help + "\n" }
        if !command.details.isEmpty { text += "\n" + command.details + "\n" }
        return text
    }
}
