import CLua
import CLuaSandbox

/// One sandboxed Lua state (the sandbox itself is the C target `CLuaSandbox`, described in
/// `grammar/lua/sandbox.md`). Swift only uses API calls that cannot raise, with the memory cap
/// lifted while it pushes values; everything that may raise runs in C under `lua_pcall`.
///
/// Not thread-safe: use from one thread.
public final class LuaSandbox {
    let sandbox: OpaquePointer
    let state: OpaquePointer
    public let limits: LuaLimits
    /// What the command this sandbox serves may still spend (shared with its other sandboxes).
    let budget: LuaRunBudget

    /// Creates a state with the safe libraries and guards; throws if Lua cannot start.
    /// `budget` is the command's total (by default one of its own).
    public init(limits: LuaLimits, budget: LuaRunBudget? = nil) throws(LuaScriptError) {
        self.limits = limits
        self.budget = budget ?? LuaRunBudget(limits: limits)
        guard let sandbox = clua_sandbox_create(limits.memoryBytes) else {
            throw LuaScriptError(kind: .memory, script: "lua", line: nil, message: "cannot allocate the Lua sandbox")
        }
        self.sandbox = sandbox
        guard let state = clua_new(sandbox) else {
            clua_sandbox_destroy(sandbox)
            throw LuaScriptError(kind: .memory, script: "lua", line: nil, message: "cannot create a Lua state")
        }
        self.state = state
        let status = clua_open_sandbox(state)
        if status != LUA_OK {
            let message = popString() ?? "cannot open the Lua sandbox"
            clua_close(state)
            clua_sandbox_destroy(sandbox)
            throw LuaScriptError(kind: .runtime, script: "lua", line: nil, message: message)
        }
    }

    deinit {
        clua_close(state)
        clua_sandbox_destroy(sandbox)
    }

    /// Bytes the state holds now.
    public var memoryInUse: Int { Int(clua_memory_in_use(sandbox)) }

    /// What the script printed (capped at 64 KiB), then cleared.
    public func takeLog() -> String {
        var length = 0
        guard let text = clua_log_text(sandbox, &length), length > 0 else { return "" }
        let result = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
        clua_log_clear(sandbox)
        return result
    }

    // MARK: - Stack helpers (non-raising API only)

    var top: Int32 { lua_gettop(state) }

    func withHostMode<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        let previous = clua_host_mode(state, 1)
        defer { _ = clua_host_mode(state, previous) }
        _ = lua_checkstack(state, 40)
        return try body()
    }

    /// Pops a string message (or nil).
    func popString() -> String? {
        defer { clua_pop(state, 1) }
        return stringAt(-1)
    }

    /// The string at `index` when it is a real string (never converts numbers in place).
    func stringAt(_ index: Int32) -> String? {
        guard lua_type(state, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(state, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    func push(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes a value as Lua data (tables become fresh tables; make them read-only separately).
    func push(_ value: LuaValue) {
        switch value {
        case .none: lua_pushnil(state)
        case .bool(let flag): lua_pushboolean(state, flag ? 1 : 0)
        case .integer(let number): lua_pushinteger(state, number)
        case .number(let number): lua_pushnumber(state, number)
        case .string(let text): push(text)
        case .table(let table): pushPlain(table)
        }
    }

    /// Pushes a table; with `readOnly`, it and every nested table become read-only proxies
    /// (built plainly, then wrapped in one protected call).
    func push(_ table: LuaTable, readOnly: Bool) {
        pushPlain(table)
        if readOnly { clua_make_readonly_deep(state, -1) }
    }

    private func pushPlain(_ table: LuaTable) {
        _ = lua_checkstack(state, 8)
        lua_createtable(state, Int32(table.array.count), Int32(table.fields.count))
        for (index, element) in table.array.enumerated() {
            if case .table(let inner) = element { pushPlain(inner) } else { push(element) }
            lua_rawseti(state, -2, lua_Integer(index + 1))
        }
        for key in table.fields.keys.sorted() {
            push(key)
            if case .table(let inner) = table.fields[key]! { pushPlain(inner) } else { push(table.fields[key]!) }
            lua_rawset(state, -3)
        }
    }

    // MARK: - Loading and calling

    /// Loads `source` as text in a fresh environment and leaves the function on the stack. A
    /// UTF-8 byte order mark is skipped, and a first line starting with `#` (`#!/usr/bin/env
    /// lua`) is read as a comment, as the `lua` command does.
    func load(_ source: String, name: String) throws(LuaScriptError) {
        clua_push_new_env(state)
        guard lua_type(state, -1) == LUA_TTABLE else {
            clua_pop(state, 1)
            throw LuaScriptError(
                kind: .memory, script: name, line: nil, message: "\(name): cannot create an environment")
        }
        var bytes = LuaSandbox.chunkBytes(source)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                clua_load(state, chars.baseAddress, chars.count, name, -1)
            }
        }
        clua_remove(state, -2)  // the environment
        if status != LUA_OK { throw error(status: status, script: name) }
    }

    /// The bytes Lua compiles: without a byte order mark, a `#` first line emptied (its newline
    /// kept, so line numbers stay).
    static func chunkBytes(_ source: String) -> [UInt8] {
        var bytes = Array(source.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.first == UInt8(ascii: "#") {
            bytes.removeSubrange(0..<(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count))
        }
        return bytes
    }

    /// Calls the function below `arguments` values; leaves `results` values on success. The
    /// call's limits are the per-call limits cut to what the command has left (``budget``).
    func call(arguments: Int32, results: Int32, script: String) throws(LuaScriptError) {
        guard let next = budget.nextCall() else {
            lua_settop(state, top - arguments - 1)
            throw LuaScriptError(
                kind: .budget, script: script, line: nil, message: "\(script): not run: \(budget.usedUpMessage)")
        }
        let started = LuaRunBudget.now()
        let status = clua_call(state, arguments, results, next.instructions, next.seconds)
        budget.record(clua_spent(sandbox), seconds: LuaRunBudget.now() - started)
        guard status != LUA_OK else { return }
        var failure = error(status: status, script: script)
        if (failure.kind == .budget && next.cutInstructions) || (failure.kind == .timeout && next.cutSeconds) {
            failure.message += "; \(budget.usedUpMessage)"
        }
        throw failure
    }

    /// Turns an error status and the message on the stack into a classified error (pops it).
    func error(status: Int32, script: String) -> LuaScriptError {
        let raw = stringAt(-1) ?? "\(script): (error object is not a string)"
        clua_pop(state, 1)
        let kind: LuaScriptError.Kind
        switch Int(clua_outcome(sandbox, status)) {
        case CLUA_KIND_SYNTAX: kind = .syntax
        case CLUA_KIND_REFUSED: kind = .refused
        case CLUA_KIND_BUDGET: kind = .budget
        case CLUA_KIND_TIMEOUT: kind = .timeout
        case CLUA_KIND_CANCELLED: kind = .cancelled
        case CLUA_KIND_MEMORY: kind = .memory
        default: kind = .runtime
        }
        var lines = raw.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var message = lines.removeFirst()
        let traceback = lines.first.map { LuaSandbox.shortTraceback($0) }
        message = LuaSandbox.placedAtUserLine(message, traceback: lines.first)
        if !message.hasPrefix(script + ":") { message = script + ": " + message }
        return LuaScriptError(
            kind: kind, script: script, line: LuaSandbox.line(in: message, script: script),
            message: message, traceback: traceback)
    }

    /// An error raised inside the API prelude (`foodlog-api:27: bad argument #2 to 'format'`)
    /// placed first at the user's line that called into it, from the traceback
    /// (`my.lua:7: bad argument #2 to 'format' (inside foodlog-api:27)`); other messages as
    /// they are.
    static func placedAtUserLine(_ message: String, traceback: String?) -> String {
        let api = "foodlog-api:"
        guard message.hasPrefix(api), let traceback else { return message }
        let inside = message.dropFirst(api.count)
        let apiLine = inside.prefix { $0.isNumber }
        guard !apiLine.isEmpty, inside.dropFirst(apiLine.count).hasPrefix(": ") else { return message }
        let text = inside.dropFirst(apiLine.count + 2)
        for frame in traceback.split(separator: "\n") {
            let place = frame.drop { $0 == " " || $0 == "\t" }
            guard !place.hasPrefix(api), !place.hasPrefix("["), !place.hasPrefix("("),
                let colon = place.firstIndex(of: ":")
            else { continue }
            let line = place[place.index(after: colon)...].prefix { $0.isNumber }
            guard !line.isEmpty else { continue }
            return "\(place[..<colon]):\(line): \(text) (inside foodlog-api:\(apiLine))"
        }
        return message
    }

    /// The line number after `script:` in a message.
    static func line(in message: String, script: String) -> Int? {
        guard message.hasPrefix(script + ":") else { return nil }
        let rest = message.dropFirst(script.count + 1)
        return Int(rest.prefix { $0.isNumber })
    }

    /// At most six traceback lines.
    static func shortTraceback(_ text: String) -> String {
        text.split(separator: "\n").prefix(7).joined(separator: "\n")
    }
}

/// Ctrl-C while rules run: cancels the running script and is remembered until taken.
public enum LuaInterrupts {
    /// Starts (or stops) catching Ctrl-C for scripts the calling thread runs; the previous
    /// handler comes back after.
    public static func catching(_ on: Bool) { clua_catch_interrupts(on ? 1 : 0) }
    /// True once after Ctrl-C arrived while caught.
    public static func take() -> Bool { clua_take_interrupt() != 0 }
}
