/* Read-only views of host tables and per-script environments
   (sandbox.md §5). */
#include "sandbox_internal.h"

/* Pushes t[name] for the table at idx with raw access; returns its type. */
int clua__rawget_name(lua_State *L, int idx, const char *name) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, name);
    return lua_rawget(L, idx);
}

/* 1 if the value at idx has a metatable carrying the sandbox's `mark`. */
int clua__has_mark(lua_State *L, int idx, const char *mark) {
    int marked;
    if (!lua_getmetatable(L, idx)) return 0;
    clua__rawget_name(L, -1, mark);
    marked = lua_toboolean(L, -1);
    lua_pop(L, 2);
    return marked;
}

/* Every view holds its real table in itself, under the address of this
   variable as a light userdata key. No script can make a light userdata,
   and none sees a view's own entries: the sandbox's next treats a view as
   empty, pairs and # go to the real table, and rawget needs the key. */
static const char target_key = 0;
#define CLUA_TARGET_KEY ((void *)&target_key)

/* Registry key (a light userdata) of the metatable views built by
   clua_seal_top share. */
static const char shared_metatable_key = 0;
#define CLUA_SHARED_METATABLE_KEY ((void *)&shared_metatable_key)

/* If idx is a read-only view, pushes the real table and returns 1. */
int clua__ro_real(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    if (lua_rawgetp(L, idx, CLUA_TARGET_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* Locks the metatable on top (getmetatable answers "locked") and gives it
   the sandbox's `mark`. */
void clua__lock_metatable(lua_State *L, const char *mark) {
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, mark);
}

static int refuse_write(lua_State *L) { return clua__refuse(L, "cannot modify a read-only table"); }

static int ro_len(lua_State *L) {
    if (!clua__ro_real(L, 1)) lua_pushvalue(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

static int ro_next(lua_State *L) {
    lua_settop(L, 2);
    if (!clua__ro_real(L, 1)) return luaL_error(L, "bad argument #1 to 'next' (read-only table expected)");
    lua_pushvalue(L, 2);
    if (lua_next(L, 3)) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs iterates the real table; the real table itself is never handed
   to the script (it would be writable). */
static int ro_pairs(lua_State *L) {
    lua_pushcclosure(L, ro_next, 0);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Pushes an empty view holding the table at idx as its real table. */
static void push_view_of(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, idx);
    lua_rawsetp(L, -2, CLUA_TARGET_KEY);
}

/* Sets the metamethods every view has but __index, marks the metatable on
   top and locks it. */
static void set_view_metamethods(lua_State *L) {
    lua_pushcclosure(L, refuse_write, 0);
    lua_setfield(L, -2, "__newindex");
    lua_pushcclosure(L, ro_len, 0);
    lua_setfield(L, -2, "__len");
    lua_pushcclosure(L, ro_pairs, 0);
    lua_setfield(L, -2, "__pairs");
    clua__lock_metatable(L, CLUA_KEY_READONLY);
}

/* Pushes a read-only view of the table at idx with a metatable of its own,
   whose __index is the real table: reads run at the speed of plain table
   reads. For long-lived views (libraries, the globals, the foodlog API).
   May raise (memory only). */
void clua__push_ro_proxy(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    push_view_of(L, idx);
    lua_createtable(L, 0, 6);
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    set_view_metamethods(L);
    lua_setmetatable(L, -2);
}

/* __index of the shared view metatable: the real table's raw entry. */
static int ro_index(lua_State *L) {
    if (lua_rawgetp(L, 1, CLUA_TARGET_KEY) != LUA_TTABLE) return 0;
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

/* Pushes a read-only view of the table at idx sharing one metatable with
   every other such view of the state (made on first use, kept in the
   registry): two allocations instead of a metatable per view, at the cost
   of a C call per read. For the host data built afresh for each call (day
   views). May raise (memory only). */
static void push_shared_view(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    push_view_of(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, CLUA_SHARED_METATABLE_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 6);
        lua_pushcclosure(L, ro_index, 0);
        lua_setfield(L, -2, "__index");
        set_view_metamethods(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, CLUA_SHARED_METATABLE_KEY);
    }
    lua_setmetatable(L, -2);
}

/* Raises when `key` names a sandbox global (an environment may not shadow
   one, sandbox.md §5); returns 0 otherwise. */
int clua__refuse_sandbox_global(lua_State *L, int key) {
    key = lua_absindex(L, key);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushvalue(L, key);
    if (lua_rawget(L, -2) != LUA_TNIL) {
        if (lua_type(L, key) == LUA_TSTRING)
            return clua__refuse(L, "cannot overwrite sandbox global '%s'", lua_tostring(L, key));
        return clua__refuse(L, "cannot overwrite a sandbox global");
    }
    lua_pop(L, 2);
    return 0;
}

/* __newindex of an environment: new globals are fine, sandbox globals not. */
static int env_newindex(lua_State *L) {
    lua_settop(L, 3);
    clua__refuse_sandbox_global(L, 2);
    lua_rawset(L, 1);
    return 0;
}

/* Pushes a new environment: reads fall through to the read-only globals
   view, _G is the environment itself. Runs under lua_pcall. */
static int env_impl(lua_State *L) {
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, LUA_GNAME);
    lua_createtable(L, 0, 4);
    if (lua_getfield(L, LUA_REGISTRYINDEX, CLUA_REG_GLOBALS) != LUA_TTABLE)
        return luaL_error(L, "clua: sandbox not opened");
    lua_setfield(L, -2, "__index");
    lua_pushcclosure(L, env_newindex, 0);
    lua_setfield(L, -2, "__newindex");
    clua__lock_metatable(L, CLUA_KEY_ENV);
    lua_setmetatable(L, -2);
    return 1;
}

void clua_push_new_env(lua_State *L) {
    int previous = clua_host_mode(L, 1);
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    lua_pushcclosure(L, env_impl, 0);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);                    /* fail closed */
    }
    clua_host_mode(L, previous);
}

static int make_readonly_impl(lua_State *L) {
    clua__push_ro_proxy(L, 1);
    return 1;
}

/* Replaces every table inside the host-built table at idx (no metatables,
   no cycles) by a read-only proxy, depth first, at most `depth` levels. */
static void readonly_children(lua_State *L, int idx, int depth) {
    idx = lua_absindex(L, idx);
    if (depth <= 0 || !lua_checkstack(L, 8)) return;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        if (lua_type(L, -1) == LUA_TTABLE && !clua__has_mark(L, -1, CLUA_KEY_READONLY)) {
            readonly_children(L, -1, depth - 1);
            clua__push_ro_proxy(L, -1);          /* key, table, proxy */
            lua_pushvalue(L, -3);                /* key, table, proxy, key */
            lua_insert(L, -2);                   /* key, table, key, proxy */
            lua_rawset(L, idx);                  /* replacing a present key's value is allowed during lua_next */
        }
        lua_pop(L, 1);
    }
}

static int make_readonly_deep_impl(lua_State *L) {
    readonly_children(L, 1, 16);
    clua__push_ro_proxy(L, 1);
    return 1;
}

/* Replaces the table at idx by what impl(table) returns, in one protected
   call; the slot becomes nil if that failed. */
static void replace_protected(lua_State *L, int idx, lua_CFunction impl) {
    lua_pushcclosure(L, impl, 0);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    lua_replace(L, idx);
}

void clua_make_readonly(lua_State *L, int idx) {
    int previous = clua_host_mode(L, 1);
    idx = lua_absindex(L, idx);
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    if (lua_type(L, idx) == LUA_TTABLE && !clua__has_mark(L, idx, CLUA_KEY_READONLY))
        replace_protected(L, idx, make_readonly_impl);
    clua_host_mode(L, previous);
}

void clua_make_readonly_deep(lua_State *L, int idx) {
    int previous = clua_host_mode(L, 1);
    idx = lua_absindex(L, idx);
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    if (lua_type(L, idx) == LUA_TTABLE) replace_protected(L, idx, make_readonly_deep_impl);
    clua_host_mode(L, previous);
}

/* In host mode the proxy (and, the first time, the shared metatable) can
   only fail to allocate when the process itself is out of memory, so no
   protected call is needed. */
void clua_seal_top(lua_State *L) {
    int previous = clua_host_mode(L, 1);
    if (lua_type(L, -1) == LUA_TTABLE && lua_checkstack(L, 4) && !clua__has_mark(L, -1, CLUA_KEY_READONLY)) {
        push_shared_view(L, -1);
        lua_remove(L, -2);
    }
    clua_host_mode(L, previous);
}

int clua_readonly_target(lua_State *L, int idx) {
    if (!lua_checkstack(L, 3)) return 0;
    return clua__ro_real(L, idx);
}
