/* Error messages and outcomes: positions, refusals, the message handler
   and how a call ended (sandbox.md §8, §9). */
#include <stdarg.h>
#include "sandbox_internal.h"

/* Pushes "<script>:<line>: " of the first frame at or above `level` that runs
   script code (chunk name "@..."), or "" if there is none. */
void clua__where(lua_State *L, int level) {
    lua_Debug ar;
    int lv;
    for (lv = level; lua_getstack(L, lv, &ar); lv++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.source && ar.source[0] == '@' && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Raises "<script>:<line>: refused: <formatted>" and marks it as a refusal
   (sandbox.md §9). lua_pushfstring formats only %% %s %f %I %p %d %c %U. */
int clua__refuse(lua_State *L, const char *fmt, ...) {
    va_list ap;
    clua__where(L, 1);
    lua_pushliteral(L, "refused: ");
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    lua_concat(L, 3);
    clua__remember_raised(L, CLUA_RAISED_REFUSED);
    return lua_error(L);
}

/* Cuts len down to at most max bytes without splitting a UTF-8 sequence. */
size_t clua__utf8_cut(const char *s, size_t len, size_t max) {
    size_t n;
    if (len <= max) return len;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

/* Is the error value at idx the one the sandbox raised last? */
static int is_raised_value(lua_State *L, int idx) {
    int same;
    lua_getfield(L, LUA_REGISTRYINDEX, CLUA_REG_RAISED);
    same = lua_rawequal(L, idx, -1);
    lua_pop(L, 1);
    return same;
}

/* The message handler of every clua_call (sandbox.md §8). Lua runs it where
   an error is raised that no script pcall will catch, so it also settles
   whether that error is the refusal or memory error the sandbox raised
   (sandbox.md §9). Never calls __tostring; truncates; adds a traceback.
   Runs with the cap lifted (its work is bounded). */
int clua__message_handler(lua_State *L) {
    clua_Sandbox *sb = clua__sandbox(L);
    int previous = sb->host_mode;
    int t = lua_type(L, 1);
    sb->host_mode = 1;
    if (sb->raised != CLUA_RAISED_NONE && !is_raised_value(L, 1)) sb->raised = CLUA_RAISED_NONE;
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        size_t len;
        const char *msg;
        lua_pushvalue(L, 1);
        msg = lua_tolstring(L, -1, &len);   /* converts the copy, not argument 1 */
        if (len > CLUA_MESSAGE_MAX) {
            lua_pushlstring(L, msg, clua__utf8_cut(msg, len, CLUA_MESSAGE_MAX));
            lua_pushliteral(L, CLUA_TRUNCATED_MARK);
            lua_concat(L, 2);
            lua_remove(L, -2);
        }
    } else {
        clua__where(L, 1);
        lua_pushfstring(L, "(error object is a %s value)", lua_typename(L, t));
        lua_concat(L, 2);
    }
    luaL_traceback(L, L, lua_tostring(L, -1), 1);
    sb->host_mode = previous;
    return 1;
}

int clua_outcome(const clua_Sandbox *sb, int status) {
    switch (status) {
    case LUA_OK: return CLUA_KIND_OK;
    case LUA_ERRMEM: return sb->raised == CLUA_RAISED_MEMORY ? CLUA_KIND_MEMORY : CLUA_KIND_RUNTIME;
    case LUA_ERRSYNTAX: return sb->raised == CLUA_RAISED_REFUSED ? CLUA_KIND_REFUSED : CLUA_KIND_SYNTAX;
    default: break;
    }
    switch (sb->stop_reason) {
    case CLUA_STOP_BUDGET: return CLUA_KIND_BUDGET;
    case CLUA_STOP_TIMEOUT: return CLUA_KIND_TIMEOUT;
    case CLUA_STOP_CANCELLED: return CLUA_KIND_CANCELLED;
    default: break;
    }
    switch (sb->raised) {
    case CLUA_RAISED_REFUSED: return CLUA_KIND_REFUSED;
    case CLUA_RAISED_MEMORY: return CLUA_KIND_MEMORY;
    default: return CLUA_KIND_RUNTIME;
    }
}
