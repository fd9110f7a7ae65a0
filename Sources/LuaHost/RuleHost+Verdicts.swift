import CLua
import CLuaSandbox

extension RuleHost {
    /// Reads what `check(day)` returned: nil, or a list `{v1, v2, ...}` of verdicts made by
    /// `foodlog.warn`/`foodlog.fail` in this state, at most ``LuaLimits/verdictsPerDay``, with
    /// no holes. Anything else is an error naming the script: one verdict not in a list, a
    /// table that only looks like a verdict (its `script` and `line` could be forged), a hole
    /// that would silently drop the verdicts after it. Raw access only.
    func verdicts(at index: Int32, script: String) throws(LuaScriptError) -> [LuaVerdict] {
        func malformed(_ text: String) -> LuaScriptError {
            LuaScriptError(kind: .conversion, script: script, line: nil, message: "\(script): check(day) \(text)")
        }
        switch lua_type(state, index) {
        case LUA_TNIL, LUA_TNONE: return []
        case LUA_TTABLE: break
        default:
            let type = String(cString: lua_typename(state, lua_type(state, index)))
            throw malformed("must return a list of verdicts (or nil), not a \(type)")
        }
        _ = lua_checkstack(state, 12)
        var list = lua_absindex(state, index)
        guard pushRegistry("verdicts") >= 0 else { throw malformed("cannot be read: the verdict registry is missing") }
        let genuine = sandbox.top
        func isVerdict(_ value: Int32) -> Bool {
            lua_pushvalue(state, value)
            defer { clua_pop(state, 1) }
            return lua_rawget(state, genuine) == LUA_TBOOLEAN
        }
        if isVerdict(list) { throw malformed("returned one verdict; return a list of them: { foodlog.fail(...) }") }
        if clua_readonly_target(state, list) != 0 { list = sandbox.top }
        let count = try listLength(list, malformed: malformed)
        if count == 0 { return [] }
        var budget = ResultBudget(script: script, what: "check(day)'s verdicts")
        var result: [LuaVerdict] = []
        for position in 1...count {
            let base = sandbox.top
            defer { lua_settop(state, base) }
            lua_rawgeti(state, list, lua_Integer(position))
            guard isVerdict(-1) else {
                throw malformed(
                    "returned something other than a verdict at index \(position) (make verdicts with foodlog.warn or foodlog.fail)"
                )
            }
            result.append(try verdict(at: sandbox.top, script: script, budget: &budget))
        }
        return result
    }

    /// The number of entries of the list at `list`, after checking that its keys are exactly
    /// 1…n and n is at most ``LuaLimits/verdictsPerDay``.
    private func listLength(_ list: Int32, malformed: (String) -> LuaScriptError) throws(LuaScriptError) -> Int {
        var count = 0
        var highest: lua_Integer = 0
        var present = Set<lua_Integer>()
        lua_pushnil(state)
        while lua_next(state, list) != 0 {
            clua_pop(state, 1)
            guard lua_type(state, -1) == LUA_TNUMBER, lua_isinteger(state, -1) != 0, lua_tointegerx(state, -1, nil) >= 1
            else {
                throw malformed("returned a table with keys other than 1, 2, 3, ...: return a list of verdicts")
            }
            count += 1
            guard count <= LuaLimits.verdictsPerDay else {
                throw malformed("returned more than \(formatCount(LuaLimits.verdictsPerDay)) verdicts")
            }
            let key = lua_tointegerx(state, -1, nil)
            highest = max(highest, key)
            present.insert(key)
        }
        if highest != lua_Integer(count), let hole = (1...highest).first(where: { !present.contains($0) }) {
            throw malformed("returned a list with a hole at index \(hole): the verdicts after it would be lost")
        }
        return count
    }

    /// One verdict made by the verdict function (a read-only view of `{level, message, script, line}`).
    private func verdict(at index: Int32, script: String, budget: inout ResultBudget) throws(LuaScriptError)
        -> LuaVerdict
    {
        var element = index
        if clua_readonly_target(state, element) != 0 { element = sandbox.top }
        func field(_ key: String) -> Int32 {
            sandbox.push(key)
            return lua_rawget(state, element)
        }
        _ = field("level")
        let level = sandbox.stringAt(-1) ?? "warn"
        _ = field("message")
        let message = try sandbox.string(at: -1, budget: &budget) ?? ""
        let origin = field("script") == LUA_TSTRING ? sandbox.stringAt(-1) : nil
        let line =
            field("line") == LUA_TNUMBER && lua_isinteger(state, -1) != 0
            ? Int(exactly: lua_tointegerx(state, -1, nil)) : nil
        return LuaVerdict(level: level, message: String(message.prefix(500)), script: origin ?? script, line: line)
    }
}
