/* Guards of the string library: string.rep, the pattern functions and
   string.format (sandbox.md §6), and string.dump refused (§3). */
#include <string.h>
#include "sandbox_internal.h"

/* string.rep: "" at once when #s + #sep == 0 (the stock loop would run n
   times doing nothing); a result larger than the remaining memory fails as
   a memory error before anything is copied; charges bytes / 4 (C string
   work ~1 ns a byte, a hooked VM instruction ~4 ns). */
static int guarded_rep(lua_State *L) {
    size_t l, lsep;
    lua_Integer n;
    double total;
    (void)luaL_checklstring(L, 1, &l);
    n = luaL_checkinteger(L, 2);
    (void)luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    total = (double)l * (double)n + (double)lsep * ((double)n - 1);
    if (!clua__sandbox(L)->host_mode && total > clua__memory_room(L, total))
        return clua__raise_memory(L, "string.rep", total);
    clua__charge(L, 1 + total / 4);
    return clua__call_original(L);
}

/* Index after the set starting at p[i] == '[' (as lstrlib's classEnd). */
static size_t skip_set(const char *p, size_t lp, size_t i) {
    i++;
    if (i < lp && p[i] == '^') i++;
    do {
        if (i >= lp) return lp;
        if (p[i] == '%') i += 2; else i++;
    } while (i < lp && p[i] != ']');
    return i < lp ? i + 1 : lp;
}

/* Nothing but captures follows: a quantifier before it cannot backtrack. */
static int only_captures(const char *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != '(' && p[i] != ')') return 0;
    return 1;
}

/* Number of constructs that multiply backtracking work: *, +, -, ? after a
   single-character class (unless only captures follow), %b, and back
   references %0-%9. */
static int count_quantifiers(const char *p, size_t lp, int allow_anchor, int *anchored) {
    size_t i = 0;
    int q = 0;
    *anchored = 0;
    if (allow_anchor && lp > 0 && p[0] == '^') { *anchored = 1; i = 1; }
    while (i < lp) {
        char c = p[i];
        if (c == '(' || c == ')') { i++; continue; }
        if (c == '$' && i + 1 == lp) { i++; continue; }
        if (c == '%') {
            char d;
            if (i + 1 >= lp) break;            /* malformed: the original raises */
            d = p[i + 1];
            if (d == 'b') { q++; i += 4; continue; }
            if (d == 'f') {
                i += 2;
                if (i < lp && p[i] == '[') i = skip_set(p, lp, i);
                continue;
            }
            if (d >= '0' && d <= '9') { q++; i += 2; continue; }
            i += 2;
        } else if (c == '[') {
            i = skip_set(p, lp, i);
        } else {
            i++;
        }
        if (i < lp && (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')) {
            i++;
            if (!only_captures(p + i, lp - i)) q++;
        }
    }
    return q;
}

static int has_specials(const char *p, size_t lp) {
    size_t i;
    for (i = 0; i < lp; i++)
        if (p[i] != '\0' && strchr("^$*+?.([%-", p[i]) != NULL) return 1;
    return 0;
}

/* Subject bytes a search starting at `init` (argument 3) looks at. */
static double searched_bytes(lua_State *L, size_t ls) {
    int isint;
    lua_Integer init;
    if (lua_type(L, 3) != LUA_TNUMBER) return (double)ls;
    init = lua_tointegerx(L, 3, &isint);
    if (!isint) return (double)ls;
    if (init < 0) init = (init < -(lua_Integer)ls) ? 1 : (lua_Integer)ls + init + 1;
    else if (init == 0) init = 1;
    return init > (lua_Integer)ls + 1 ? 0 : (double)ls - (double)(init - 1);
}

enum { PATTERN_FIND, PATTERN_MATCH, PATTERN_GMATCH, PATTERN_GSUB };

/* Pattern gate for find/match/gmatch/gsub (upvalue 2: which one). The worst
   case is estimated as (#p+1) * (#subject+1)^(q+1) (exponent q when anchored
   with '^'), a plain find as (#s+1) * (#p+1). Refused above
   CLUA_PATTERN_LIMIT; the estimate / 256 is charged. */
static int guarded_pattern(lua_State *L) {
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int t1 = lua_type(L, 1), t2 = lua_type(L, 2);
    size_t ls, lp;
    const char *p;
    double subject, work;
    if ((t1 != LUA_TSTRING && t1 != LUA_TNUMBER) || (t2 != LUA_TSTRING && t2 != LUA_TNUMBER))
        return clua__call_original(L);       /* the original reports the type error */
    (void)lua_tolstring(L, 1, &ls);
    p = lua_tolstring(L, 2, &lp);
    subject = kind == PATTERN_GSUB ? (double)ls : searched_bytes(L, ls);
    if (kind == PATTERN_FIND && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        work = (subject + 1) * ((double)lp + 1);
    } else {
        int anchored, e, k;
        int q = count_quantifiers(p, lp, kind != PATTERN_GMATCH, &anchored);
        e = anchored ? q : q + 1;
        work = (double)lp + 1;
        for (k = 0; k < e && work <= CLUA_PATTERN_LIMIT; k++) work *= subject + 1;
    }
    if (work > CLUA_PATTERN_LIMIT)
        return clua__refuse(L, "pattern too expensive for a %I-byte subject (estimated %f steps, limit %f)",
                            (lua_Integer)ls, (lua_Number)work, (lua_Number)CLUA_PATTERN_LIMIT);
    clua__charge(L, 1 + work / 256);
    return clua__call_original(L);
}

/* string.format: '%p' refused; '%s' of a table, function, ... without
   __tostring gives the type name, not an address (sandbox.md §4). */
static int guarded_format(lua_State *L) {
    size_t fl, i;
    const char *f = luaL_checklstring(L, 1, &fl);
    int top = lua_gettop(L), arg = 1, results, k;
    double work = 1;
    for (i = 0; i < fl; i++) {
        char c;
        if (f[i] != '%') continue;
        if (++i >= fl) break;                /* the original reports it */
        if (f[i] == '%') continue;
        while (i < fl && f[i] != '\0' && strchr("-+ #0123456789.", f[i]) != NULL) i++;
        if (i >= fl) break;
        c = f[i];
        arg++;
        if (c == 'p') return clua__refuse(L, "string.format('%%p') is not available in the sandbox");
        if (c == 's' && arg <= top) {
            int t = lua_type(L, arg);
            if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
                t == LUA_TLIGHTUSERDATA) {
                clua__tostring_safe(L, arg, NULL);
                lua_replace(L, arg);
            }
        }
    }
    results = clua__call_original(L);
    top = lua_gettop(L);
    for (k = top - results + 1; k <= top; k++)
        if (lua_type(L, k) == LUA_TSTRING) work += (double)lua_rawlen(L, k) / 4;
    clua__charge(L, work);
    return results;
}

/* Guards the real string table, which is also what method calls on strings
   ("x"):rep(...) reach through the string metatable (sandbox.md §3). */
void clua__open_string_guards(lua_State *L, int string) {
    clua__set_refused(L, string, "dump", "string.dump");
    clua__wrap(L, string, "rep", guarded_rep, 0);
    clua__wrap(L, string, "find", guarded_pattern, PATTERN_FIND);
    clua__wrap(L, string, "match", guarded_pattern, PATTERN_MATCH);
    clua__wrap(L, string, "gmatch", guarded_pattern, PATTERN_GMATCH);
    clua__wrap(L, string, "gsub", guarded_pattern, PATTERN_GSUB);
    clua__wrap(L, string, "format", guarded_format, 0);
    clua__open_string_charges(L, string);
}
