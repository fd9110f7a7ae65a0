/// The process exit codes FoodLog uses (the BSD sysexits meanings).
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// A plan check found failing days (verdicts, not an error of the tool).
    case checkFailed = 1
    /// The command line was wrong: unknown command or option, missing argument.
    case usage = 64
    /// The input was wrong: a syntax error, an unknown food, a bad value in a script.
    case dataError = 65
    /// Something failed at run time (a Lua plan raised, an internal error).
    case software = 70
    /// A file or the diary could not be read or written.
    case ioError = 74
}
