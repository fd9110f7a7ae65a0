import Testing
@testable import LuaHost

/// Results are bounded on the host side, and malformed ones are errors naming the script.
struct ResultLimitTests {
    func host(_ limits: LuaLimits = LuaLimits()) throws -> RuleHost { try RuleHost(limits: limits, data: nil) }

    /// What `check(day)` with this body gives: verdicts as "level:message", or the error kind and message.
    func check(_ body: String) throws -> String {
        let host = try host()
        do {
            try host.run(
                "local plan = foodlog.plan { name = \"c\" }\nfunction plan.check(day) \(body) end\nreturn plan",
                name: "c.lua")
            return try host.check(plan: 1, day: LuaTable(), script: "c.lua").map { "\($0.level):\($0.message)" }.joined(
                separator: ",")
        } catch { return "\(error.kind): \(error.message)" }
    }

    @Test func verdictCountIsBounded() throws {
        func list(_ n: Int) -> String { "local t, v = {}, foodlog.warn('x') for i = 1, \(n) do t[i] = v end return t" }
        #expect(try check(list(1000)).split(separator: ",").count == 1000)
        #expect(try check(list(1001)) == "conversion: c.lua: check(day) returned more than 1,000 verdicts")
    }

    @Test func malformedVerdictListsAreErrors() throws {
        #expect(
            try check("return foodlog.fail('x')")
                == "conversion: c.lua: check(day) returned one verdict; return a list of them: { foodlog.fail(...) }")
        #expect(
            try check("return { foodlog.warn('a'), nil, foodlog.warn('b') }")
                == "conversion: c.lua: check(day) returned a list with a hole at index 2: the verdicts after it would be lost"
        )
        #expect(
            try check("return { foodlog.warn('a'), x = 1 }").hasPrefix(
                "conversion: c.lua: check(day) returned a table with keys other than"))
        #expect(
            try check("return { { level = 'fail', message = 'm', script = 'other.lua', line = 1 } }")
                == "conversion: c.lua: check(day) returned something other than a verdict at index 1 (make verdicts with foodlog.warn or foodlog.fail)"
        )
        #expect(
            try check("local v = foodlog.warn('a') v.script = 'other.lua' return { v }").hasPrefix(
                "refused: c.lua:2: refused: cannot modify"))
        #expect(
            try check("return 42")
                == "conversion: c.lua: check(day) must return a list of verdicts (or nil), not a number")
        #expect(try check("return {}") == "")
        #expect(try check("return { foodlog.warn('a'), foodlog.fail('b') }") == "warn:a,fail:b")
    }

    @Test func verdictTextIsBounded() throws {
        func one(_ n: Int) -> String { "local s = string.rep('x', \(n)) return { foodlog.warn('%s', s) }" }
        #expect(try check(one(1_048_576)).hasPrefix("warn:xxx"))
        #expect(
            try check(one(1_048_577))
                == "conversion: c.lua: check(day)'s verdicts holds more than 1 MiB of text")
        // A shared string counts every time it is copied.
        #expect(
            try check("local v = foodlog.warn('%s', string.rep('x', 600000)) return { v, v }").hasPrefix("conversion:"))
    }

    func run(_ source: String) throws -> String {
        let host = try host()
        do { return "\(try host.run(source, name: "r.lua"))" } catch { return "\(error.kind): \(error.message)" }
    }

    @Test func resultsAreBoundedInValuesTextAndDepth() throws {
        #expect(try !run("local t = {} for i = 1, 9999 do t[i] = i end return t").hasPrefix("conversion"))
        #expect(
            try run("local t = {} for i = 1, 10000 do t[i] = i end return t")
                == "conversion: r.lua: the result holds more than 10,000 values")
        #expect(try !run("return { string.rep('x', 1048576) }").hasPrefix("conversion"))
        #expect(
            try run("return { string.rep('x', 1048577) }")
                == "conversion: r.lua: the result holds more than 1 MiB of text")
        #expect(
            try run("local s = string.rep('x', 8388608) local t = {} for i = 1, 400 do t[i] = s end return t")
                .hasPrefix("conversion"))
        func nest(_ n: Int) -> String { "local t = {} for i = 1, \(n) do t = { t } end return t" }  // n + 1 tables
        #expect(try !run(nest(31)).hasPrefix("conversion"))
        #expect(try run(nest(32)) == "conversion: r.lua: the result is nested more than 32 tables deep")
    }

    @Test func insightAnswersMustBeWellFormed() throws {
        let host = try host()
        try host.run(
            """
            foodlog.insight("nan", function() return { title = "N", priority = 0/0 } end)
            foodlog.insight("inf", function() return { title = "I", priority = math.huge } end)
            foodlog.insight("number", function() return 42 end)
            foodlog.insight("untitled", function() return { body = "b" } end)
            foodlog.insight("good", function() return { title = "G", priority = 1 } end)
            foodlog.insight("quiet", function() return nil end)
            """, name: "i.lua")
        let outcome = host.insights(day: LuaTable())
        #expect(outcome.insights.map(\.name) == ["good"])
        #expect(
            outcome.failures.map(\.message) == [
                "i.lua: insight 'nan' returned a priority that is not a finite number",
                "i.lua: insight 'inf' returned a priority that is not a finite number",
                "i.lua: insight 'number' must return nil or a table {emoji, title, body, priority}",
                "i.lua: insight 'untitled' returned no title (a non-empty string)",
            ])
    }

    @Test func planTargetsAreRangeChecked() throws {
        func targets(_ value: String) throws -> String {
            let host = try host()
            do {
                try host.run("return foodlog.plan { name = 'T', targets = { protein = \(value) } }", name: "t.lua")
                return "\(try host.plans(script: "t.lua").first?.targets["protein"] ?? -1)"
            } catch { return error.message }
        }
        #expect(try targets("100000") == "100000.0")
        #expect(try targets("100000.5") == "t.lua: plan 'T': targets.protein must be a number from 0 to 100,000")
        #expect(try targets("1e300") == "t.lua: plan 'T': targets.protein must be a number from 0 to 100,000")
        #expect(try targets("0/0") == "t.lua: plan 'T': targets.protein must be a number from 0 to 100,000")
        #expect(try targets("-1") == "t.lua: plan 'T': targets.protein must be a number from 0 to 100,000")
    }
}
