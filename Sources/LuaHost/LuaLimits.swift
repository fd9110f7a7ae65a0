import Glibc

/// The limits every Lua script runs under (configurable; safe defaults). `grammar/lua/sandbox.md`
/// §7 lists them all.
public struct LuaLimits: Sendable, Equatable {
    /// Memory the script's state may hold, in bytes.
    public var memoryBytes: Int
    /// VM instructions one call may execute (C work inside guarded functions and what host
    /// functions build for the script are charged too).
    public var instructions: Int64
    /// Wall-clock seconds one call may take.
    public var seconds: Double
    /// Instructions all calls of one command (a check, a report, a REPL input) may execute together.
    public var totalInstructions: Int64
    /// Wall-clock seconds all calls of one command may take together.
    public var totalSeconds: Double

    public init(
        memoryBytes: Int = 32 << 20, instructions: Int64 = 20_000_000, seconds: Double = 2,
        totalInstructions: Int64 = 2_000_000_000, totalSeconds: Double = 10
    ) {
        self.memoryBytes = memoryBytes
        self.instructions = instructions
        self.seconds = seconds
        self.totalInstructions = totalInstructions
        self.totalSeconds = totalSeconds
    }

    /// Values one result may hold (a check's verdicts, an insight, an estimate, a plan's declaration).
    public static let resultValues = 10_000
    /// Bytes of text one result may hold, all its strings together.
    public static let resultTextBytes = 1 << 20
    /// How deeply one result's tables may nest.
    public static let resultDepth = 32
    /// Verdicts one `check(day)` may return.
    public static let verdictsPerDay = 1_000
    /// Bytes of a name `foodlog.lookup` accepts.
    public static let lookupNameBytes = 1_024

    /// The defaults, overridden by `FOODLOG_LUA_MEMORY_MB`, `FOODLOG_LUA_INSTRUCTIONS`,
    /// `FOODLOG_LUA_SECONDS`, `FOODLOG_LUA_TOTAL_INSTRUCTIONS` and `FOODLOG_LUA_TOTAL_SECONDS`
    /// when they hold sensible numbers.
    public static func from(environment: [String: String]) -> LuaLimits {
        var limits = LuaLimits()
        if let text = environment["FOODLOG_LUA_MEMORY_MB"], let megabytes = Int(text), (1...4096).contains(megabytes) {
            limits.memoryBytes = megabytes << 20
        }
        if let count = environment["FOODLOG_LUA_INSTRUCTIONS"].flatMap(Int64.init), count >= 1000 {
            limits.instructions = count
        }
        if let seconds = environment["FOODLOG_LUA_SECONDS"].flatMap(Double.init), seconds > 0, seconds <= 600 {
            limits.seconds = seconds
        }
        if let count = environment["FOODLOG_LUA_TOTAL_INSTRUCTIONS"].flatMap(Int64.init), count >= 1000 {
            limits.totalInstructions = count
        }
        if let seconds = environment["FOODLOG_LUA_TOTAL_SECONDS"].flatMap(Double.init), seconds > 0, seconds <= 3600 {
            limits.totalSeconds = seconds
        }
        return limits
    }

    /// True for the kinds that mean a limit stopped the script (the plan or rule is then not run
    /// again in the same command).
    public static func isLimit(_ kind: LuaScriptError.Kind) -> Bool {
        kind == .budget || kind == .timeout || kind == .memory || kind == .cancelled
    }
}

/// What all calls of one command may still spend: ``LuaLimits/totalInstructions`` and
/// ``LuaLimits/totalSeconds``, summed over its calls (time between calls does not count).
/// Shared by every sandbox the command uses.
public final class LuaRunBudget {
    public let limits: LuaLimits
    private var spent: Int64 = 0
    private var spentSeconds = 0.0

    public init(limits: LuaLimits) { self.limits = limits }

    /// The limits of the next call: the per-call limits, cut to what the command has left
    /// (`cutInstructions`, `cutSeconds` say which cut applies). Nil when nothing is left.
    func nextCall() -> (instructions: Int64, seconds: Double, cutInstructions: Bool, cutSeconds: Bool)? {
        let seconds = limits.totalSeconds - spentSeconds
        let instructions = limits.totalInstructions - spent
        guard seconds > 0, instructions > 0 else { return nil }
        return (
            min(limits.instructions, instructions), min(limits.seconds, seconds),
            instructions < limits.instructions, seconds < limits.seconds
        )
    }

    /// Counts what a call spent.
    func record(_ instructions: Int64, seconds: Double) {
        spent += max(0, instructions)
        spentSeconds += max(0, seconds)
    }

    /// True once the command's instructions or seconds are used up.
    public var isUsedUp: Bool { spent >= limits.totalInstructions || spentSeconds >= limits.totalSeconds }

    /// What a script is told when the command's total is used up.
    var usedUpMessage: String {
        let seconds =
            limits.totalSeconds < 1e9 && limits.totalSeconds.rounded() == limits.totalSeconds
            ? String(Int(limits.totalSeconds)) : String(limits.totalSeconds)
        return
            "Lua's total for this command is used up (\(formatCount(Int(limits.totalInstructions))) instructions, \(seconds) s)"
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// Why a script did not finish normally.
public struct LuaScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case syntax, runtime, refused, budget, timeout, cancelled, memory, conversion
    }

    public var kind: Kind
    /// The script's name (`keto.lua`, `plans/my-cut.lua`).
    public var script: String
    /// The line Lua named, if any.
    public var line: Int?
    /// `script.lua:LINE: message` (untrusted text, already truncated).
    public var message: String
    /// A short traceback, when Lua produced one.
    public var traceback: String?

    public init(kind: Kind, script: String, line: Int?, message: String, traceback: String? = nil) {
        self.kind = kind
        self.script = script
        self.line = line
        self.message = message
        self.traceback = traceback
    }

    public var description: String { message }
}

/// A value converted out of Lua with raw access only (no metamethods ran).
public indirect enum LuaValue: Equatable, Sendable {
    case none
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case table(LuaTable)

    public var string: String? { if case .string(let text) = self { return text } else { return nil } }
    public var table: LuaTable? { if case .table(let table) = self { return table } else { return nil } }

    /// Integers and floats as a Double.
    public var double: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }
}

/// A Lua table as data: its array part (keys 1…n) and its string-keyed fields.
public struct LuaTable: Equatable, Sendable {
    public var array: [LuaValue] = []
    public var fields: [String: LuaValue] = [:]

    public init(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) {
        self.array = array
        self.fields = fields
    }

    public subscript(_ key: String) -> LuaValue? { fields[key] }
}
