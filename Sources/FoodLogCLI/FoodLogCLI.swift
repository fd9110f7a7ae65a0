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
    public static func run(_ arguments: [String], console: Console, environment: Environment) -> ExitCode {
        guard let first = arguments.first else {
            if console.inputIsTerminal { return invoke(DiaryCommands.repl, [], console: console, environment: environment) }
            console.out(HelpText.overview())
            return .ok
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
            return invoke(RunCommands.run, arguments, console: console, environment: environment)
        }
        guard let command = Commands.named(first) else {
            var message = "foodlog: unknown command '\(first)'\n"
            if let nearest = nearestWord(first, Commands.all.map(\.name)) {
                message += "help: did you mean '\(nearest)'?\n"
            } else {
                message += "help: run 'foodlog help' for the list of commands\n"
            }
            console.err(message)
            return .usage
        }
        return invoke(command, Array(arguments.dropFirst()), console: console, environment: environment)
    }

    static func invoke(_ command: CommandSpec, _ arguments: [String], console: Console,
                       environment: Environment) -> ExitCode {
        do {
            let parsed = try command.parse(arguments)
            if parsed.flags.contains("help") {
                console.out(HelpText.help(for: command))
                return .ok
            }
            let invocation = Invocation(command: command, positionals: parsed.positionals, flags: parsed.flags,
                                        values: parsed.values, console: console, environment: environment)
            return command.run(invocation)
        } catch {
            console.err("foodlog \(command.name): \(error.message)\n")
            if let help = error.help { console.err("help: \(help)\n") }
            return .usage
        }
    }
}
