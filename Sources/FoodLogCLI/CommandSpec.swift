/// One option of a command: a flag (`--json`) or an option with a value (`--db PATH`).
public struct OptionSpec: Sendable {
    public var name: String
    public var short: Character?
    /// Name of the value (`PATH`), or nil for a flag.
    public var valueName: String?
    public var help: String

    public init(_ name: String, short: Character? = nil, value: String? = nil, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
    }
}

/// A command, declared once: its name, what it does, its arguments and its code. Help text,
/// usage errors and "did you mean" are all generated from this declaration.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: String
    /// Positional arguments as shown in usage (`FILE...`, `[PERIOD]`).
    public var arguments: String
    /// Minimum and maximum number of positional arguments (nil = unbounded).
    public var argumentCount: ClosedRange<Int>
    public var options: [OptionSpec]
    /// Longer explanation and examples for `foodlog help NAME`.
    public var details: String
    public var run: @Sendable (Invocation) -> ExitCode

    public init(
        name: String, summary: String, arguments: String = "", argumentCount: ClosedRange<Int> = 0...0,
        options: [OptionSpec] = [], details: String = "", run: @escaping @Sendable (Invocation) -> ExitCode
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.argumentCount = argumentCount
        self.options = options
        self.details = details
        self.run = run
    }

    /// `foodlog NAME [options] ARGUMENTS`.
    public var usage: String {
        var text = "foodlog \(name)"
        if !options.isEmpty { text += " [options]" }
        if !arguments.isEmpty { text += " " + arguments }
        return text
    }
}

/// A command being run: its parsed arguments and where to write.
public struct Invocation: @unchecked Sendable {
    public var command: CommandSpec
    public var positionals: [String]
    public var flags: Set<String>
    public var values: [String: [String]]
    public var console: Console
    public var environment: Environment

    /// True if the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The last value given for an option.
    public func value(_ option: String) -> String? { values[option]?.last }
}

/// A usage error: message plus an optional hint.
struct UsageError: Error {
    var message: String
    var help: String?
}

extension CommandSpec {
    /// Splits raw arguments into flags, option values and positionals, per this declaration.
    func parse(_ arguments: [String]) throws(UsageError) -> (
        positionals: [String], flags: Set<String>, values: [String: [String]]
    ) {
        var positionals: [String] = []
        var flags: Set<String> = []
        var values: [String: [String]] = [:]
        var index = 0
        var onlyPositionals = false
        let allOptions = options + [CommandSpec.helpOption]
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let letter = argument.dropFirst().first!
                guard let option = allOptions.first(where: { $0.short == letter }), argument.count == 2 else {
                    throw UsageError(
                        message: "unknown option '\(argument)' for '\(self.name)'", help: optionHint(argument))
                }
                name = option.name
            }
            guard let option = allOptions.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '--\(name)' for '\(self.name)'", help: optionHint(name))
            }
            if option.valueName != nil {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(
                            message: "option '--\(name)' needs a value (\(option.valueName!))",
                            help: "usage: \(usage)")
                    }
                    value = arguments[index]
                    index += 1
                }
                values[name, default: []].append(value)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(name)' takes no value", help: nil) }
                flags.insert(name)
            }
        }
        if flags.contains("help") { return (positionals, flags, values) }
        if positionals.count < argumentCount.lowerBound {
            throw UsageError(
                message: "'\(self.name)' needs \(self.arguments.isEmpty ? "arguments" : self.arguments)",
                help: "usage: \(usage)")
        }
        if positionals.count > argumentCount.upperBound {
            let extra = positionals[argumentCount.upperBound]
            throw UsageError(message: "unexpected argument '\(extra)' for '\(self.name)'", help: "usage: \(usage)")
        }
        return (positionals, flags, values)
    }

    func optionHint(_ written: String) -> String {
        let bare =
            written.hasPrefix("--")
            ? String(written.dropFirst(2)) : (written.hasPrefix("-") ? String(written.dropFirst()) : written)
        let names = (options + [CommandSpec.helpOption]).map(\.name)
        if let nearest = nearestWord(bare, names) { return "did you mean '--\(nearest)'?" }
        return "see 'foodlog help \(name)'"
    }

    static let helpOption = OptionSpec("help", short: "h", help: "show this help")
}
