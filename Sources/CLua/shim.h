#ifndef FOODLOG_CLUA_SHIM_H
#define FOODLOG_CLUA_SHIM_H
/* The Lua C API as Swift sees it. Swift imports Lua's functions but not its
   function-like macros; the few macros LuaHost uses get a wrapper here.
   The sandbox itself is the CLuaSandbox target (grammar/lua/sandbox.md). */
#include <lua.h>
#include <lauxlib.h>

static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void clua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }

#endif
