/* Guards of the table library (sandbox.md §6): only plain tables, ranges
   inside the array, work charged. */
#include "sandbox_internal.h"

/* 0 if the value at idx is not a table (the original then reports the type
   error), 1 if it is a table without __index/__newindex/__len; raises
   otherwise, so every loop is bounded by real elements. */
static int plain_table(lua_State *L, int idx, const char *fname) {
    static const char *const lying[] = {"__index", "__newindex", "__len"};
    int i;
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    if (clua__has_mark(L, idx, CLUA_KEY_READONLY)) return clua__refuse(L, "cannot modify a read-only table");
    if (!lua_getmetatable(L, idx)) return 1;
    for (i = 0; i < 3; i++) {
        if (clua__rawget_name(L, -1, lying[i]) != LUA_TNIL)
            return clua__refuse(L, "%s needs a plain table (this one has a %s metamethod)", fname, lying[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

/* Read-only views may be read by table.concat, table.unpack and as the
   source of table.move: the real table replaces the proxy as the argument
   (it is never returned to the script). */
static void read_through_view(lua_State *L, int idx) {
    if (lua_type(L, idx) == LUA_TTABLE && clua__ro_real(L, idx)) lua_replace(L, idx);
}

static double log2_ceiling(double n) {
    double b = 1;
    while (n > 1) { n /= 2; b += 1; }
    return b;
}

enum { TABLE_INSERT, TABLE_REMOVE, TABLE_SORT };

static int guarded_modify(lua_State *L) {
    static const char *const names[] = {"table.insert", "table.remove", "table.sort"};
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    if (plain_table(L, 1, names[kind])) {
        double n = (double)lua_rawlen(L, 1);
        double work = 1;
        if (kind == TABLE_INSERT && lua_gettop(L) >= 3) work += n;        /* shifting insert */
        else if (kind == TABLE_REMOVE && lua_gettop(L) >= 2) work += n;   /* shifting remove */
        else if (kind == TABLE_SORT) work += n * log2_ceiling(n);
        clua__charge(L, work);
    }
    return clua__call_original(L);
}

static int guarded_concat(lua_State *L) {
    int results, k;
    double work = 1;
    read_through_view(L, 1);
    if (plain_table(L, 1, "table.concat")) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        lua_Integer i = luaL_optinteger(L, 3, 1);
        lua_Integer j = luaL_optinteger(L, 4, n);
        double count = j >= i ? (double)j - (double)i + 1 : 0;
        if (count > (double)n + 1) count = (double)n + 1;   /* it stops at the first hole */
        clua__charge(L, 1 + count);
    }
    results = clua__call_original(L);
    for (k = lua_gettop(L) - results + 1; k <= lua_gettop(L); k++)
        if (lua_type(L, k) == LUA_TSTRING) work += (double)lua_rawlen(L, k) / 4;
    clua__charge(L, work);
    return results;
}

static int guarded_unpack(lua_State *L) {
    read_through_view(L, 1);
    if (plain_table(L, 1, "table.unpack")) {
        lua_Integer i = luaL_optinteger(L, 2, 1);
        lua_Integer j = lua_isnoneornil(L, 3) ? (lua_Integer)lua_rawlen(L, 1) : luaL_checkinteger(L, 3);
        double count = j >= i ? (double)j - (double)i + 1 : 0;
        if (count > 1e6) count = 1e6;        /* above that the original refuses anyway */
        clua__charge(L, 1 + count);
    }
    return clua__call_original(L);
}

/* table.move(a1, f, e, t [, a2]): the range f..e must lie inside the source
   array, so no C loop runs over a huge empty range. */
static int guarded_move(lua_State *L) {
    int source_plain;
    if (!lua_isnoneornil(L, 5)) read_through_view(L, 1);   /* reading a view into another table */
    source_plain = plain_table(L, 1, "table.move");
    if (!lua_isnoneornil(L, 5)) (void)plain_table(L, 5, "table.move");
    if (source_plain) {
        lua_Integer f = luaL_checkinteger(L, 2);
        lua_Integer e = luaL_checkinteger(L, 3);
        (void)luaL_checkinteger(L, 4);
        if (e >= f) {
            lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
            if (f < 1 || e > n)
                return clua__refuse(L, "table.move range %I..%I lies outside the source array (1..%I)", f, e, n);
            clua__charge(L, 1 + (double)(e - f));
        }
    }
    return clua__call_original(L);
}

void clua__open_table_guards(lua_State *L, int table) {
    clua__wrap(L, table, "insert", guarded_modify, TABLE_INSERT);
    clua__wrap(L, table, "remove", guarded_modify, TABLE_REMOVE);
    clua__wrap(L, table, "sort", guarded_modify, TABLE_SORT);
    clua__wrap(L, table, "concat", guarded_concat, 0);
    clua__wrap(L, table, "unpack", guarded_unpack, 0);
    clua__wrap(L, table, "move", guarded_move, 0);
}
