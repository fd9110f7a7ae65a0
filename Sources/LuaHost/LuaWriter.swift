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

/// The keys of the tables a view writes: an enum whose raw values number its cases from 1.
///
/// ``LuaWriter/with(_:_:)`` interns them once per Lua state (kept in the registry under
/// ``registryField``) and the writer then pushes each key by its number, instead of hashing
/// its text and looking it up in Lua's string table again for every table of every view.
public protocol LuaKeys: CaseIterable, RawRepresentable where RawValue == Int32 {
    /// The key as scripts see it.
    var text: String { get }
    /// Registry field keeping this enum's interned keys (one field per enum).
    static var registryField: String { get }
}

/// Writes host values straight into the sandbox's stack (used in host mode only: the memory
/// cap is lifted while the host builds, so none of these calls raises short of the process
/// itself running out of memory). Table positions are absolute stack indices (``top``).
public struct LuaWriter {
    let sandbox: LuaSandbox
    var state: OpaquePointer { sandbox.state }
    /// Stack index of the interned keys the ``LuaKeys`` setters read (see ``with(_:_:)``); 0: none.
    private var keys: Int32 = 0

    init(sandbox: LuaSandbox) { self.sandbox = sandbox }

    /// The stack index of the value on top.
    public var top: Int32 { lua_gettop(state) }

    /// Pushes a new empty table sized for `array` elements and `fields` named fields.
    public func newTable(array: Int = 0, fields: Int = 0) {
        _ = lua_checkstack(state, 8)
        lua_createtable(state, Int32(clamping: array), Int32(clamping: fields))
    }

    /// Runs `body`, which pushes one value, with the keys of `Keys` interned on the stack below
    /// it for the setters taking a `Keys` key; afterwards only that value is left on top.
    public func with<Keys: LuaKeys>(_ type: Keys.Type, _ body: (LuaWriter) -> Void) {
        _ = lua_checkstack(state, 8)
        let registry = clua_registryindex()
        if pushRegistryField(Keys.registryField) != LUA_TTABLE {
            clua_pop(state, 1)
            lua_createtable(state, Int32(clamping: Keys.allCases.count), 0)
            for key in Keys.allCases {
                sandbox.push(key.text)
                lua_rawseti(state, -2, lua_Integer(key.rawValue))
            }
            lua_pushvalue(state, -1)
            lua_setfield(state, registry, Keys.registryField)
        }
        var writer = self
        writer.keys = top
        body(writer)
        lua_rotate(state, writer.keys, -1)  // the keys to the top, the value into their place
        clua_pop(state, 1)
    }

    /// Pushes the interned string of `key` (inside ``with(_:_:)`` only).
    private func push<Key: LuaKeys>(_ key: Key) {
        precondition(keys != 0, "a LuaKeys key outside LuaWriter.with(_:_:)")
        lua_rawgeti(state, keys, lua_Integer(key.rawValue))
    }

    /// `table[key] = number`.
    public func set<Key: LuaKeys>(_ key: Key, _ number: Double, in table: Int32) {
        push(key)
        lua_pushnumber(state, number)
        lua_rawset(state, table)
    }

    /// `table[key] = text`.
    public func set<Key: LuaKeys>(_ key: Key, _ text: String, in table: Int32) {
        push(key)
        sandbox.push(text)
        lua_rawset(state, table)
    }

    /// `table[key] = flag`.
    public func set<Key: LuaKeys>(_ key: Key, _ flag: Bool, in table: Int32) {
        push(key)
        lua_pushboolean(state, flag ? 1 : 0)
        lua_rawset(state, table)
    }

    /// Pops the value on top into `table[key]`.
    public func setTop<Key: LuaKeys>(as key: Key, in table: Int32) {
        push(key)
        lua_rotate(state, -2, 1)
        lua_rawset(state, table)
    }

    /// `table[key] = number` for a key known only at run time.
    public func set(named key: String, _ number: Double, in table: Int32) {
        sandbox.push(key)
        lua_pushnumber(state, number)
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

    /// Pushes plain data as a read-only view, sealing each of its tables as it is finished.
    public func pushSealed(_ table: LuaTable) {
        newTable(array: table.array.count, fields: table.fields.count)
        let position = top
        for (index, element) in table.array.enumerated() {
            pushSealed(element)
            appendTop(at: index + 1, in: position)
        }
        for key in table.fields.keys.sorted() {
            sandbox.push(key)
            pushSealed(table.fields[key]!)
            lua_rawset(state, position)
        }
        seal()
    }

    private func pushSealed(_ value: LuaValue) {
        if case .table(let table) = value { pushSealed(table) } else { sandbox.push(value) }
    }

    /// Replaces the table on top by its read-only proxy (the table's own tables must already be sealed).
    public func seal() { clua_seal_top(state) }

    /// Pushes the value cached under `key` for this `generation` of views, or builds it with
    /// `build` (which pushes one value) and caches it. A new generation starts an empty cache,
    /// so a view never shows a value cached from another batch (say, before the diary changed).
    public func cached(_ key: Int64, generation: Int, build: () -> Void) {
        _ = lua_checkstack(state, 6)
        let registry = clua_registryindex()
        if pushRegistryField(LuaWriter.cacheKey) != LUA_TTABLE || cacheGeneration(at: -1) != generation {
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

    /// Pushes `registry[field]` and returns its type: raw access, without the C string copy of
    /// the field that lua_getfield would need (these lookups run for every item of every day).
    private func pushRegistryField(_ field: String) -> Int32 {
        sandbox.push(field)
        return lua_rawget(state, clua_registryindex())
    }

    private func cacheGeneration(at index: Int32) -> Int {
        defer { clua_pop(state, 1) }
        lua_rawgeti(state, index, 0)
        return Int(lua_tointegerx(state, -1, nil))
    }

    /// Registry field of the view cache.
    static let cacheKey = "foodlog.viewcache"
}
