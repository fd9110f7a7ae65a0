import CLua
import CLuaSandbox

extension RuleHost {
    /// Runs every insight rule on a day; returns what fired, best first (priority, then name).
    /// A rule that fails or returns something malformed is reported in `failures` and skipped;
    /// one that a limit stopped is not run again by this host.
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
        for index in 1...count where !stopped.contains(index) {
            lua_settop(state, dayIndex)
            guard let entry = pushRegisteredFunction(index, of: listIndex) else { continue }
            let name = entry.name ?? "insight \(index)"
            let script = entry.script ?? name
            lua_pushvalue(state, dayIndex)
            do {
                try sandbox.call(arguments: 1, results: 1, script: script)
                if let insight = try RuleHost.insight(
                    try sandbox.value(at: -1, script: script), name: name, script: script)
                {
                    fired.append(insight)
                }
            } catch {
                failures.append(error)
                if LuaLimits.isLimit(error.kind) { stopped.insert(index) }
                if sandbox.budget.isUsedUp { break }
            }
        }
        fired.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.name < $1.name }
        return (fired, failures)
    }

    /// An insight rule's answer: nil, or `{title=, emoji=?, body=?, priority=?}` with a
    /// non-empty string title, strings for emoji and body, and a finite number for priority.
    static func insight(_ value: LuaValue, name: String, script: String) throws(LuaScriptError) -> LuaInsight? {
        func malformed(_ text: String) -> LuaScriptError {
            LuaScriptError(
                kind: .conversion, script: script, line: nil, message: "\(script): insight '\(name)' \(text)")
        }
        if value == .none { return nil }
        guard let table = value.table else {
            throw malformed("must return nil or a table {emoji, title, body, priority}")
        }
        guard let title = table["title"]?.string, !title.isEmpty else {
            throw malformed("returned no title (a non-empty string)")
        }
        for key in ["emoji", "body"] where table[key] != nil && table[key]?.string == nil {
            throw malformed("returned a \(key) that is not a string")
        }
        let priority = table["priority"] ?? .integer(0)
        guard let number = priority.double, number.isFinite else {
            throw malformed("returned a priority that is not a finite number")
        }
        return LuaInsight(
            name: name, emoji: String((table["emoji"]?.string ?? "💡").prefix(4)), title: String(title.prefix(60)),
            body: String((table["body"]?.string ?? "").prefix(240)), priority: number)
    }

    /// Asks the registered estimators, in order, for per-100 g values of an unknown food. An
    /// estimator that a limit stopped is not asked again; `failed` hears every failure.
    public func estimate(_ name: String, failed: (LuaScriptError) -> Void = { _ in }) -> (
        values: LuaTable, script: String
    )? {
        let base = sandbox.top
        defer { lua_settop(state, base) }
        let count = pushRegistry("estimators")
        guard count > 0 else { return nil }
        let listIndex = sandbox.top
        for index in 1...count where !stopped.contains(index) {
            lua_settop(state, listIndex)
            guard let entry = pushRegisteredFunction(index, of: listIndex) else { continue }
            let script = entry.script ?? "estimator"
            sandbox.withHostMode { sandbox.push(name) }
            do {
                try sandbox.call(arguments: 1, results: 1, script: script)
                guard let table = try sandbox.value(at: -1, script: script).table, table["kcal"]?.double != nil else {
                    continue
                }
                return (table, script)
            } catch {
                failed(error)
                if LuaLimits.isLimit(error.kind) { stopped.insert(index) }
            }
        }
        return nil
    }
}
