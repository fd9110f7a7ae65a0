import CBuiltinScripts
import CLua
import CLuaSandbox
import Glibc

/// A plan's verdict for a day: `warn` or `fail`, its message and where the rule made it.
public struct LuaVerdict: Equatable, Sendable {
    public var level: String
    public var message: String
    public var script: String
    public var line: Int?

    public init(level: String, message: String, script: String, line: Int?) {
        self.level = level
        self.message = message
        self.script = script
        self.line = line
    }
}

/// One insight a rule produced for a day.
public struct LuaInsight: Equatable, Sendable {
    public var name: String
    public var emoji: String
    public var title: String
    public var body: String
    public var priority: Double
}

/// What a plan script declared with `foodlog.plan{…}`.
public struct LuaPlanInfo: Equatable, Sendable {
    public var name: String
    public var description: String
    public var targets: [String: Double]
    public var options: LuaTable
    /// The line of the script's `foodlog.plan{…}` call; nil when it is not known.
    public var line: Int? = nil
    /// True when the declaration gave a `description` string.
    public var hasDescription = true
}

/// Host data the rules may read: the resolver chain and earlier days (both read-only).
public protocol LuaHostData: AnyObject {
    /// `foodlog.lookup(name)`: the resolver chain's answer as `{id, name, group, tags, per100g}`.
    func lookup(_ name: String) -> LuaTable?
    /// `foodlog.days(from, to)`: day views of earlier days (at most 366).
    func days(from: String, to: String) -> [any LuaPushable]?
}

/// Runs plans, insight rules and estimators written against the `foodlog` API in one sandbox.
///
/// The API lives in a trusted Lua prelude (`Sources/CBuiltinScripts/lua/foodlog.lua`, run as
/// `foodlog-api`) that keeps the registries; three host functions written in Swift back it:
/// the verdict maker (which records the rule's script:line), `lookup` and `days`. The host
/// never calls a metamethod of script values and converts everything with raw access.
public final class RuleHost {
    public let sandbox: LuaSandbox
    public weak var data: LuaHostData?
    /// Registry field holding the prelude's registries.
    static let registriesKey = "foodlog.registries"
    /// The prelude's source.
    static let prelude = String(cString: foodlog_prelude_source())
    /// Insight rules and estimators (by registry index) a limit stopped: not run again.
    var stopped: Set<Int> = []

    /// Starts a sandbox and installs the `foodlog` API. `budget` is the command's total (by
    /// default one of its own).
    public init(limits: LuaLimits, data: LuaHostData?, budget: LuaRunBudget? = nil) throws(LuaScriptError) {
        sandbox = try LuaSandbox(limits: limits, budget: budget)
        self.data = data
        try installAPI()
    }

    var state: OpaquePointer { sandbox.state }

    func installAPI() throws(LuaScriptError) {
        try sandbox.load(RuleHost.prelude, name: "foodlog-api")
        let context = Unmanaged.passUnretained(self).toOpaque()
        sandbox.withHostMode {
            clua_pushswiftfunction(state, RuleHost.verdictFunction, context)
            clua_pushswiftfunction(state, RuleHost.lookupFunction, context)
            clua_pushswiftfunction(state, RuleHost.daysFunction, context)
        }
        try sandbox.call(arguments: 3, results: 2, script: "foodlog-api")
        // Stack: api, internal. Keep internal in the registry, make api the global `foodlog`.
        sandbox.withHostMode {
            lua_setfield(state, clua_registryindex(), RuleHost.registriesKey)
            clua_make_readonly_deep(state, -1)
            clua_pushglobaltable(state)
            lua_rotate(state, -2, 1)
            sandbox.push("foodlog")
            lua_rotate(state, -2, 1)
            lua_rawset(state, -3)
            clua_pop(state, 1)
        }
    }

    /// Runs a script (a plan, insight rules, an estimator); returns what it returned.
    @discardableResult
    public func run(_ source: String, name: String) throws(LuaScriptError) -> LuaValue {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        try sandbox.load(source, name: name)
        try sandbox.call(arguments: 0, results: 1, script: name)
        return try sandbox.value(at: -1, script: name)
    }

    // MARK: - Registries

    /// Pushes `internal[field]` (a table) and returns its length, or -1.
    func pushRegistry(_ field: String) -> Int {
        _ = lua_checkstack(state, 6)
        lua_getfield(state, clua_registryindex(), RuleHost.registriesKey)
        sandbox.push(field)
        lua_rawget(state, -2)
        lua_rotate(state, -2, -1)
        clua_pop(state, 1)
        guard lua_type(state, -1) == LUA_TTABLE else { return -1 }
        return Int(lua_rawlen(state, -1))
    }

    /// Pushes entry `index` of the registry list at `list` and then its `fn`; returns the
    /// entry's `name` and `script`, or nil when `fn` is not a function (raw access only).
    func pushRegisteredFunction(_ index: Int, of list: Int32) -> (name: String?, script: String?)? {
        lua_rawgeti(state, list, lua_Integer(index))
        sandbox.push("name")
        lua_rawget(state, -2)
        let name = sandbox.stringAt(-1)
        clua_pop(state, 1)
        sandbox.push("script")
        lua_rawget(state, -2)
        let script = sandbox.stringAt(-1)
        clua_pop(state, 1)
        sandbox.push("fn")
        lua_rawget(state, -2)
        guard lua_type(state, -1) == LUA_TFUNCTION else { return nil }
        return (name, script)
    }

    // MARK: - Plans

    /// The largest target a plan may declare for any nutrient.
    public static let targetMaximum = 100_000.0

    /// Plans declared so far, in order. Their targets must be numbers from 0 to
    /// ``targetMaximum``; their declarations are bounded like any result. `script` names the
    /// script in errors.
    public func plans(script: String = "foodlog-api") throws(LuaScriptError) -> [LuaPlanInfo] {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        guard pushRegistry("plans") >= 0 else { return [] }
        let value = try sandbox.value(at: -1, script: script, what: "the plan declarations")
        var plans: [LuaPlanInfo] = []
        for element in value.table?.array ?? [] {
            guard let table = element.table else { continue }
            let name = table["name"]?.string ?? "plan"
            var targets: [String: Double] = [:]
            for (key, value) in table["targets"]?.table?.fields ?? [:] {
                guard let number = value.double, number.isFinite, number >= 0, number <= RuleHost.targetMaximum else {
                    throw LuaScriptError(
                        kind: .conversion, script: script, line: nil,
                        message:
                            "\(script): plan '\(name.prefix(60))': targets.\(key.prefix(40)) must be a number from 0 to 100,000"
                    )
                }
                targets[key] = number
            }
            plans.append(
                LuaPlanInfo(
                    name: name, description: table["description"]?.string ?? "",
                    targets: targets, options: table["options"]?.table ?? LuaTable(),
                    line: table["line"]?.double.flatMap { $0 >= 1 && $0 < 1e9 ? Int($0) : nil },
                    hasDescription: table["description"]?.string.map { !$0.isEmpty } ?? false))
        }
        return plans
    }

    /// Runs plan number `index` (1-based)'s `check(day)`; returns its verdicts.
    public func check(plan index: Int, day: some LuaPushable, script: String) throws(LuaScriptError) -> [LuaVerdict] {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        guard pushRegistry("plans") >= index else {
            throw LuaScriptError(
                kind: .runtime, script: script, line: nil, message: "\(script): the script declared no plan")
        }
        lua_rawgeti(state, -1, lua_Integer(index))
        sandbox.push("check")
        lua_rawget(state, -2)
        guard lua_type(state, -1) == LUA_TFUNCTION else {
            throw LuaScriptError(
                kind: .runtime, script: script, line: nil,
                message: "\(script): the plan has no check(day) function")
        }
        sandbox.withHostMode { day.push(into: LuaWriter(sandbox: sandbox)) }
        try sandbox.call(arguments: 1, results: 1, script: script)
        return try sandbox.withHostMode { () throws(LuaScriptError) -> [LuaVerdict] in
            try verdicts(at: -1, script: script)
        }
    }
}
