import CLua
import CLuaSandbox

/// Host data that can put itself into Lua as one read-only value.
///
/// ``LuaTable`` conforms (built plainly, then sealed in one protected pass); large views such
/// as a day of the diary write their tables directly through ``LuaWriter``, sealing each table
/// as it is finished, with no intermediate Swift dictionaries.
public protocol LuaPushable {
    /// Pushes exactly one read-only value.
    func push(into writer: LuaWriter)
}

extension LuaTable: LuaPushable {
    public func push(into writer: LuaWriter) { writer.sandbox.push(self, readOnly: true) }
}

/// Writes host values straight into the sandbox's stack (used in host mode only: the memory
/// cap is lifted while the host builds, so none of these calls raises short of the process
/// itself running out of memory). Table positions are absolute stack indices (``top``).
public struct LuaWriter {
    let sandbox: LuaSandbox
    var state: OpaquePointer { sandbox.state }

    init(sandbox: LuaSandbox) { self.sandbox = sandbox }

    /// The stack index of the value on top.
    public var top: Int32 { lua_gettop(state) }

    /// Pushes a new empty table sized for `array` elements and `fields` named fields.
    public func newTable(array: Int = 0, fields: Int = 0) {
        _ = lua_checkstack(state, 8)
        lua_createtable(state, Int32(clamping: array), Int32(clamping: fields))
    }

    /// `table[key] = number`.
    public func set(_ key: StaticString, _ number: Double, in table: Int32) {
        lua_pushnumber(state, number)
        setTop(as: key, in: table)
    }

    /// `table[key] = text`.
    public func set(_ key: StaticString, _ text: String, in table: Int32) {
        sandbox.push(text)
        setTop(as: key, in: table)
    }

    /// `table[key] = flag`.
    public func set(_ key: StaticString, _ flag: Bool, in table: Int32) {
        lua_pushboolean(state, flag ? 1 : 0)
        setTop(as: key, in: table)
    }

    /// `table[key] = number` for a key known only at run time.
    public func set(named key: String, _ number: Double, in table: Int32) {
        sandbox.push(key)
        lua_pushnumber(state, number)
        lua_rawset(state, table)
    }

    /// Pops the value on top into `table[key]`.
    public func setTop(as key: StaticString, in table: Int32) {
        key.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
        }
        lua_rotate(state, -2, 1)
        lua_rawset(state, table)
    }

    /// Pops the value on top into `table[key]` for a key known only at run time.
    public func setTop(named key: String, in table: Int32) {
        sandbox.push(key)
        lua_rotate(state, -2, 1)
        lua_rawset(state, table)
    }

    /// Pops the value on top into `table[index]` (1-based).
    public func appendTop(at index: Int, in table: Int32) {
        lua_rawseti(state, table, lua_Integer(index))
    }

    /// Pushes a string.
    public func push(_ text: String) { sandbox.push(text) }

    /// Pushes `table[index]`.
    public func pushElement(_ index: Int, of table: Int32) {
        _ = lua_checkstack(state, 4)
        lua_rawgeti(state, table, lua_Integer(index))
    }

    /// Pushes plain data (its tables are not sealed: seal them, or a table holding them, with ``sealDeep()``).
    public func push(_ value: LuaTable) { sandbox.push(.table(value)) }

    /// Replaces the table on top by its read-only proxy (the table's own tables must already be sealed).
    public func seal() { clua_seal_top(state) }

    /// Replaces the table on top by its read-only proxy, sealing every table inside it too.
    public func sealDeep() { clua_make_readonly_deep(state, -1) }

    /// Pushes the value cached under `key` for this `generation` of views, or builds it with
    /// `build` (which pushes one value) and caches it. A new generation starts an empty cache,
    /// so a view never shows a value cached from another batch (say, before the diary changed).
    public func cached(_ key: Int64, generation: Int, build: () -> Void) {
        _ = lua_checkstack(state, 6)
        let registry = clua_registryindex()
        if lua_getfield(state, registry, LuaWriter.cacheKey) != LUA_TTABLE || cacheGeneration(at: -1) != generation {
            clua_pop(state, 1)
            lua_createtable(state, 0, 64)
            lua_pushinteger(state, lua_Integer(generation))
            lua_rawseti(state, -2, 0)
            lua_pushvalue(state, -1)
            lua_setfield(state, registry, LuaWriter.cacheKey)
        }
        let cache = top
        if lua_rawgeti(state, cache, lua_Integer(key) &+ 1) != LUA_TNIL {  // slot 0 holds the generation
            lua_rotate(state, cache, -1)
            clua_pop(state, 1)
            return
        }
        clua_pop(state, 1)
        build()
        lua_pushvalue(state, -1)
        lua_rawseti(state, cache, lua_Integer(key) &+ 1)
        lua_rotate(state, cache, -1)
        clua_pop(state, 1)
    }

    private func cacheGeneration(at index: Int32) -> Int {
        defer { clua_pop(state, 1) }
        lua_rawgeti(state, index, 0)
        return Int(lua_tointegerx(state, -1, nil))
    }

    /// Registry field of the view cache.
    static let cacheKey = "foodlog.viewcache"
}
