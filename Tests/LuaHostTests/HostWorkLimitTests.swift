import Glibc
import Testing
@testable import LuaHost

/// What a script makes the host do counts against its limits; C calls the hook cannot
/// interrupt get bounded inputs; a command has a total budget.
struct HostWorkLimitTests {
    /// `foodlog.days` gives `count` days, each holding `bytes` bytes of text.
    final class BigDays: LuaHostData {
        let count: Int
        let bytes: Int
        init(count: Int, bytes: Int) {
            self.count = count
            self.bytes = bytes
        }
        func lookup(_ name: String) -> LuaTable? { LuaTable(fields: ["name": .string(name)]) }
        func days(from: String, to: String) -> [any LuaPushable]? {
            (0..<count).map { _ in LuaTable(fields: ["note": .string(String(repeating: "x", count: bytes))]) }
        }
    }

    func outcome(_ source: String, data: LuaHostData? = nil, limits: LuaLimits = LuaLimits()) throws -> String {
        let host = try RuleHost(limits: limits, data: data)
        let result: String
        do { result = "ok \(try host.run(source, name: "h.lua"))" } catch { result = "\(error.kind): \(error.message)" }
        return result
    }

    @Test func tonumberRefusesStringsLongerThanANumeral() throws {
        #expect(try outcome("return tonumber(string.rep('1', 4096))").hasPrefix("ok"))
        #expect(
            try outcome("return tonumber(string.rep('z', 4097), 36)")
                == "refused: h.lua:1: refused: tonumber of a 4097-byte string (the limit is 4096 bytes)")
        #expect(try outcome("return tonumber(string.rep('z', 12000000), 36)").hasPrefix("refused:"))
        #expect(try outcome("return tonumber('ff', 16)") == "ok integer(255)")
    }

    @Test func lookupNamesAreBounded() throws {
        let data = BigDays(count: 0, bytes: 0)
        #expect(
            try outcome("return foodlog.lookup(string.rep('a', 1024)).name == string.rep('a', 200)", data: data)
                == "ok bool(true)")
        #expect(
            try outcome("return foodlog.lookup(string.rep('a', 1025))", data: data)
                == "runtime: h.lua:1: foodlog.lookup: the name is 1025 bytes long; the limit is 1,024")
        #expect(
            try outcome("return foodlog.lookup('a' .. string.rep('\\204\\129', 5000000))", data: data).hasPrefix(
                "runtime:"))
    }

    @Test func whatTheHostBuildsCountsAgainstMemory() throws {
        let limits = LuaLimits(memoryBytes: 8 << 20, instructions: 1_000_000_000, seconds: 30, totalSeconds: 60)
        #expect(
            try outcome("return #foodlog.days('a', 'b')", data: BigDays(count: 10, bytes: 65536), limits: limits)
                == "ok integer(10)")
        #expect(
            try outcome("return #foodlog.days('a', 'b')", data: BigDays(count: 366, bytes: 65536), limits: limits)
                == "memory: h.lua: memory limit of 8388608 bytes exceeded (not enough memory)")
        #expect(
            try outcome(
                "local keep = {} for i = 1, 1000 do keep[i] = foodlog.days('a', 'b') end",
                data: BigDays(count: 20, bytes: 65536), limits: limits
            ).hasPrefix("memory:"))
    }

    @Test func whatTheHostBuildsCountsAgainstTheBudget() throws {
        let limits = LuaLimits(seconds: 30, totalSeconds: 60)
        #expect(
            try outcome(
                "for i = 1, 10 do foodlog.days('a', 'b') end", data: BigDays(count: 20, bytes: 4096), limits: limits
            )
            .hasPrefix("ok"))
        #expect(
            try outcome(
                "while true do foodlog.days('a', 'b') end", data: BigDays(count: 20, bytes: 4096), limits: limits)
                == "budget: h.lua:1: instruction budget exceeded")
    }

    @Test func aCommandHasATotalBudget() throws {
        let limits = LuaLimits(instructions: 10_000_000, seconds: 30, totalInstructions: 3_000_000)
        let budget = LuaRunBudget(limits: limits)
        let host = try RuleHost(limits: limits, data: nil, budget: budget)
        let work = "local x = 0 for i = 1, 100000 do x = x + i end return x"  // well under a million instructions
        var finished = 0
        var failure: LuaScriptError?
        while failure == nil, finished < 100 {
            do {
                try host.run(work, name: "w.lua")
                finished += 1
            } catch { failure = error }
        }
        #expect(finished >= 3, "calls under the total ran")
        #expect(failure?.kind == .budget)
        #expect(
            failure?.message.contains("Lua's total for this command is used up") == true, "\(failure?.message ?? "")")
        #expect(budget.isUsedUp)
        do {
            try host.run("return 1", name: "w.lua")
            Issue.record("ran after the total was used up")
        } catch {
            #expect(error.message.hasPrefix("w.lua: not run: "))
        }
    }

    @Test func timeBetweenCallsDoesNotCountAgainstTheTotal() throws {
        let host = try RuleHost(limits: LuaLimits(totalSeconds: 0.2), data: nil)
        try host.run("return 1", name: "a.lua")
        usleep(300_000)
        #expect(try host.run("return 2", name: "b.lua") == .integer(2))
    }

    @Test func manyRulesCostInProportionToTheirNumber() throws {
        let host = try RuleHost(limits: LuaLimits(), data: nil)
        try host.run(
            "for i = 1, 20000 do foodlog.insight('r' .. i, function(day) return nil end) end", name: "many.lua")
        let started = LuaRunBudget.now()
        #expect(host.insights(day: LuaTable()).failures.isEmpty)
        #expect(LuaRunBudget.now() - started < 3, "20,000 trivial rules took \(LuaRunBudget.now() - started) s")
    }
}

/// How script text becomes a chunk: a byte order mark and a `#!` line are fine; bytes that
/// are not UTF-8 are an error.
struct ScriptTextTests {
    @Test func byteOrderMarkAndShebangLinesAreSkipped() throws {
        let host = try RuleHost(limits: LuaLimits(), data: nil)
        #expect(try host.run("\u{FEFF}return 1", name: "b.lua") == .integer(1))
        #expect(try host.run("#!/usr/bin/env lua\nreturn 2", name: "s.lua") == .integer(2))
        #expect(try host.run("\u{FEFF}#!/usr/bin/env lua\nreturn 3", name: "bs.lua") == .integer(3))
        do { try host.run("#!/usr/bin/env lua\nerror('e')", name: "line.lua") } catch {
            #expect(error.message == "line.lua:2: e")  // line numbers are kept
        }
    }

    @Test func invalidUTF8IsAnErrorWithItsLine() throws {
        func check(_ bytes: [UInt8]) -> String {
            switch LuaSourceText.decode(bytes, name: "u.lua") {
            case .success(let text): return "ok " + text
            case .failure(let error): return "\(error.kind) \(error.message)"
            }
        }
        #expect(check(Array("return 'é€😀'".utf8)) == "ok return 'é€😀'")
        #expect(
            check(Array("-- a\nreturn '".utf8) + [0xFF, 0x27])
                == "syntax u.lua:2: not valid UTF-8 (byte 14 of the file)")
        #expect(check([0xC0, 0x80]).hasPrefix("syntax"))  // overlong
        #expect(check([0xED, 0xA0, 0x80]).hasPrefix("syntax"))  // a surrogate
        #expect(check([0xF4, 0x90, 0x80, 0x80]).hasPrefix("syntax"))  // above U+10FFFF
        #expect(check([0xE2, 0x82]).hasPrefix("syntax"))  // cut short
    }
}
