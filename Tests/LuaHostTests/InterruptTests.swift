import Glibc
import Testing
@testable import LuaHost

/// Ctrl-C cancels the script the thread runs, also after a nested call into another state
/// (a plan calls `foodlog.lookup`, the resolver asks a user estimator) has returned.
@Suite(.serialized) struct InterruptTests {
    /// `lookup` runs a script in a second sandbox, then Ctrl-C arrives while the outer script runs.
    final class NestedLookup: LuaHostData {
        let inner: RuleHost
        init() throws { inner = try RuleHost(limits: LuaLimits(), data: nil) }
        func lookup(_ name: String) -> LuaTable? {
            _ = try? inner.run("return 1", name: "estimator.lua")
            raise(SIGINT)
            return nil
        }
        func days(from: String, to: String) -> [any LuaPushable]? { nil }
    }

    @Test func ctrlCAfterANestedCallCancelsTheOuterScript() throws {
        let data = try NestedLookup()
        let host = try RuleHost(
            limits: LuaLimits(memoryBytes: 8 << 20, instructions: 200_000_000, seconds: 10), data: data)
        LuaInterrupts.catching(true)
        defer {
            LuaInterrupts.catching(false)
            _ = LuaInterrupts.take()
        }
        do {
            try host.run("foodlog.lookup('x') while true do end", name: "plan.lua")
            Issue.record("the loop ended by itself")
        } catch {
            #expect(error.kind == .cancelled, "\(error.message)")
        }
        #expect(LuaInterrupts.take())
    }
}
