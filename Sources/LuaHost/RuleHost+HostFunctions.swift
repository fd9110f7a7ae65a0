import CLua
import CLuaSandbox
import Glibc

/// The Swift functions behind the prelude (`grammar/lua/sandbox.md` §10): they never raise;
/// an error is pushed and ``CLUA_HOST_ERROR`` returned, and a function that builds much stops
/// when ``clua_host_should_stop`` says a limit is reached.
extension RuleHost {
    /// Sets `script` and `line` of the table at `table` to the first frame of a user script
    /// above the caller (chunk names `@NAME`, not the API prelude); leaves them unset if there is none.
    static func setCallerPosition(_ state: OpaquePointer, in table: Int32) {
        var record = lua_Debug()
        var level: Int32 = 1
        while level < 40, lua_getstack(state, level, &record) != 0 {
            if lua_getinfo(state, "Sl", &record) != 0, let source = record.source, source.pointee == 0x40,  // "@"
                strcmp(source, "@foodlog-api") != 0
            {
                lua_pushstring(state, source + 1)
                lua_setfield(state, table, "script")
                lua_pushinteger(state, lua_Integer(record.currentline))
                lua_setfield(state, table, "line")
                return
            }
            level += 1
        }
    }

    /// `make_verdict(level, message)`: a read-only `{level, message, script, line}` (the prelude
    /// checks the arguments and records the verdict as genuine).
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
        clua_seal_top(state)
        return 1
    }

    /// The string argument at `index` when it is a string of at most `limit` bytes.
    static func argument(_ state: OpaquePointer, _ index: Int32, limit: Int, host: RuleHost) -> String? {
        guard lua_type(state, index) == LUA_TSTRING, Int(lua_rawlen(state, index)) <= limit else { return nil }
        return host.sandbox.stringAt(index)
    }

    /// `foodlog.lookup(name)`: names are at most ``LuaLimits/lookupNameBytes`` bytes, so the
    /// resolver's text work (which the count hook cannot interrupt) stays small.
    static let lookupFunction: clua_SwiftFunction = { state, context in
        guard let state, let context else { return 0 }
        let host = Unmanaged<RuleHost>.fromOpaque(context).takeUnretainedValue()
        guard let name = argument(state, 1, limit: LuaLimits.lookupNameBytes, host: host) else {
            if lua_type(state, 1) == LUA_TSTRING {
                host.sandbox.push(
                    "foodlog.lookup: the name is \(lua_rawlen(state, 1)) bytes long; the limit is \(formatCount(LuaLimits.lookupNameBytes))"
                )
            } else {
                host.sandbox.push(
                    "bad argument #1 to 'foodlog.lookup' (string expected, got \(String(cString: lua_typename(state, lua_type(state, 1)))))"
                )
            }
            return Int32(CLUA_HOST_ERROR)
        }
        guard let found = host.data?.lookup(String(name.prefix(200))) else {
            lua_pushnil(state)
            return 1
        }
        host.sandbox.push(found, readOnly: true)
        return 1
    }

    /// `foodlog.days(from, to)`: day views, built one by one until done or a limit is reached
    /// (what they take counts against the script's memory and budget).
    static let daysFunction: clua_SwiftFunction = { state, context in
        guard let state, let context else { return 0 }
        let host = Unmanaged<RuleHost>.fromOpaque(context).takeUnretainedValue()
        guard let from = argument(state, 1, limit: 32, host: host), let to = argument(state, 2, limit: 32, host: host)
        else {
            host.sandbox.push("bad argument to 'foodlog.days' (two dates \"YYYY-MM-DD\" expected)")
            return Int32(CLUA_HOST_ERROR)
        }
        guard let days = host.data?.days(from: from, to: to) else {
            host.sandbox.push("foodlog.days: '\(from)'..'\(to)' is not a range of at most 366 earlier days")
            return Int32(CLUA_HOST_ERROR)
        }
        let writer = LuaWriter(sandbox: host.sandbox)
        writer.newTable(array: days.count)
        let list = writer.top
        for (offset, day) in days.enumerated() {
            if clua_host_should_stop(state) != 0 { return Int32(CLUA_HOST_STOPPED) }
            day.push(into: writer)
            writer.appendTop(at: offset + 1, in: list)
        }
        writer.seal()
        return 1
    }
}
