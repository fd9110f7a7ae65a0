import MealSyntax

/// The command-line interface: finds the command, parses its arguments, runs it, and maps
/// every outcome to an exit code. `main.swift` only calls ``FoodLogCLI/main(_:)``.
public enum FoodLogCLI {
    /// Runs the CLI on the process's console and environment.
    public static func main(_ arguments: [String]) -> Int32 {
        let environment = Environment.current()
        return run(arguments, console: Console(environment: environment), environment: environment).rawValue
    }

    /// Runs one command line (tests call this with a capturing console).
    ///
    /// Global options (``globalOptions``) may come before the command name:
    /// `foodlog --db X show today` is `foodlog show --db X today`. With no command, a terminal
    /// gets the REPL and piped input is run as a script, like `foodlog run -`.
    public static func run(_ arguments: [String], console: Console, environment: Environment) -> ExitCode {
        let (leading, arguments) = splitLeadingGlobalOptions(arguments)
        if let last = leading.last, arguments.isEmpty,
            let option = globalOptions.first(where: { "--" + $0.name == last })
        {
            console.err("foodlog: option '--\(option.name)' needs a value (\(option.valueName ?? "VALUE"))\n")
            console.err(
                "help: usage: foodlog [--\(option.name) \(option.valueName ?? "VALUE")] COMMAND [options] [arguments]\n"
            )
            return .usage
        }
        guard let first = arguments.first else {
            if console.inputIsTerminal {
                return invoke(DiaryCommands.repl, leading, console: console, environment: environment)
            }
            return invoke(RunCommands.run, leading + ["-"], console: console, environment: environment)
        }
        if first == "--help" || first == "-h" {
            console.out(HelpText.overview())
            return .ok
        }
        if first == "--version" {
            console.out("foodlog \(HelpText.version)\n")
            return .ok
        }
        if first == "-e" || first.hasPrefix("--expression") {
            return invoke(RunCommands.run, leading + arguments, console: console, environment: environment)
        }
        guard let command = Commands.named(first) else {
            var message = "foodlog: unknown command '\(first)'\n"
            if first.hasPrefix("-") {
                let globals = globalOptions.map { "--" + $0.name }.joined(separator: ", ")
                message += "help: only \(globals) may come before the command; other options go after it\n"
            } else if let nearest = nearestWord(first, Commands.all.map(\.name)) {
                message += "help: did you mean '\(nearest)'?\n"
            } else {
                message += "help: run 'foodlog help' for the list of commands\n"
            }
            console.err(message)
            return .usage
        }
        return invoke(command, leading + Array(arguments.dropFirst()), console: console, environment: environment)
    }

    /// Options every diary command accepts, so they may also be written before the command
    /// name. Derived from the declarations: an option counts when every command that touches
    /// the diary (declares `--db`) declares it too.
    static let globalOptions: [OptionSpec] = {
        let diaryCommands = Commands.all.filter { command in
            command.options.contains { $0.name == RunCommands.dbOption.name }
        }
        return diaryCommands.first?.options.filter { option in
            option.valueName != nil
                && diaryCommands.allSatisfy { command in command.options.contains { $0.name == option.name } }
        } ?? []
    }()

    /// Splits `--db X` / `--db=X` (and any other global option) off the front of the command
    /// line. Returns them, ready to be passed after the command name, and the rest.
    static func splitLeadingGlobalOptions(_ arguments: [String]) -> (leading: [String], rest: [String]) {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else { break }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard globalOptions.contains(where: { $0.name == name }) else { break }
            if argument.contains("=") {
                leading.append(argument)
                index += 1
            } else {
                // A value missing at the very end is reported by the caller.
                leading.append(contentsOf: arguments[index..<min(index + 2, arguments.count)])
                index += 2
            }
        }
        return (leading, Array(arguments[min(index, arguments.count)...]))
    }

    static func invoke(
        _ command: CommandSpec, _ arguments: [String], console: Console,
        environment: Environment
    ) -> ExitCode {
        do {
            let parsed = try command.parse(arguments)
            if parsed.flags.contains("help") {
                console.out(HelpText.help(for: command))
                return .ok
            }
            let invocation = Invocation(
                command: command, positionals: parsed.positionals, flags: parsed.flags,
                values: parsed.values, console: console, environment: environment)
            return command.run(invocation)
        } catch {
            console.err("foodlog \(command.name): \(error.message)\n")
            if let help = error.help { console.err("help: \(help)\n") }
            return .usage
        }
    }
}
