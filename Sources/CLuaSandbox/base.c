/* The base library as scripts see it: what is refused, and the guarded
   print, tostring, rawset, setmetatable, getmetatable, pcall and xpcall
   (sandbox.md §3, §4). */
#include <string.h>
#include "sandbox_internal.h"

/* ---- refused names (sandbox.md §3) ---- */

static int refused_function(lua_State *L) {
    return clua__refuse(L, "%s is not available in the sandbox", lua_tostring(L, lua_upvalueindex(1)));
}

/* Metamethods of the io/os/package/debug/coroutine stand-ins. Upvalue 1: the
   library name; upvalue 2: true when argument 2 is the key (index/newindex). */
static int refused_library(lua_State *L) {
    const char *lib = lua_tostring(L, lua_upvalueindex(1));
    if (lua_toboolean(L, lua_upvalueindex(2)) && lua_type(L, 2) == LUA_TSTRING) {
        size_t kl;
        const char *k = lua_tolstring(L, 2, &kl);
        lua_pushlstring(L, k, clua__utf8_cut(k, kl, 40));
        return clua__refuse(L, "%s.%s is not available in the sandbox", lib, lua_tostring(L, -1));
    }
    return clua__refuse(L, "%s is not available in the sandbox", lib);
}

void clua__set_refused(lua_State *L, int table, const char *field, const char *shown) {
    lua_pushstring(L, shown);
    lua_pushcclosure(L, refused_function, 1);
    lua_setfield(L, table, field);
}

/* Pushes a stand-in whose every use raises "refused: lib.key is not available". */
static void push_refused_library(lua_State *L, const char *lib) {
    static const char *const keyed[] = {"__index", "__newindex"};
    static const char *const whole[] = {"__call", "__pairs", "__len"};
    int i;
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 7);
    for (i = 0; i < 5; i++) {
        lua_pushstring(L, lib);
        lua_pushboolean(L, i < 2);
        lua_pushcclosure(L, refused_library, 2);
        lua_setfield(L, -2, i < 2 ? keyed[i] : whole[i - 2]);
    }
    clua__lock_metatable(L, CLUA_KEY_READONLY);
    lua_setmetatable(L, -2);
}

/* ---- tostring and print without addresses (sandbox.md §4) ---- */

/* Pushes a string for the value at idx: __tostring if its (frozen)
   metatable has one, the value itself for nil/boolean/number/string, else
   the type name without an address. May run script code and raise. */
const char *clua__tostring_safe(lua_State *L, int idx, size_t *len) {
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
    case LUA_TNIL: case LUA_TBOOLEAN: case LUA_TNUMBER: case LUA_TSTRING:
        return luaL_tolstring(L, idx, len);
    default:
        if (luaL_callmeta(L, idx, "__tostring")) {
            if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
            return lua_tolstring(L, -1, len);
        }
        lua_pushstring(L, luaL_typename(L, idx));
        return lua_tolstring(L, -1, len);
    }
}

static int guarded_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    clua__tostring_safe(L, 1, NULL);
    return 1;
}

/* Appends to the print log; past CLUA_LOG_MAX it ends with "…[truncated]". */
static void log_append(clua_Sandbox *sb, const char *s, size_t n) {
    const size_t mark = sizeof(CLUA_TRUNCATED_MARK) - 1;
    const size_t content_max = sizeof(sb->log) - 1 - mark;
    size_t cut;
    if (sb->log_len > content_max) return;   /* only after the mark was written */
    if (sb->log_len + n <= content_max) {
        memcpy(sb->log + sb->log_len, s, n);
        sb->log_len += n;
        sb->log[sb->log_len] = '\0';
        return;
    }
    cut = clua__utf8_cut(s, n, content_max - sb->log_len);
    memcpy(sb->log + sb->log_len, s, cut);
    sb->log_len += cut;
    memcpy(sb->log + sb->log_len, CLUA_TRUNCATED_MARK, mark);
    sb->log_len += mark;                     /* > content_max from now on */
    sb->log[sb->log_len] = '\0';
}

static int guarded_print(lua_State *L) {
    clua_Sandbox *sb = clua__sandbox(L);
    int n = lua_gettop(L), i;
    double bytes = 0;
    for (i = 1; i <= n; i++) {
        size_t l;
        const char *s = clua__tostring_safe(L, i, &l);
        if (i > 1) log_append(sb, "\t", 1);
        log_append(sb, s, l);
        bytes += (double)l;
        lua_pop(L, 1);
    }
    log_append(sb, "\n", 1);
    clua__charge(L, 1 + bytes / 4);
    return 0;
}

/* ---- tonumber (sandbox.md §6) ---- */

/* Converting a string runs in C over all of it (and strtod's work grows
   faster than its length), so strings longer than any numeral are refused;
   shorter ones are charged by length. */
static int guarded_tonumber(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t length = lua_rawlen(L, 1);
        if (length > CLUA_TONUMBER_LIMIT)
            return clua__refuse(L, "tonumber of a %I-byte string (the limit is %I bytes)", (lua_Integer)length,
                                (lua_Integer)CLUA_TONUMBER_LIMIT);
        clua__charge(L, 1 + (double)length / 4);
    }
    return clua__call_original(L);
}

/* ---- rawset (sandbox.md §5) ---- */

static int guarded_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (clua__has_mark(L, 1, CLUA_KEY_READONLY)) return clua__refuse(L, "cannot modify a read-only table");
    if (clua__has_mark(L, 1, CLUA_KEY_ENV)) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 1) == LUA_TNIL) clua__refuse_sandbox_global(L, 2);   /* new key: as __newindex */
        lua_settop(L, 3);
    }
    lua_rawset(L, 1);
    return 1;
}

/* ---- next (sandbox.md §5) ---- */

/* A view's own entries are the sandbox's (its real table, under a key no
   script can make): next sees a view as the empty table it appears to be,
   with Lua's own answers for one. */
static int guarded_next(lua_State *L) {
    if (clua__ro_real(L, 1)) {
        lua_pop(L, 1);                       /* the real table: never handed out */
        lua_settop(L, 2);
        if (!lua_isnil(L, 2)) return luaL_error(L, "invalid key to 'next'");
        lua_pushnil(L);
        return 1;
    }
    return clua__call_original(L);
}

/* ---- setmetatable and getmetatable: the frozen copy (sandbox.md §4) ---- */

static int is_metamethod_key(lua_State *L, int idx) {
    size_t l;
    const char *k;
    if (lua_type(L, idx) != LUA_TSTRING) return 0;
    k = lua_tolstring(L, idx, &l);     /* a string already: no conversion */
    return l > 2 && k[0] == '_' && k[1] == '_';
}

/* Counts one metatable entry visited; every 1,024 of them are charged at
   once, so walking a huge metatable (or one whose keys share a collision
   chain, where each lua_next walks the chain) stops on time inside the walk.
   The caller charges the rest. */
static void visit_entry(lua_State *L, double *visited) {
    *visited += 1;
    if (*visited >= 1024) {
        clua__charge(L, 16 * *visited);
        *visited = 0;
    }
}

/* Does the frozen copy at `copy` still hold exactly the metamethods of `mt`?
   Counts the entries visited in *visited (see visit_entry). */
static int copy_matches(lua_State *L, int mt, int copy, double *visited) {
    lua_Integer n = 0, stored;
    int same = 1;
    lua_pushnil(L);
    while (lua_next(L, mt)) {             /* key -2, value -1 */
        visit_entry(L, visited);
        if (same && is_metamethod_key(L, -2)) {
            n++;
            lua_pushvalue(L, -2);
            lua_rawget(L, copy);
            if (!lua_rawequal(L, -1, -2)) same = 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    clua__rawget_name(L, copy, CLUA_KEY_COUNT);
    stored = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return same && stored == n;
}

/* Pushes a new table holding only the metamethods ("__" keys) of `mt`. */
static void make_copy(lua_State *L, int mt, double *visited) {
    lua_Integer n = 0;
    int copy;
    lua_createtable(L, 0, 4);
    copy = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, mt)) {
        visit_entry(L, visited);
        if (is_metamethod_key(L, -2)) {
            n++;
            lua_pushvalue(L, -2);
            lua_insert(L, -2);               /* key key value */
            lua_rawset(L, copy);             /* copy[key] = value; key stays */
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushinteger(L, n);
    lua_setfield(L, copy, CLUA_KEY_COUNT);
}

/* Refuses __gc and __concat in the user's metatable at index 2, and a
   __call that is not a function: calling a table whose __call is a table
   makes Lua 5.4.4's luaD_precall retry in C, shifting every argument up a
   slot each time, so a table that is its own __call loops until the stack
   is full (O(n^2) copying, minutes) without one VM instruction for the
   count hook (sandbox.md §4). The frozen copy holds exactly the values
   checked here. */
static void refuse_forbidden_metamethods(lua_State *L) {
    static const char *const forbidden[] = {"__gc", "__concat"};
    int i;
    for (i = 0; i < 2; i++) {
        if (clua__rawget_name(L, 2, forbidden[i]) != LUA_TNIL)
            clua__refuse(L, "%s metamethods are not allowed in the sandbox", forbidden[i]);
        lua_pop(L, 1);
    }
    i = clua__rawget_name(L, 2, "__call");
    if (i != LUA_TNIL && i != LUA_TFUNCTION)
        clua__refuse(L, "a __call metamethod must be a function in the sandbox (this one is a %s)",
                     lua_typename(L, i));
    lua_pop(L, 1);
}

/* Upvalue 1: {user metatable -> copy} (weak keys); upvalue 2: {copy -> user
   metatable} (weak keys). */
static int guarded_setmetatable(lua_State *L) {
    int t2 = lua_type(L, 2);
    double visited = 0;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t2 == LUA_TNIL || t2 == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (lua_getmetatable(L, 1)) {            /* index 3 */
        if (clua__has_mark(L, 1, CLUA_KEY_READONLY) || clua__has_mark(L, 1, CLUA_KEY_ENV))
            return clua__refuse(L, "cannot change the metatable of a sandbox table");
        if (clua__rawget_name(L, 3, "__metatable") != LUA_TNIL)
            return luaL_error(L, "cannot change a protected metatable");
        lua_settop(L, 2);
    }
    if (t2 == LUA_TNIL) {
        lua_setmetatable(L, 1);
        return 1;
    }
    refuse_forbidden_metamethods(L);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));      /* 3: cached copy or nil */
    if (!lua_istable(L, 3) || !copy_matches(L, 2, 3, &visited)) {
        lua_settop(L, 2);
        make_copy(L, 2, &visited);           /* 3: new copy */
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, lua_upvalueindex(1));
        lua_pushvalue(L, 3);
        lua_pushvalue(L, 2);
        lua_rawset(L, lua_upvalueindex(2));
    }
    lua_setmetatable(L, 1);                  /* pops the copy */
    clua__charge(L, 1 + 16 * visited);       /* an entry costs ~8-40 VM instructions (measured) */
    lua_settop(L, 1);
    return 1;
}

/* The __metatable field if there is one, else the user's table behind a
   frozen copy, else nil. Upvalue 1: {copy -> user metatable}. */
static int guarded_getmetatable(lua_State *L) {
    luaL_checkany(L, 1);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    if (clua__rawget_name(L, -1, "__metatable") != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

/* ---- pcall and xpcall (sandbox.md §4, §9) ---- */

/* Calls argument `first` with the arguments after it, protected; on error
   leaves the error value. A stop (budget, time, Ctrl-C) is raised again at
   once. A caught memory error was handled by the script, so it is no longer
   the outcome (sandbox.md §9); a caught refusal may still be raised again
   as it was, which the message handler recognises. */
static int protected_call(lua_State *L, int first) {
    int n = lua_gettop(L), i, status;
    clua_Sandbox *sb;
    luaL_checkstack(L, n - first + 2, "too many arguments");
    for (i = first; i <= n; i++) lua_pushvalue(L, i);
    status = lua_pcall(L, n - first, LUA_MULTRET, 0);
    sb = clua__sandbox(L);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_insert(L, n + 1);
        return lua_gettop(L) - n;
    }
    if (sb->stop_reason != CLUA_STOP_NONE) return lua_error(L);
    if (sb->raised == CLUA_RAISED_MEMORY) {
        sb->raised = CLUA_RAISED_NONE;
        sb->hash_limit_hit = 0;
    }
    return -status;
}

static int guarded_pcall(lua_State *L) {
    int n = lua_gettop(L), results;
    luaL_checkany(L, 1);
    results = protected_call(L, 1);
    if (results > 0) return results;
    lua_pushboolean(L, 0);
    lua_insert(L, n + 1);
    return 2;
}

/* The handler runs after unwinding, under the hook (sandbox.md §4): Lua's
   own xpcall runs it inside the failing frame, with hooks off when the
   error came from the count hook. Memory errors skip it, as in Lua. */
static int guarded_xpcall(lua_State *L) {
    int results;
    clua_Sandbox *sb;
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1);
    lua_insert(L, 3);                        /* f, handler, f, args... */
    results = protected_call(L, 3);
    if (results > 0) return results;
    sb = clua__sandbox(L);
    if (-results != LUA_ERRMEM) {
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK && sb->stop_reason != CLUA_STOP_NONE) return lua_error(L);
        if (sb->raised == CLUA_RAISED_MEMORY) sb->raised = CLUA_RAISED_NONE;
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

static void push_weak_keyed_table(lua_State *L) {
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

/* Filters the base library in the real globals table (sandbox.md §3, §4). */
void clua__open_base(lua_State *L, int globals) {
    static const char *const refused[] = {
        "load", "loadstring", "dofile", "loadfile", "require", "module",
        "collectgarbage", "setfenv", "getfenv", "newproxy", "warn", NULL};
    static const char *const refused_libraries[] = {"io", "os", "package", "debug", "coroutine", NULL};
    static const luaL_Reg guarded[] = {
        {"print", guarded_print}, {"tostring", guarded_tostring}, {"rawset", guarded_rawset},
        {"pcall", guarded_pcall}, {"xpcall", guarded_xpcall}, {NULL, NULL}};
    const luaL_Reg *g;
    int i;
    for (i = 0; refused[i]; i++) clua__set_refused(L, globals, refused[i], refused[i]);
    for (i = 0; refused_libraries[i]; i++) {
        push_refused_library(L, refused_libraries[i]);
        lua_setfield(L, globals, refused_libraries[i]);
    }
    lua_pushnil(L);
    lua_setfield(L, globals, LUA_GNAME);      /* each environment has its own _G */
    for (g = guarded; g->name; g++) {
        lua_pushcclosure(L, g->func, 0);
        lua_setfield(L, globals, g->name);
    }
    clua__wrap(L, globals, "tonumber", guarded_tonumber, 0);
    clua__wrap(L, globals, "next", guarded_next, 0);
    push_weak_keyed_table(L);                 /* user metatable -> copy */
    push_weak_keyed_table(L);                 /* copy -> user metatable */
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, guarded_getmetatable, 1);
    lua_setfield(L, globals, "getmetatable");
    lua_pushcclosure(L, guarded_setmetatable, 2);
    lua_setfield(L, globals, "setmetatable");
}
