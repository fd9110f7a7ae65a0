import CLuaSandbox
import Testing
@testable import LuaHost

/// Work Lua 5.4.4 does in C without the count hook: a `__call` chain and the rehash of a hash
/// part whose keys collide (`grammar/lua/sandbox.md` §2, §4, §12).
struct CLoopLimitTests {
    func outcome(_ source: String) throws -> String {
        let host = try RuleHost(limits: LuaLimits(), data: nil)
        do { return "ok \(try host.run(source, name: "c.lua"))" } catch { return "\(error.kind): \(error.message)" }
    }

    @Test func aCallMetamethodMustBeAFunction() throws {
        #expect(
            try outcome("local t = {}; setmetatable(t, { __call = t }); return t()")
                == "refused: c.lua:1: refused: a __call metamethod must be a function in the sandbox (this one is a table)"
        )
        #expect(try outcome("return setmetatable({}, { __call = 1 })").hasPrefix("refused:"))
        #expect(try outcome("return setmetatable({}, { __call = function(_, x) return x end })(7)") == "ok integer(7)")
    }

    @Test func theNodeSizeIsMeasured() throws {
        let sandbox = try LuaSandbox(limits: LuaLimits())
        #expect(clua_hash_node_size(sandbox.sandbox) >= 16)
    }

    @Test func aHashPartHoldsAtMost65536Keys() throws {
        #expect(try outcome("local t = {}; for i = 1, 65536 do t['k' .. i] = i end; return 1") == "ok integer(1)")
        #expect(
            try outcome("local t = {}; for i = 1, 65537 do t['k' .. i] = i end; return 1")
                == "memory: c.lua: a table may hold at most 65536 keys outside its array part (not enough memory)")
        #expect(try outcome("local t = {}; for i = 1, 200000 do t[i] = i end; return #t") == "ok integer(200000)")
    }

    @Test func collidingIntegerKeysEndQuickly() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let result = try outcome("local M = (1 << 19) - 1; local t = {}; for i = 1, 300000 do t[i * M] = true end")
        #expect(result.hasPrefix("memory: c.lua: a table may hold at most 65536 keys"))
        #expect(clock.now - started < .seconds(2))
    }

    @Test func stringBuffersOfAHashPartsSizeAreNotTables() throws {
        #expect(try outcome("return #string.rep('abc', 1 << 20):upper()") == "ok integer(3145728)")
    }
}
