import Glibc

/// Where a command writes: standard output and standard error, plus terminal facts.
/// Tests capture output by giving a console that records instead of writing.
public final class Console: @unchecked Sendable {
    private var captured: (out: String, err: String)?
    /// True when standard output is a terminal.
    public let outputIsTerminal: Bool
    /// True when standard error is a terminal.
    public let errorIsTerminal: Bool
    /// True when standard input is a terminal.
    public let inputIsTerminal: Bool
    /// Colour allowed: a terminal and no `NO_COLOR` in the environment.
    public let colorOnErrors: Bool
    public let colorOnOutput: Bool

    /// The process's real standard output and error; colour unless the environment has a
    /// non-empty `NO_COLOR`.
    public init(environment: Environment) {
        captured = nil
        outputIsTerminal = isatty(1) == 1
        errorIsTerminal = isatty(2) == 1
        inputIsTerminal = isatty(0) == 1
        let noColor = environment["NO_COLOR"] != nil
        colorOnErrors = errorIsTerminal && !noColor
        colorOnOutput = outputIsTerminal && !noColor
    }

    /// A console that records output (for tests).
    public init(capturing: Bool) {
        captured = ("", "")
        outputIsTerminal = false
        errorIsTerminal = false
        inputIsTerminal = false
        colorOnErrors = false
        colorOnOutput = false
    }

    /// What was written to standard output (capturing consoles only).
    public var capturedOutput: String { captured?.out ?? "" }
    /// What was written to standard error (capturing consoles only).
    public var capturedError: String { captured?.err ?? "" }

    public func out(_ text: String) {
        if captured != nil { captured!.out += text } else { Console.write(1, text) }
    }

    public func err(_ text: String) {
        if captured != nil { captured!.err += text } else { Console.write(2, text) }
    }

    static func write(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
