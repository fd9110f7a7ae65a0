/* Wrapping a library's C function in a guard, and the guards that only
   charge their work (sandbox.md §6). */
#include "sandbox_internal.h"

/* Upvalue 1 of every guard is the original C function (checked when it is
   wrapped to have no upvalues). Calling it directly, in the guard's own
   frame, keeps Lua's messages exactly as without the guard: argument errors
   name the function and the position is the script's line. */
int clua__call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    return original(L);
}

/* Replaces lib[name] (a C function without upvalues) by guard(original, kind). */
void clua__wrap(lua_State *L, int lib, const char *name, lua_CFunction guard, int kind) {
    lua_CFunction original;
    lua_getfield(L, lib, name);
    original = lua_tocfunction(L, -1);
    if (original == NULL || lua_getupvalue(L, -1, 1) != NULL) luaL_error(L, "clua: cannot wrap %s", name);
    lua_pop(L, 1);
    lua_pushcclosure(L, original, 0);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, guard, 2);
    lua_setfield(L, lib, name);
}

/* Charges by input, before the call: 1 + string argument bytes / 4. */
static int charge_by_input(lua_State *L) {
    int top = lua_gettop(L), i;
    double bytes = 0;
    for (i = 1; i <= top; i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += (double)lua_rawlen(L, i);
    clua__charge(L, 1 + bytes / 4);
    return clua__call_original(L);
}

/* Charges by output, after the call: 1 + results + string result bytes / 4. */
static int charge_by_output(lua_State *L) {
    int results = clua__call_original(L), i, top = lua_gettop(L);
    double work = 1 + results;
    for (i = top - results + 1; i <= top; i++)
        if (lua_type(L, i) == LUA_TSTRING) work += (double)lua_rawlen(L, i) / 4;
    clua__charge(L, work);
    return results;
}

static void wrap_all(lua_State *L, int lib, const char *const names[], lua_CFunction guard) {
    int i;
    for (i = 0; names[i]; i++) clua__wrap(L, lib, names[i], guard, 0);
}

void clua__open_utf8_guards(lua_State *L, int utf8) {
    static const char *const by_input[] = {"len", "offset", NULL};
    static const char *const by_output[] = {"codepoint", "char", NULL};
    wrap_all(L, utf8, by_input, charge_by_input);
    wrap_all(L, utf8, by_output, charge_by_output);
}

/* string.sub/upper/lower/reverse/byte/char/pack/unpack. */
void clua__open_string_charges(lua_State *L, int string) {
    static const char *const by_output[] = {"sub", "upper", "lower", "reverse", "byte", "char", "pack", "unpack", NULL};
    wrap_all(L, string, by_output, charge_by_output);
}
