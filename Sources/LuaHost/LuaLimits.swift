/// The limits every Lua script runs under (configurable; safe defaults).
public struct LuaLimits: Sendable, Equatable {
    /// Memory the script's state may hold, in bytes.
    public var memoryBytes: Int
    /// VM instructions one call may execute (C work inside guarded functions is charged too).
    public var instructions: Int64
    /// Wall-clock seconds one call may take.
    public var seconds: Double

    public init(memoryBytes: Int = 32 << 20, instructions: Int64 = 20_000_000, seconds: Double = 2) {
        self.memoryBytes = memoryBytes
        self.instructions = instructions
        self.seconds = seconds
    }

    /// The defaults, overridden by `FOODLOG_LUA_MEMORY_MB`, `FOODLOG_LUA_INSTRUCTIONS` and
    /// `FOODLOG_LUA_SECONDS` when they hold sensible numbers.
    public static func from(environment: [String: String]) -> LuaLimits {
        var limits = LuaLimits()
        if let text = environment["FOODLOG_LUA_MEMORY_MB"], let megabytes = Int(text), (1...4096).contains(megabytes) {
            limits.memoryBytes = megabytes << 20
        }
        if let text = environment["FOODLOG_LUA_INSTRUCTIONS"], let count = Int64(text), count >= 1000 {
            limits.instructions = count
        }
        if let text = environment["FOODLOG_LUA_SECONDS"], let seconds = Double(text), seconds > 0, seconds <= 600 {
            limits.seconds = seconds
        }
        return limits
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
