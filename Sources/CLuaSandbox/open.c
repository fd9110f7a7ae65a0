/* Opening the sandbox and loading scripts (sandbox.md §3, §5). */
#include <string.h>
#include "sandbox_internal.h"

/* Gets the library `name` of the real globals, lets `guard` change it, and
   puts a read-only view in its place. */
static void lock_library(lua_State *L, int globals, const char *name, void (*guard)(lua_State *, int)) {
    int lib;
    lua_getfield(L, globals, name);
    lib = lua_gettop(L);
    if (guard) guard(L, lib);
    clua__push_ro_proxy(L, lib);
    lua_setfield(L, globals, name);
    lua_pop(L, 1);
}

/* What getmetatable("") shows and what string methods go through: method
   calls use the real (guarded) string table, unreachable by scripts; the
   metatable itself answers a read-only view (sandbox.md §5). */
static void lock_string_metatable(lua_State *L, int string) {
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) luaL_error(L, "clua: no string metatable");
    lua_pushvalue(L, string);
    lua_setfield(L, -2, "__index");
    lua_createtable(L, 0, 1);
    clua__push_ro_proxy(L, string);
    lua_setfield(L, -2, "__index");
    clua__push_ro_proxy(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, CLUA_KEY_READONLY);
    lua_pop(L, 2);
}

static void guard_string(lua_State *L, int string) {
    clua__open_string_guards(L, string);
    lock_string_metatable(L, string);
}

/* Makes a luaL_Buffer large enough for a box once, so lauxlib creates its
   box metatable now: from then on the buffer of every box is allocated
   right after the box itself, which is how the allocator tells a buffer
   from a table's hash part (state.c, is_large_hash_part). */
static void make_buffer_box_metatable(lua_State *L) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    (void)luaL_prepbuffsize(&b, LUAL_BUFFERSIZE + 1);
    luaL_pushresult(&b);
    lua_pop(L, 1);
}

/* Builds the sandbox; runs under lua_pcall, so it may raise. */
static int open_impl(lua_State *L) {
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
    const luaL_Reg *lib;
    int globals;
    for (lib = libraries; lib->func; lib++) {           /* sandbox.md §3: these five only */
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    globals = lua_gettop(L);
    clua__open_base(L, globals);
    lock_library(L, globals, LUA_STRLIBNAME, guard_string);
    lock_library(L, globals, LUA_TABLIBNAME, clua__open_table_guards);
    lock_library(L, globals, LUA_MATHLIBNAME, clua__open_random);
    lock_library(L, globals, LUA_UTF8LIBNAME, clua__open_utf8_guards);
    clua__push_ro_proxy(L, globals);                     /* what every environment reads through */
    lua_setfield(L, LUA_REGISTRYINDEX, CLUA_REG_GLOBALS);
    lua_pushboolean(L, 0);                               /* the key exists from now on */
    lua_setfield(L, LUA_REGISTRYINDEX, CLUA_REG_RAISED);
    make_buffer_box_metatable(L);
    lua_settop(L, 0);
    return 0;
}

int clua_open_sandbox(lua_State *L) {
    int previous = clua_host_mode(L, 1), status;
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    lua_pushcclosure(L, open_impl, 0);
    status = lua_pcall(L, 0, 0, 0);
    clua_host_mode(L, previous);
    return status;
}

/* Puts "<name>: " in front of a loader message that lacks the name. */
static void name_message(lua_State *L, const char *name) {
    size_t ml, nl = strlen(name);
    const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &ml) : NULL;
    if (m == NULL) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: cannot load script", name);
    } else if (!(ml > nl && memcmp(m, name, nl) == 0 && m[nl] == ':') && !(ml >= 3 && memcmp(m, "...", 3) == 0)) {
        lua_pushfstring(L, "%s: ", name);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
}

/* Text only, never bytecode (sandbox.md §3), size capped, compiled under
   the memory cap. Refusals (too large, bytecode) are marked as such. */
int clua_load(lua_State *L, const char *source, size_t length, const char *name, int env_index) {
    clua_Sandbox *sb = clua__sandbox(L);
    int previous = clua_host_mode(L, 1), status;
    env_index = lua_absindex(L, env_index);
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    sb->raised = CLUA_RAISED_NONE;
    sb->stop_reason = CLUA_STOP_NONE;
    if (length > CLUA_SOURCE_LIMIT) {
        lua_pushfstring(L, "%s: script too large (%I bytes, limit %I)", name, (lua_Integer)length,
                        (lua_Integer)CLUA_SOURCE_LIMIT);
        sb->raised = CLUA_RAISED_REFUSED;
        clua_host_mode(L, previous);
        return LUA_ERRSYNTAX;
    }
    lua_pushfstring(L, "@%s", name);
    sb->host_mode = 0;
    sb->limit_hit = 0;
    status = luaL_loadbufferx(L, source, length, lua_tostring(L, -1), "t");
    sb->host_mode = 1;
    lua_remove(L, -2);                                   /* the chunk name */
    if (status == LUA_OK) {
        lua_pushvalue(L, env_index);
        if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    } else if (status == LUA_ERRMEM) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory limit of %I bytes exceeded while compiling (not enough memory)",
                        name, (lua_Integer)sb->limit);
    } else {
        if (length > 0 && source[0] == LUA_SIGNATURE[0]) sb->raised = CLUA_RAISED_REFUSED;   /* bytecode */
        name_message(L, name);
        status = LUA_ERRSYNTAX;
    }
    clua_host_mode(L, previous);
    return status;
}
