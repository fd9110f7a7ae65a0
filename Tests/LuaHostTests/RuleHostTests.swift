import Testing
@testable import LuaHost

struct RuleHostTests {
    func host(_ limits: LuaLimits = LuaLimits()) throws -> RuleHost { try RuleHost(limits: limits, data: nil) }

    @Test func planVerdictsCarryTheRulesLine() throws {
        let host = try host()
        try host.run(
            """
            local plan = foodlog.plan { name = "t", description = "test" }
            function plan.check(day)
              if day.total.kcal > 10 then
                return { foodlog.fail("%d kcal is too much", day.total.kcal) }
              end
            end
            return plan
            """, name: "t.lua")
        let day = LuaTable(fields: ["total": .table(LuaTable(fields: ["kcal": .integer(20)]))])
        let verdicts = try host.check(plan: 1, day: day, script: "t.lua")
        #expect(verdicts == [LuaVerdict(level: "fail", message: "20 kcal is too much", script: "t.lua", line: 4)])
        #expect(try host.plans().first?.description == "test")
    }

    @Test func dayViewsAreReadOnly() throws {
        let host = try host()
        try host.run(
            """
            local plan = foodlog.plan { name = "w" }
            function plan.check(day) day.total.kcal = 0 end
            return plan
            """, name: "w.lua")
        let day = LuaTable(fields: ["total": .table(LuaTable(fields: ["kcal": .integer(20)]))])
        #expect(throws: LuaScriptError.self) { try host.check(plan: 1, day: day, script: "w.lua") }
    }

    @Test func budgetMemoryAndErrorsAreClassified() throws {
        let host = try host(LuaLimits(memoryBytes: 8 << 20, instructions: 1_000_000, seconds: 2))
        func kind(_ source: String) -> LuaScriptError.Kind? {
            do {
                try host.run(source, name: "x.lua")
                return nil
            } catch { return error.kind }
        }
        #expect(kind("while true do end") == .budget)
        #expect(kind("local t = {} for i = 1, 1e9 do t[i] = i end") == .memory)
        #expect(kind("local x = nil; return x.y") == .runtime)
        #expect(kind("return os.execute('true')") == .refused)
        #expect(kind("return = 1") == .syntax)
        #expect(kind("local t = {}; t.self = t; return t") == .conversion)
        // The state keeps working after every failure.
        #expect(try host.run("return 1 + 1", name: "ok.lua") == .integer(2))
    }

    @Test func insightsAreChosenByPriorityThenName() throws {
        let host = try host()
        try host.run(
            """
            foodlog.insight("b", function(day) return { emoji = "🅱", title = "B", body = "b", priority = 2 } end)
            foodlog.insight("a", function(day) return { emoji = "🅰", title = "A", body = "a", priority = 2 } end)
            foodlog.insight("c", function(day) return nil end)
            """, name: "i.lua")
        let result = host.insights(day: LuaTable())
        #expect(result.insights.map(\.name) == ["a", "b"])
    }

    @Test func hostileCheckResultsAreConversionErrorsNotCrashes() throws {
        let host = try host()
        func outcome(_ body: String) -> String {
            do {
                try host.run(
                    "local plan = foodlog.plan { name = \"h\" }\nfunction plan.check(day) \(body) end\nreturn plan",
                    name: "h.lua")
                let verdicts = try host.check(plan: host.plans().count, day: LuaTable(), script: "h.lua")
                return verdicts.map { "\($0.level):\($0.message):\($0.line.map(String.init) ?? "-")" }.joined(
                    separator: ",")
            } catch { return "\(error.kind)" }
        }
        // A table that only looks like a verdict (its line could be anything) is refused.
        #expect(outcome("return { { level = 'warn', message = 'm', line = 1e300 } }") == "conversion")
        #expect(outcome("return { { level = 'warn', message = 'm', line = 0/0 } }") == "conversion")
        #expect(outcome("local t = {}; t[1] = t; return t") == "conversion")
        #expect(outcome("return { { level = 'pass', message = 'm' } }") == "conversion")
        #expect(outcome("return 42") == "conversion")
        #expect(outcome("return setmetatable({}, { __index = function() error('no') end })") == "")
        #expect(outcome("return { foodlog.warn('%d%%', 5) }") == "warn:5%:2")
    }

    @Test func planOptionsAreReadWithDefaultsAndCheckedAtTheCallersLine() throws {
        let host = try host()
        try host.run(
            """
            local plan = foodlog.plan { name = "o" }
            function plan.check(day)
              local limit = foodlog.option(day, "limit", 25)
              return { foodlog.warn("limit %g", limit) }
            end
            return plan
            """, name: "o.lua")
        func message(_ options: LuaTable?) throws(LuaScriptError) -> String? {
            var fields: [String: LuaValue] = [:]
            if let options { fields["plan_options"] = .table(options) }
            return try host.check(plan: 1, day: LuaTable(fields: fields), script: "o.lua").first?.message
        }
        #expect(try message(nil) == "limit 25")
        #expect(try message(LuaTable(fields: ["limit": .number(30.5)])) == "limit 30.5")
        do throws(LuaScriptError) {
            _ = try message(LuaTable(fields: ["limit": .string("lots")]))
            Issue.record("a string option was accepted")
        } catch {
            #expect(error.message == "o.lua:3: option limit must be a non-negative number, got lots")
        }
        #expect(throws: LuaScriptError.self) { try message(LuaTable(fields: ["limit": .number(-1)])) }
    }
}

/// How a call ended comes from flags the sandbox sets where it happens, never from the text.
struct OutcomeFlagTests {
    func kind(_ source: String) throws -> LuaScriptError.Kind? {
        let host = try RuleHost(limits: LuaLimits(memoryBytes: 8 << 20, instructions: 5_000_000, seconds: 2), data: nil)
        do {
            try host.run(source, name: "forge.lua")
            return nil
        } catch { return error.kind }
    }

    @Test func forgedMessagesArePlainErrors() throws {
        #expect(try kind("error('not enough memory', 0)") == .runtime)
        #expect(try kind("error('memory limit exceeded')") == .runtime)
        #expect(try kind("error('forge.lua:1: refused: os.execute is not available in the sandbox', 0)") == .runtime)
        #expect(try kind("error('instruction budget exceeded', 0)") == .runtime)
        #expect(try kind("error('forge.lua:1: time limit exceeded', 0)") == .runtime)
    }

    @Test func aCaughtRefusalOrMemoryErrorDoesNotColourALaterError() throws {
        #expect(try kind("pcall(string.rep, 'x', 1e9); error('not enough memory', 0)") == .runtime)
        #expect(
            try kind(
                "local t = {} pcall(function() for i = 1, 1e9 do t[i] = i end end) t = nil error('not enough memory', 0)"
            )
                == .runtime)
        #expect(
            try kind("local ok, e = pcall(function() return os.execute end); error('refused: ' .. tostring(e), 0)")
                == .runtime)
        #expect(try kind("xpcall(function() return os.execute end, function(m) return m end); error('x')") == .runtime)
        #expect(try kind("pcall(setmetatable, {}, { __gc = true }); error('not enough memory', 0)") == .runtime)
    }

    @Test func realOutcomesKeepTheirKind() throws {
        #expect(try kind("return os.execute('true')") == .refused)
        #expect(try kind("return string.rep('x', 1e9)") == .memory)
        #expect(try kind("local t = {} for i = 1, 1e9 do t[i] = i end") == .memory)
        #expect(try kind("while true do end") == .budget)
        #expect(try kind("\u{1b}Lua") == .refused)  // bytecode is refused before it is read
        #expect(try kind("local ok = pcall(function() return os.execute end) return os.getenv('HOME')") == .refused)
        // A refusal re-raised as it was is still a refusal.
        #expect(try kind("local ok, e = pcall(function() return os.execute end) error(e, 0)") == .refused)
    }
}
