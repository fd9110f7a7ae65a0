import CLua
import CLuaSandbox

/// What is left of the bounds on one result (`grammar/lua/sandbox.md` §11): converting a
/// result into Swift copies it, and none of that work runs under Lua's limits, so a result may
/// hold at most ``LuaLimits/resultValues`` values and ``LuaLimits/resultTextBytes`` bytes of
/// text, nested at most ``LuaLimits/resultDepth`` deep. Shared strings count every time.
struct ResultBudget {
    var values = LuaLimits.resultValues
    var textBytes = LuaLimits.resultTextBytes
    let script: String
    /// What the result is, for messages ("check(day)'s result").
    let what: String

    init(script: String, what: String = "the result") {
        self.script = script
        self.what = what
    }

    /// Counts one value.
    mutating func takeValue() throws(LuaScriptError) {
        values -= 1
        guard values >= 0 else { throw failure("holds more than \(formatCount(LuaLimits.resultValues)) values") }
    }

    /// Counts `count` bytes of text.
    mutating func takeText(_ count: Int) throws(LuaScriptError) {
        textBytes -= count
        guard textBytes >= 0 else { throw failure("holds more than \(LuaLimits.resultTextBytes >> 20) MiB of text") }
    }

    func failure(_ text: String) -> LuaScriptError {
        LuaScriptError(kind: .conversion, script: script, line: nil, message: "\(script): \(what) \(text)")
    }
}

/// 10000 → "10,000".
func formatCount(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
        text.append(digit)
    }
    return text
}

extension LuaSandbox {
    /// The string at `index` (a real string, never a converted number), counted against `budget`
    /// before a byte is copied.
    func string(at index: Int32, budget: inout ResultBudget) throws(LuaScriptError) -> String? {
        guard lua_type(state, index) == LUA_TSTRING else { return nil }
        try budget.takeText(Int(lua_rawlen(state, index)))
        return stringAt(index)
    }

    /// Converts the value at `index` with raw access only: no metamethods; cycles refused;
    /// bounded by ``ResultBudget``.
    func value(at index: Int32, script: String, what: String = "the result") throws(LuaScriptError) -> LuaValue {
        var budget = ResultBudget(script: script, what: what)
        var seen: Set<UnsafeRawPointer> = []
        return try convert(lua_absindex(state, index), depth: 0, budget: &budget, seen: &seen)
    }

    private func convert(
        _ index: Int32, depth: Int, budget: inout ResultBudget,
        seen: inout Set<UnsafeRawPointer>
    ) throws(LuaScriptError) -> LuaValue {
        try budget.takeValue()
        switch lua_type(state, index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TBOOLEAN: return .bool(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(state, index) != 0 { return .integer(lua_tointegerx(state, index, nil)) }
            return .number(lua_tonumberx(state, index, nil))
        case LUA_TSTRING: return .string(try string(at: index, budget: &budget) ?? "")
        case LUA_TTABLE:
            guard depth < LuaLimits.resultDepth else {
                throw budget.failure("is nested more than \(LuaLimits.resultDepth) tables deep")
            }
            return .table(try convertTable(index, depth: depth, budget: &budget, seen: &seen))
        default:
            return .none  // functions, userdata, threads carry no data for the host
        }
    }

    private func convertTable(
        _ index: Int32, depth: Int, budget: inout ResultBudget,
        seen: inout Set<UnsafeRawPointer>
    ) throws(LuaScriptError) -> LuaTable {
        _ = lua_checkstack(state, 6)
        var tableIndex = index
        var pushedTarget = false
        if clua_readonly_target(state, index) != 0 {
            tableIndex = lua_gettop(state)
            pushedTarget = true
        }
        defer { if pushedTarget { clua_pop(state, 1) } }
        var table = LuaTable()
        guard let pointer = lua_topointer(state, tableIndex) else { return table }
        guard seen.insert(pointer).inserted else { throw budget.failure("contains a cycle") }
        defer { seen.remove(pointer) }
        var numbered: [Int: LuaValue] = [:]
        lua_pushnil(state)
        while lua_next(state, tableIndex) != 0 {
            let valueIndex = lua_gettop(state)
            let keyType = lua_type(state, valueIndex - 1)
            let converted = try convert(valueIndex, depth: depth + 1, budget: &budget, seen: &seen)
            if keyType == LUA_TSTRING, let key = try string(at: valueIndex - 1, budget: &budget) {
                table.fields[key] = converted
            } else if keyType == LUA_TNUMBER, lua_isinteger(state, valueIndex - 1) != 0 {
                let key = lua_tointegerx(state, valueIndex - 1, nil)
                if key >= 1, key <= LuaLimits.resultValues { numbered[Int(key)] = converted }
            }
            clua_pop(state, 1)
        }
        var position = 1
        while let element = numbered[position] {
            table.array.append(element)
            position += 1
        }
        return table
    }
}
