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
/// `foodlog-api`) that keeps the registries; three host functions written in Swift back it: the verdict maker (which records the rule's
/// script:line), `lookup` and `days`. The host never calls a metamethod of script values and
/// converts everything with raw access.
public final class RuleHost {
    public let sandbox: LuaSandbox
    public weak var data: LuaHostData?
    /// Registry field holding the prelude's registries.
    static let registriesKey = "foodlog.registries"
    /// The prelude's source.
    static let prelude = String(cString: foodlog_prelude_source())

    /// Starts a sandbox and installs the `foodlog` API.
    public init(limits: LuaLimits, data: LuaHostData?) throws(LuaScriptError) {
        sandbox = try LuaSandbox(limits: limits)
        self.data = data
        try installAPI()
    }

    private var state: OpaquePointer { sandbox.state }

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
    private func pushRegistry(_ field: String) -> Int {
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
    private func pushRegisteredFunction(_ index: Int, of list: Int32) -> (name: String?, script: String?)? {
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

    /// Plans declared so far, in order.
    public func plans() throws(LuaScriptError) -> [LuaPlanInfo] {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        guard pushRegistry("plans") >= 0 else { return [] }
        let value = try sandbox.value(at: -1, script: "foodlog-api")
        return (value.table?.array ?? []).compactMap { element -> LuaPlanInfo? in
            guard let table = element.table else { return nil }
            var targets: [String: Double] = [:]
            for (key, value) in table["targets"]?.table?.fields ?? [:] { if let number = value.double { targets[key] = number } }
            return LuaPlanInfo(name: table["name"]?.string ?? "plan", description: table["description"]?.string ?? "",
                               targets: targets, options: table["options"]?.table ?? LuaTable())
        }
    }

    /// Runs plan number `index` (1-based)'s `check(day)`; returns its verdicts.
    public func check(plan index: Int, day: some LuaPushable, script: String) throws(LuaScriptError) -> [LuaVerdict] {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        guard pushRegistry("plans") >= index else {
            throw LuaScriptError(kind: .runtime, script: script, line: nil, message: "\(script): the script declared no plan")
        }
        lua_rawgeti(state, -1, lua_Integer(index))
        sandbox.push("check")
        lua_rawget(state, -2)
        guard lua_type(state, -1) == LUA_TFUNCTION else {
            throw LuaScriptError(kind: .runtime, script: script, line: nil,
                                 message: "\(script): the plan has no check(day) function")
        }
        sandbox.withHostMode { day.push(into: LuaWriter(sandbox: sandbox)) }
        try sandbox.call(arguments: 1, results: 1, script: script)
        return try sandbox.withHostMode { () throws(LuaScriptError) -> [LuaVerdict] in try verdicts(at: -1, script: script) }
    }

    /// Reads what `check(day)` returned: nil, or a list of `{level, message, script, line}`
    /// verdicts (read-only proxies allowed). Raw access only; at most 100,000 verdicts.
    private func verdicts(at index: Int32, script: String) throws(LuaScriptError) -> [LuaVerdict] {
        let badList = LuaScriptError(kind: .conversion, script: script, line: nil,
                                     message: "\(script): check(day) must return a list of foodlog.warn/foodlog.fail verdicts")
        switch lua_type(state, index) {
        case LUA_TNIL, LUA_TNONE: return []
        case LUA_TTABLE: break
        default:
            throw LuaScriptError(kind: .conversion, script: script, line: nil,
                                 message: "\(script): check(day) must return a list (or nil), not a single value")
        }
        _ = lua_checkstack(state, 12)
        var list = lua_absindex(state, index)
        if clua_readonly_target(state, list) != 0 { list = sandbox.top }
        var result: [LuaVerdict] = []
        for position in 1...100_001 {
            let base = sandbox.top
            defer { lua_settop(state, base) }
            guard lua_rawgeti(state, list, lua_Integer(position)) != LUA_TNIL else { break }
            guard position <= 100_000, lua_type(state, -1) == LUA_TTABLE else { throw badList }
            var element = sandbox.top
            if clua_readonly_target(state, element) != 0 { element = sandbox.top }
            func field(_ key: String) -> Int32 {
                sandbox.push(key)
                return lua_rawget(state, element)
            }
            guard field("level") == LUA_TSTRING, let level = sandbox.stringAt(-1), level == "warn" || level == "fail",
                  field("message") == LUA_TSTRING, let message = sandbox.stringAt(-1) else { throw badList }
            let origin = field("script") == LUA_TSTRING ? sandbox.stringAt(-1).map { String($0.prefix(200)) } : nil
            var line: Int?
            if field("line") == LUA_TNUMBER {
                let number = lua_tonumberx(state, -1, nil)
                if number >= 0, number < 1e9 { line = Int(number) }
            }
            result.append(LuaVerdict(level: level, message: String(message.prefix(500)), script: origin ?? script, line: line))
        }
        return result
    }

    /// Runs every insight rule on a day; returns what fired, best first (priority, then name).
    /// A rule that fails is reported in `failures` and skipped.
    public func insights(day: some LuaPushable) -> (insights: [LuaInsight], failures: [LuaScriptError]) {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        let count = pushRegistry("insights")
        guard count > 0 else { return ([], []) }
        let listIndex = sandbox.top
        sandbox.withHostMode { day.push(into: LuaWriter(sandbox: sandbox)) }  // one read-only view shared by every rule
        let dayIndex = sandbox.top
        var fired: [LuaInsight] = []
        var failures: [LuaScriptError] = []
        for index in 1...count {
            lua_settop(state, dayIndex)
            guard let entry = pushRegisteredFunction(index, of: listIndex) else { continue }
            let name = entry.name ?? "insight \(index)"
            let script = entry.script ?? name
            lua_pushvalue(state, dayIndex)
            do {
                try sandbox.call(arguments: 1, results: 1, script: script)
                let value = try sandbox.value(at: -1, script: script)
                guard let table = value.table else { continue }
                let title = table["title"]?.string ?? ""
                guard !title.isEmpty else { continue }
                fired.append(LuaInsight(name: name, emoji: String((table["emoji"]?.string ?? "💡").prefix(4)),
                                        title: String(title.prefix(60)), body: String((table["body"]?.string ?? "").prefix(240)),
                                        priority: table["priority"]?.double ?? 0))
            } catch {
                failures.append(error)
            }
        }
        fired.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.name < $1.name }
        return (fired, failures)
    }

    /// Asks the registered estimators, in order, for per-100 g values of an unknown food.
    public func estimate(_ name: String) -> (values: LuaTable, script: String)? {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        let count = pushRegistry("estimators")
        guard count > 0 else { return nil }
        let listIndex = sandbox.top
        for index in 1...count {
            lua_settop(state, listIndex)
            guard let entry = pushRegisteredFunction(index, of: listIndex) else { continue }
            let script = entry.script ?? "estimator"
            sandbox.withHostMode { sandbox.push(name) }
            guard (try? sandbox.call(arguments: 1, results: 1, script: script)) != nil,
                  let value = try? sandbox.value(at: -1, script: script), let table = value.table,
                  table["kcal"]?.double != nil else { continue }
            return (table, script)
        }
        return nil
    }

    // MARK: - Host functions (never raise: errors are pushed and -1 returned)

    /// Sets `script` and `line` of the table at `table` to the first frame of a user script
    /// above the caller (chunk names `@NAME`, not the API prelude); leaves them unset if there is none.
    static func setCallerPosition(_ state: OpaquePointer, in table: Int32) {
        var record = lua_Debug()
        var level: Int32 = 1
        while level < 40, lua_getstack(state, level, &record) != 0 {
            if lua_getinfo(state, "Sl", &record) != 0, let source = record.source, source.pointee == 0x40,  // "@"
               strcmp(source, "@foodlog-api") != 0 {
                lua_pushstring(state, source + 1)
                lua_setfield(state, table, "script")
                lua_pushinteger(state, lua_Integer(record.currentline))
                lua_setfield(state, table, "line")
                return
            }
            level += 1
        }
    }

    /// `make_verdict(level, message)`: `{level, message, script, line}` (the prelude checks the arguments).
    static let verdictFunction: clua_SwiftFunction = { state, context in
        guard let state else { return 0 }
        _ = lua_checkstack(state, 8)
        lua_createtable(state, 0, 4)
        let table = lua_gettop(state)
        if lua_type(state, 1) == LUA_TSTRING { lua_pushvalue(state, 1) } else { lua_pushstring(state, "warn") }
        lua_setfield(state, table, "level")
        if lua_type(state, 2) == LUA_TSTRING { lua_pushvalue(state, 2) } else { lua_pushstring(state, "") }
        lua_setfield(state, table, "message")
        setCallerPosition(state, in: table)
        return 1
    }

    static let lookupFunction: clua_SwiftFunction = { state, context in
        guard let state, let context else { return 0 }
        let host = Unmanaged<RuleHost>.fromOpaque(context).takeUnretainedValue()
        guard let name = host.sandbox.stringAt(1) else {
            host.sandbox.push("bad argument #1 to 'foodlog.lookup' (string expected, got \(String(cString: lua_typename(state, lua_type(state, 1)))))")
            return -1
        }
        guard let found = host.data?.lookup(String(name.prefix(200))) else {
            lua_pushnil(state)
            return 1
        }
        host.sandbox.push(found, readOnly: true)
        return 1
    }

    static let daysFunction: clua_SwiftFunction = { state, context in
        guard let state, let context else { return 0 }
        let host = Unmanaged<RuleHost>.fromOpaque(context).takeUnretainedValue()
        guard let from = host.sandbox.stringAt(1), let to = host.sandbox.stringAt(2) else {
            host.sandbox.push("bad argument to 'foodlog.days' (two dates \"YYYY-MM-DD\" expected)")
            return -1
        }
        guard let days = host.data?.days(from: from, to: to) else {
            host.sandbox.push("foodlog.days: '\(from.prefix(20))'..'\(to.prefix(20))' is not a range of at most 366 earlier days")
            return -1
        }
        let writer = LuaWriter(sandbox: host.sandbox)
        writer.newTable(array: days.count)
        let list = writer.top
        for (offset, day) in days.enumerated() {
            day.push(into: writer)
            writer.appendTop(at: offset + 1, in: list)
        }
        writer.seal()
        return 1
    }
}
