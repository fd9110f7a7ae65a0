#ifndef FOODLOG_CLUA_SHIM_H
#define FOODLOG_CLUA_SHIM_H
/* The Lua C API as Swift sees it. Macros Swift cannot import get static inline
   wrappers here; everything that may raise (longjmp) lives in C, never in Swift.

   This header is the whole Lua sandbox (see shared/design/lua-host-facts.md,
   "host checklist" items 1-18). Swift only calls the clua_* functions below
   and the non-raising lua_* functions listed in facts section 8.4.

   Layout:
     1. configuration, the clua_Sandbox struct, outcome kinds
     2. macro shims (lua_pop, lua_tostring, ...) for Swift
     3. internals (clua__*): allocator, panic, hook, charging, guards
     4. public sandbox API: clua_new, clua_open_sandbox, clua_push_new_env,
        clua_load, clua_call, clua_request_cancel, clua_pushswiftfunction,
        clua_make_readonly, clua_close, ...

   Threading: one lua_State is used by one thread at a time. The only call
   that may come from another thread is clua_request_cancel. None of these
   functions is reentrant (do not call clua_call from a host function). */
#include <signal.h>
#include <pthread.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdarg.h>
#include <limits.h>
#include <time.h>
#include <stdatomic.h>
#include <stdio.h>

/* ------------------------------------------------------------------------ */
/* 1. Configuration and state                                               */
/* ------------------------------------------------------------------------ */

#define CLUA_DEFAULT_MEMORY_LIMIT   ((size_t)32 * 1024 * 1024)  /* 32 MiB */
#define CLUA_DEFAULT_HOOK_EVERY     1000
#define CLUA_DEFAULT_SOURCE_LIMIT   ((size_t)256 * 1024)         /* 256 KiB */
#define CLUA_DEFAULT_PATTERN_LIMIT  100000000ULL                 /* 1e8 */
#define CLUA_MESSAGE_MAX            2000    /* bytes of an error message kept */
#define CLUA_RANDOM_SEED            0x666f6f646c6f67ULL  /* "foodlog" */
#define CLUA_TRUNCATED_MARK         "\xe2\x80\xa6[truncated]"  /* "…[truncated]" */

typedef struct clua_Sandbox {
    size_t used, limit, peak;          /* bytes; limit = memory cap */
    int host_mode;                      /* 1 while the host allocates: cap lifted */
    int limit_hit;                      /* set when an allocation was refused */
    long long budget, spent;            /* instruction budget and instructions spent (counted by the hook) */
    int hook_every;                     /* count hook granularity (1000) */
    double deadline;                    /* CLOCK_MONOTONIC seconds; 0 = none */
    atomic_int cancel;                  /* set from another thread */
    int stop_reason;                    /* 0 none, 1 budget, 2 timeout, 3 cancelled */
    size_t source_limit;                /* max script bytes (256 KiB) */
    unsigned long long pattern_limit;   /* max estimated pattern work per call (1e8) */
    char log[65536]; size_t log_len;    /* print() output, capped at 64 KiB, then "…[truncated]" */
} clua_Sandbox;

enum { CLUA_STOP_NONE = 0, CLUA_STOP_BUDGET = 1, CLUA_STOP_TIMEOUT = 2, CLUA_STOP_CANCELLED = 3 };

/* Outcome kinds (checklist 16); clua_classify returns one of these. */
enum {
    CLUA_KIND_OK = 0, CLUA_KIND_SYNTAX, CLUA_KIND_RUNTIME, CLUA_KIND_REFUSED,
    CLUA_KIND_BUDGET, CLUA_KIND_TIMEOUT, CLUA_KIND_CANCELLED, CLUA_KIND_MEMORY,
    CLUA_KIND_CONVERSION
};

/* Swift host functions: never raise; return the number of results, or -1
   after pushing an error message (a string, without position). */
typedef int (*clua_SwiftFunction)(lua_State *L, void *ctx);

_Static_assert(sizeof(clua_SwiftFunction) == sizeof(void *),
               "function pointers must fit in a light userdata");

/* Private markers. Light userdata compare by value, so constants (not the
   address of a static, which would differ per translation unit / Swift
   module) keep these stable wherever the header is compiled. Scripts cannot
   create light userdata, so they cannot forge or look up these keys. */
#define CLUA__KEY_RO      ((void *)(uintptr_t)0x7c1a0001u) /* metatable of a read-only proxy */
#define CLUA__KEY_TARGET  ((void *)(uintptr_t)0x7c1a0002u) /* proxy metatable -> real table */
#define CLUA__KEY_ENV     ((void *)(uintptr_t)0x7c1a0003u) /* metatable of a script env */
#define CLUA__KEY_RNG     ((void *)(uintptr_t)0x7c1a0004u) /* registry: PRNG state */
#define CLUA__KEY_GPROXY  ((void *)(uintptr_t)0x7c1a0005u) /* registry: read-only globals view */
#define CLUA__KEY_COUNT   ((void *)(uintptr_t)0x7c1a0006u) /* frozen metatable copy: #metamethods */

/* ------------------------------------------------------------------------ */
/* 2. Macro shims for Swift (facts 8.2). None of these raises, except that  */
/*    pushes may raise LUA_ERRMEM when the cap is not lifted (host_mode).   */
/* ------------------------------------------------------------------------ */

static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tolstring(L, idx, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumberx(L, idx, NULL); }
static inline lua_Integer clua_tointeger(lua_State *L, int idx) { return lua_tointegerx(L, idx, NULL); }
static inline int clua_isnil(lua_State *L, int idx) { return lua_type(L, idx) == LUA_TNIL; }
static inline int clua_istable(lua_State *L, int idx) { return lua_type(L, idx) == LUA_TTABLE; }
static inline int clua_isfunction(lua_State *L, int idx) { return lua_type(L, idx) == LUA_TFUNCTION; }
static inline int clua_isnoneornil(lua_State *L, int idx) { return lua_type(L, idx) <= 0; }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }
static inline void clua_insert(lua_State *L, int idx) { lua_rotate(L, idx, 1); }
static inline void clua_remove(lua_State *L, int idx) { lua_rotate(L, idx, -1); lua_settop(L, -2); }
static inline void clua_replace(lua_State *L, int idx) { lua_copy(L, -1, idx); lua_settop(L, -2); }
static inline void clua_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline const char *clua_typename_at(lua_State *L, int idx) { return lua_typename(L, lua_type(L, idx)); }
/* stderr for Swift 6 (the Glibc global is not concurrency-safe there). */
static inline void clua_eprint(const char *s) { fputs(s, stderr); fputc('\n', stderr); fflush(stderr); }

static inline clua_Sandbox *clua_sandbox(lua_State *L) {   /* via lua_getallocf */
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_Sandbox *)ud;
}

/* Lifts (on=1) or restores (on=0) the memory cap; returns the previous value. */
static inline int clua_host_mode(lua_State *L, int on) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    sb->host_mode = on ? 1 : 0;
    return prev;
}

static inline int clua_gc_collect(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode, r;
    sb->host_mode = 1;
    r = lua_gc(L, LUA_GCCOLLECT, 0);
    sb->host_mode = prev;
    return r;
}

static inline size_t clua_gc_count_bytes(lua_State *L) {
    return (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024u + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
}

/* Zeroes *sb and sets the default limits (memory_limit 0 = 32 MiB). */
static inline void clua_sandbox_init(clua_Sandbox *sb, size_t memory_limit) {
    memset(sb, 0, sizeof *sb);
    atomic_init(&sb->cancel, 0);
    sb->limit = memory_limit ? memory_limit : CLUA_DEFAULT_MEMORY_LIMIT;
    sb->hook_every = CLUA_DEFAULT_HOOK_EVERY;
    sb->source_limit = CLUA_DEFAULT_SOURCE_LIMIT;
    sb->pattern_limit = CLUA_DEFAULT_PATTERN_LIMIT;
}

/* Swift 6.3.1 does not import two fields of clua_Sandbox: `cancel` (C11
   _Atomic) and `log` (an array too large for a Swift tuple). These
   accessors cover them; allocate the struct with clua_sandbox_create so
   Swift never depends on a layout it only partly sees. */
static inline clua_Sandbox *clua_sandbox_create(size_t memory_limit) {
    clua_Sandbox *sb = (clua_Sandbox *)malloc(sizeof *sb);
    if (sb) clua_sandbox_init(sb, memory_limit);
    return sb;
}
static inline void clua_sandbox_destroy(clua_Sandbox *sb) { free(sb); }   /* after clua_close */
static inline const char *clua_log_text(const clua_Sandbox *sb, size_t *len) {
    if (len) *len = sb->log_len;
    return sb->log;
}
static inline void clua_log_clear(clua_Sandbox *sb) { sb->log_len = 0; sb->log[0] = '\0'; }
static inline int clua_cancel_requested(clua_Sandbox *sb) { return atomic_load(&sb->cancel); }
static inline void clua_clear_cancel(clua_Sandbox *sb) { atomic_store(&sb->cancel, 0); }

/* Adds host work to the instruction budget without raising (e.g. from a
   Swift function doing an expensive lookup); the next hook or guard stops
   the script if the budget is gone. */
static inline void clua_account(lua_State *L, long long instructions) {
    clua_Sandbox *sb = clua_sandbox(L);
    if (instructions > 0)
        sb->spent = (sb->spent > LLONG_MAX - instructions) ? LLONG_MAX : sb->spent + instructions;
}

/* ------------------------------------------------------------------------ */
/* 3. Internals                                                             */
/* ------------------------------------------------------------------------ */

/* Monotonic seconds; falls back to C11 timespec_get where POSIX clocks are
   hidden (strict -std=c11). Only differences of this clock are used. */
static inline double clua__now(void) {
    struct timespec ts;
#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Allocator (checklist 11; facts 6, pitfalls 14/15). Never raises. */
static inline void *clua__alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_Sandbox *sb = (clua_Sandbox *)ud;
    size_t old = ptr ? osize : 0;      /* osize is a type tag when ptr == NULL */
    void *p;
    if (nsize == 0) {
        free(ptr);
        sb->used = sb->used >= old ? sb->used - old : 0;
        return NULL;
    }
    if (nsize > old && !sb->host_mode) {
        size_t growth = nsize - old;
        if (sb->used + growth < sb->used || sb->used + growth > sb->limit) {
            sb->limit_hit = 1;
            return NULL;               /* Lua raises "not enough memory" */
        }
    }
    p = realloc(ptr, nsize);
    if (p == NULL) {
        if (nsize <= old) return ptr;  /* shrinking never fails */
        return NULL;
    }
    sb->used = sb->used - old + nsize;
    if (sb->used > sb->peak) sb->peak = sb->used;
    return p;
}

/* Panic (checklist 2): unreachable by design; logs before Lua aborts. */
static inline int clua__panic(lua_State *L) {
    const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(non-string error)";
    fprintf(stderr, "clua: PANIC: unprotected Lua error: %s\n", m);
    fflush(stderr);
    return 0;
}

/* Pushes "<script>:<line>: " of the first frame at or above `level` that runs
   script code (chunk name "@..."), or "" if there is none. */
static inline void clua__where(lua_State *L, int level) {
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

/* Raises "<script>:<line>: <formatted>" (lua_pushfstring formats only:
   %% %s %f %I %p %d %c %U). */
static inline int clua__raisef(lua_State *L, const char *fmt, ...) {
    va_list ap;
    clua__where(L, 1);
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    lua_concat(L, 2);
    return lua_error(L);
}

static inline const char *clua__stop_text(int reason) {
    switch (reason) {
    case CLUA_STOP_BUDGET: return "instruction budget exceeded";
    case CLUA_STOP_TIMEOUT: return "time limit exceeded";
    case CLUA_STOP_CANCELLED: return "script cancelled";
    default: return "script stopped";
    }
}

static inline int clua__stop_check(clua_Sandbox *sb) {
    if (atomic_load(&sb->cancel)) return CLUA_STOP_CANCELLED;
    if (sb->budget > 0 && sb->spent > sb->budget) return CLUA_STOP_BUDGET;
    if (sb->deadline > 0 && clua__now() >= sb->deadline) return CLUA_STOP_TIMEOUT;
    return CLUA_STOP_NONE;
}

/* Count hook (checklist 10). Once a limit is reached it re-arms itself with
   count 1 so every further instruction raises again: pcall cannot swallow it.
   Under memory pressure (an allocation was refused in this run) it fires
   every 10 instructions: each refused allocation costs an emergency full GC
   inside one instruction, and 1000 of them would overshoot the deadline. */
#define CLUA__HOOK_EVERY_UNDER_PRESSURE 10
static inline void clua__hook(lua_State *L, lua_Debug *ar) {
    clua_Sandbox *sb = clua_sandbox(L);
    int every = sb->hook_every > 0 ? sb->hook_every : CLUA_DEFAULT_HOOK_EVERY;
    int prev;
    if (sb->limit_hit && every > CLUA__HOOK_EVERY_UNDER_PRESSURE) every = CLUA__HOOK_EVERY_UNDER_PRESSURE;
    if (sb->stop_reason == CLUA_STOP_NONE) {
        int count = lua_gethookcount(L);
        int r;
        long long add = count > 0 ? count : 1;
        sb->spent = (sb->spent > LLONG_MAX - add) ? LLONG_MAX : sb->spent + add;
        r = clua__stop_check(sb);
        if (r == CLUA_STOP_NONE) {
            if (count != every)   /* armed early (cancel) or memory pressure began */
                lua_sethook(L, clua__hook, LUA_MASKCOUNT, every);
            return;
        }
        sb->stop_reason = r;
        lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
    }
    prev = sb->host_mode;
    sb->host_mode = 1;                 /* the message must not fail for memory */
    /* In a hook level 0 is the running function: name it if it is script
       code, else the first script frame above (luaL_where(1) would be wrong). */
    if (lua_getinfo(L, "Sl", ar) && ar->source && ar->source[0] == '@' && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        clua__where(L, 1);
    lua_pushstring(L, clua__stop_text(sb->stop_reason));
    lua_concat(L, 2);
    sb->host_mode = prev;
    lua_error(L);
}

/* Charges C work to the instruction budget and checks the clock and the
   cancel flag (facts 5.3). Called from C functions only; may raise. */
static inline void clua__charge(lua_State *L, double work) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev;
    if (sb->host_mode) return;
    if (sb->stop_reason == CLUA_STOP_NONE) {
        int r;
        if (work > 0) {
            long long w = work >= 9e18 ? LLONG_MAX : (long long)work;
            sb->spent = (sb->spent > LLONG_MAX - w) ? LLONG_MAX : sb->spent + w;
        }
        r = clua__stop_check(sb);
        if (r == CLUA_STOP_NONE) return;
        sb->stop_reason = r;
        lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
    }
    prev = sb->host_mode;
    sb->host_mode = 1;
    clua__where(L, 1);
    lua_pushstring(L, clua__stop_text(sb->stop_reason));
    lua_concat(L, 2);
    sb->host_mode = prev;
    lua_error(L);
}

/* Bytes the script may still allocate. When `needed` does not fit, runs a
   full GC first (as Lua's own emergency collection would) and charges it. */
static inline double clua__memory_room(lua_State *L, double needed) {
    clua_Sandbox *sb = clua_sandbox(L);
    double room = sb->limit > sb->used ? (double)(sb->limit - sb->used) : 0;
    if (needed > room && needed <= (double)sb->limit) {
        double heap = (double)sb->used;
        lua_gc(L, LUA_GCCOLLECT, 0);
        room = sb->limit > sb->used ? (double)(sb->limit - sb->used) : 0;
        clua__charge(L, heap / 8);          /* a full GC: ~0.5 ns per heap byte */
    }
    return room;
}

/* Raises a memory error the way Lua's own buffers do ("not enough memory",
   no position); clua_call reports it as LUA_ERRMEM because limit_hit is set.
   A refused request is charged, so pcall-retry loops end quickly. */
static inline int clua__raise_memory(lua_State *L, const char *what, double bytes) {
    clua_Sandbox *sb = clua_sandbox(L);
    clua__charge(L, 256);
    sb->limit_hit = 1;
    lua_pushfstring(L, "not enough memory (%s result of %f bytes exceeds the memory limit)", what, bytes);
    return lua_error(L);
}

/* Cuts len down to at most max bytes without splitting a UTF-8 sequence. */
static inline size_t clua__utf8_cut(const char *s, size_t len, size_t max) {
    size_t n;
    if (len <= max) return len;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

static inline int clua__starts_with(const char *s, size_t len, const char *prefix) {
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

static inline int clua__contains(const char *s, size_t len, const char *needle) {
    size_t n = strlen(needle), i;
    if (n == 0) return 1;
    for (i = 0; i + n <= len; i++)
        if (s[i] == needle[0] && memcmp(s + i, needle, n) == 0) return 1;
    return 0;
}

/* Message handler (checklist 13). Never calls __tostring; truncates; adds a
   traceback. Runs with the cap lifted (bounded work). */
static inline int clua__msgh(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    int t = lua_type(L, 1);
    sb->host_mode = 1;
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        size_t len;
        const char *msg;
        lua_pushvalue(L, 1);
        msg = lua_tolstring(L, -1, &len);   /* converts the copy, not arg 1 */
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
    sb->host_mode = prev;
    return 1;
}

/* ---- tostring without addresses (checklist 18) ---- */

/* Pushes a string for the value at idx: __tostring if the (frozen) metatable
   has one, the plain value for nil/boolean/number/string, else the type name
   without an address. May run Lua code (__tostring) and raise. */
static inline const char *clua__tostring_safe(lua_State *L, int idx, size_t *len) {
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

static inline int clua__tostring(lua_State *L) {
    luaL_checkany(L, 1);
    clua__tostring_safe(L, 1, NULL);
    return 1;
}

/* ---- print -> sb->log, capped ---- */

static inline void clua__log_append(clua_Sandbox *sb, const char *s, size_t n) {
    const size_t mark = sizeof(CLUA_TRUNCATED_MARK) - 1;
    const size_t content_max = sizeof(sb->log) - 1 - mark;
    size_t cut;
    /* log_len > content_max only after the mark was written (see below). */
    if (sb->log_len > content_max) return;
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
    sb->log_len += mark;               /* > content_max from now on */
    sb->log[sb->log_len] = '\0';
}

static inline int clua__print(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int n = lua_gettop(L), i;
    double bytes = 0;
    for (i = 1; i <= n; i++) {
        size_t l;
        const char *s = clua__tostring_safe(L, i, &l);
        if (i > 1) clua__log_append(sb, "\t", 1);
        clua__log_append(sb, s, l);
        bytes += (double)l;
        lua_pop(L, 1);
    }
    clua__log_append(sb, "\n", 1);
    clua__charge(L, 1 + bytes / 4);
    return 0;
}

/* ---- refused names ---- */

static inline int clua__refused_fn(lua_State *L) {
    return clua__raisef(L, "refused: %s is not available in the sandbox",
                        lua_tostring(L, lua_upvalueindex(1)));
}

/* Metamethods of the io/os/package/debug/coroutine proxies. Upvalue 1: the
   library name; upvalue 2: true when argument 2 is the key (index/newindex). */
static inline int clua__refused_lib(lua_State *L) {
    const char *lib = lua_tostring(L, lua_upvalueindex(1));
    if (lua_toboolean(L, lua_upvalueindex(2)) && lua_type(L, 2) == LUA_TSTRING) {
        size_t kl;
        const char *k = lua_tolstring(L, 2, &kl);
        lua_pushlstring(L, k, clua__utf8_cut(k, kl, 40));
        return clua__raisef(L, "refused: %s.%s is not available in the sandbox", lib, lua_tostring(L, -1));
    }
    return clua__raisef(L, "refused: %s is not available in the sandbox", lib);
}

/* ---- read-only proxies (checklist 8) ---- */

/* 1 if the value at idx has a metatable carrying the private marker key. */
static inline int clua__marked(lua_State *L, int idx, void *key) {
    int r;
    if (!lua_getmetatable(L, idx)) return 0;
    lua_rawgetp(L, -1, key);
    r = lua_toboolean(L, -1);
    lua_pop(L, 2);
    return r;
}

/* If idx is a read-only proxy, pushes the real table and returns 1. Raw
   access only: never raises, no allocation. */
static inline int clua__ro_real(lua_State *L, int idx) {
    if (!lua_getmetatable(L, idx)) return 0;
    if (lua_rawgetp(L, -1, CLUA__KEY_TARGET) != LUA_TTABLE) {
        lua_pop(L, 2);
        return 0;
    }
    lua_remove(L, -2);
    return 1;
}

static inline int clua__ro_newindex(lua_State *L) {
    return clua__raisef(L, "refused: cannot modify a read-only table");
}

static inline int clua__ro_len(lua_State *L) {
    if (!clua__ro_real(L, 1)) lua_pushvalue(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

static inline int clua__ro_next(lua_State *L) {
    lua_settop(L, 2);
    if (!clua__ro_real(L, 1))
        return clua__raisef(L, "bad argument #1 to 'next' (read-only table expected)");
    lua_pushvalue(L, 2);
    if (lua_next(L, 3)) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs returns an iterator over the real table; the real table itself is
   never handed to the script (it would be writable). */
static inline int clua__ro_pairs(lua_State *L) {
    lua_pushcclosure(L, clua__ro_next, 0);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Pushes a read-only proxy of the table at idx. May raise (memory only). */
static inline void clua__push_ro_proxy(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_createtable(L, 0, 0);                       /* proxy */
    lua_createtable(L, 0, 7);                       /* its metatable */
    lua_pushvalue(L, idx);
    lua_setfield(L, -2, "__index");
    lua_pushcclosure(L, clua__ro_newindex, 0);
    lua_setfield(L, -2, "__newindex");
    lua_pushcclosure(L, clua__ro_len, 0);
    lua_setfield(L, -2, "__len");
    lua_pushcclosure(L, clua__ro_pairs, 0);
    lua_setfield(L, -2, "__pairs");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, CLUA__KEY_RO);
    lua_pushvalue(L, idx);
    lua_rawsetp(L, -2, CLUA__KEY_TARGET);
    lua_setmetatable(L, -2);
}

/* ---- per-script environment ---- */

/* __newindex of an env: new globals are fine, sandbox globals are not. */
static inline int clua__env_newindex(lua_State *L) {
    lua_settop(L, 3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 4) != LUA_TNIL) {
        if (lua_type(L, 2) == LUA_TSTRING)
            return clua__raisef(L, "refused: cannot overwrite sandbox global '%s'", lua_tostring(L, 2));
        return clua__raisef(L, "refused: cannot overwrite a sandbox global");
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* ---- guarded base functions (checklist 4, 6, 7, 8) ---- */

static inline int clua__rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (clua__marked(L, 1, CLUA__KEY_RO))
        return clua__raisef(L, "refused: cannot modify a read-only table");
    if (clua__marked(L, 1, CLUA__KEY_ENV)) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 1) == LUA_TNIL) {      /* new key: same rule as __newindex */
            lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
            lua_pushvalue(L, 2);
            if (lua_rawget(L, -2) != LUA_TNIL) {
                if (lua_type(L, 2) == LUA_TSTRING)
                    return clua__raisef(L, "refused: cannot overwrite sandbox global '%s'", lua_tostring(L, 2));
                return clua__raisef(L, "refused: cannot overwrite a sandbox global");
            }
        }
        lua_settop(L, 3);
    }
    lua_rawset(L, 1);
    return 1;
}

static inline int clua__is_metamethod_key(lua_State *L, int idx) {
    size_t l;
    const char *k;
    if (lua_type(L, idx) != LUA_TSTRING) return 0;
    k = lua_tolstring(L, idx, &l);     /* a string already: no conversion */
    return l > 2 && k[0] == '_' && k[1] == '_';
}

/* Does the frozen copy at `copy` still equal the metamethods of `mt`?
   Counts visited entries in *visited (charged by the caller). */
static inline int clua__copy_matches(lua_State *L, int mt, int copy, double *visited) {
    lua_Integer n = 0, stored;
    int same = 1;
    lua_pushnil(L);
    while (lua_next(L, mt)) {             /* key -2, value -1 */
        *visited += 1;
        if (same && clua__is_metamethod_key(L, -2)) {
            n++;
            lua_pushvalue(L, -2);
            lua_rawget(L, copy);
            if (!lua_rawequal(L, -1, -2)) same = 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_rawgetp(L, copy, CLUA__KEY_COUNT);
    stored = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return same && stored == n;
}

/* Pushes a new table holding only the metamethods ("__*" keys) of `mt`. */
static inline void clua__make_copy(lua_State *L, int mt, double *visited) {
    lua_Integer n = 0;
    int copy;
    lua_createtable(L, 0, 4);
    copy = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, mt)) {
        *visited += 1;
        if (clua__is_metamethod_key(L, -2)) {
            n++;
            lua_pushvalue(L, -2);
            lua_insert(L, -2);               /* key key value */
            lua_rawset(L, copy);             /* copy[key] = value; key stays */
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushinteger(L, n);
    lua_rawsetp(L, copy, CLUA__KEY_COUNT);
}

/* setmetatable: refuses __gc (any non-nil value) and __concat; the VM gets a
   frozen copy of the metamethods (cached per user metatable, re-made when
   the user table changed), getmetatable returns the user's table.
   Upvalue 1: cache {user mt -> copy} (weak keys); upvalue 2: {copy -> user mt}. */
static inline int clua__setmetatable(lua_State *L) {
    int t2 = lua_type(L, 2);
    double visited = 0;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t2 == LUA_TNIL || t2 == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (lua_getmetatable(L, 1)) {            /* index 3 */
        lua_rawgetp(L, 3, CLUA__KEY_RO);
        lua_rawgetp(L, 3, CLUA__KEY_ENV);
        if (lua_toboolean(L, -1) || lua_toboolean(L, -2))
            return clua__raisef(L, "refused: cannot change the metatable of a sandbox table");
        lua_pop(L, 2);
        lua_pushliteral(L, "__metatable");
        if (lua_rawget(L, 3) != LUA_TNIL)
            return luaL_error(L, "cannot change a protected metatable");
        lua_settop(L, 2);
    }
    if (t2 == LUA_TNIL) {
        lua_setmetatable(L, 1);
        return 1;
    }
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL)
        return clua__raisef(L, "refused: __gc metamethods are not allowed in the sandbox");
    lua_pop(L, 1);
    lua_pushliteral(L, "__concat");
    if (lua_rawget(L, 2) != LUA_TNIL)
        return clua__raisef(L, "refused: __concat metamethods are not allowed in the sandbox");
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));      /* 3: cached copy or nil */
    if (!lua_istable(L, 3) || !clua__copy_matches(L, 2, 3, &visited)) {
        lua_settop(L, 2);
        clua__make_copy(L, 2, &visited);     /* 3: new copy */
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_rawset(L, lua_upvalueindex(1));
        lua_pushvalue(L, 3);
        lua_pushvalue(L, 2);
        lua_rawset(L, lua_upvalueindex(2));
    }
    lua_setmetatable(L, 1);                  /* pops the copy */
    clua__charge(L, 1 + 16 * visited);     /* an entry costs ~8-40 VM instructions (measured) */
    lua_settop(L, 1);
    return 1;
}

/* getmetatable: __metatable field if any, else the user's table for a frozen
   copy, else nil. Upvalue 1: {copy -> user mt}. */
static inline int clua__getmetatable(lua_State *L) {
    luaL_checkany(L, 1);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, -2) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

/* xpcall: the handler runs after unwinding, under the hook (checklist 7).
   After a budget/timeout/cancel stop the error is re-raised untouched. */
static inline int clua__xpcall(lua_State *L) {
    int n = lua_gettop(L), i, st;
    clua_Sandbox *sb;
    luaL_checktype(L, 2, LUA_TFUNCTION);
    luaL_checkstack(L, n, "too many arguments");
    lua_pushvalue(L, 1);
    for (i = 3; i <= n; i++) lua_pushvalue(L, i);
    st = lua_pcall(L, n - 2, LUA_MULTRET, 0);
    sb = clua_sandbox(L);
    if (st == LUA_OK) {
        lua_pushboolean(L, 1);
        lua_insert(L, n + 1);
        return lua_gettop(L) - n;
    }
    if (sb->stop_reason != CLUA_STOP_NONE) return lua_error(L);
    if (st != LUA_ERRMEM) {                  /* memory errors skip the handler, as in Lua */
        lua_pushvalue(L, 2);
        lua_insert(L, -2);
        st = lua_pcall(L, 1, 1, 0);
        if (st != LUA_OK && sb->stop_reason != CLUA_STOP_NONE) return lua_error(L);
    }
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* ---- deterministic math.random (checklist 18) ---- */

typedef struct clua__Rng { uint64_t s; } clua__Rng;

static inline void clua__rng_seed(clua__Rng *r, uint64_t seed) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;          /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    r->s = z ? z : 0x9E3779B97F4A7C15ULL;
}

static inline uint64_t clua__rng_next(clua__Rng *r) {  /* xorshift64* */
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static inline int clua__random(lua_State *L) {
    clua__Rng *r = (clua__Rng *)lua_touserdata(L, lua_upvalueindex(1));
    uint64_t rv = clua__rng_next(r), lim, v;
    lua_Integer low, up;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)(rv >> 11) * 0x1.0p-53);
        return 1;
    case 1:
        low = 1;
        up = luaL_checkinteger(L, 1);
        if (up == 0) {                                  /* full random integer */
            lua_pushinteger(L, (lua_Integer)rv);
            return 1;
        }
        break;
    case 2:
        low = luaL_checkinteger(L, 1);
        up = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= up, lua_gettop(L), "interval is empty");
    lim = (uint64_t)up - (uint64_t)low;
    if ((lim & (lim + 1)) == 0) {
        v = rv & lim;
    } else {                                            /* rejection: no modulo bias */
        uint64_t m = lim;
        m |= m >> 1; m |= m >> 2; m |= m >> 4; m |= m >> 8; m |= m >> 16; m |= m >> 32;
        while ((v = rv & m) > lim) rv = clua__rng_next(r);
    }
    lua_pushinteger(L, (lua_Integer)(v + (uint64_t)low));
    return 1;
}

static inline int clua__randomseed(lua_State *L) {
    clua__Rng *r = (clua__Rng *)lua_touserdata(L, lua_upvalueindex(1));
    if (lua_isnone(L, 1)) {
        clua__rng_seed(r, CLUA_RANDOM_SEED);            /* deterministic, unlike stock */
    } else {
        lua_Integer n1 = luaL_checkinteger(L, 1);
        lua_Integer n2 = luaL_optinteger(L, 2, 0);
        clua__rng_seed(r, (uint64_t)n1 ^ ((uint64_t)n2 * 0xD1B54A32D192ED03ULL));
    }
    return 0;
}

/* ---- guards for C library functions (checklist 15, facts 5.4) ---- */

/* Upvalue 1 of every guard is the original C function (checked at open time
   to be a C function without upvalues). Calling it directly, in the guard's
   own frame, keeps Lua's messages exactly as without the guard: argument
   errors name the function and luaL_where(L, 1) is the script's line. */
static inline int clua__orig(lua_State *L) {
    lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
    return f(L);
}

/* Charge by input: 1 + string argument bytes / 4 (utf8.len, utf8.offset). */
static inline int clua__g_by_input(lua_State *L) {
    int top = lua_gettop(L), i;
    double bytes = 0;
    for (i = 1; i <= top; i++)
        if (lua_type(L, i) == LUA_TSTRING) bytes += (double)lua_rawlen(L, i);
    clua__charge(L, 1 + bytes / 4);
    return clua__orig(L);
}

/* Charge by output, after the call: 1 + results + string result bytes / 4
   (string.sub/upper/lower/reverse/byte/char/pack/unpack, utf8.char/codepoint). */
static inline int clua__g_by_output(lua_State *L) {
    int nres = clua__orig(L), i, top = lua_gettop(L);
    double work = 1 + nres;
    for (i = top - nres + 1; i <= top; i++)
        if (lua_type(L, i) == LUA_TSTRING) work += (double)lua_rawlen(L, i) / 4;
    clua__charge(L, work);
    return nres;
}

/* string.rep: "" at once when #s + #sep == 0 (the stock loop never ends);
   results larger than the remaining memory allowance fail as memory errors
   before anything is copied; charge bytes / 4 (measured here: C string work
   ~1 ns a byte, a hooked VM instruction ~4 ns). */
static inline int clua__g_rep(lua_State *L) {
    size_t l, lsep;
    clua_Sandbox *sb = clua_sandbox(L);
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
    if (!sb->host_mode && total > clua__memory_room(L, total))
        return clua__raise_memory(L, "string.rep", total);
    clua__charge(L, 1 + total / 4);
    return clua__orig(L);
}

/* Index after the set starting at p[i] == '[' (mirrors lstrlib classEnd). */
static inline size_t clua__skip_set(const char *p, size_t lp, size_t i) {
    i++;
    if (i < lp && p[i] == '^') i++;
    do {
        if (i >= lp) return lp;
        if (p[i] == '%') i += 2; else i++;
    } while (i < lp && p[i] != ']');
    return i < lp ? i + 1 : lp;
}

/* The rest of a pattern is only captures: a quantifier before it cannot
   backtrack (its first attempt already succeeds). */
static inline int clua__only_captures(const char *p, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != '(' && p[i] != ')') return 0;
    return 1;
}

/* Number of constructs that multiply backtracking work: *, +, -, ? after a
   single-character class (unless nothing but captures follows), %b, back
   references %1-%9. */
static inline int clua__pattern_quantifiers(const char *p, size_t lp, int allow_anchor, int *anchored) {
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
                if (i < lp && p[i] == '[') i = clua__skip_set(p, lp, i);
                continue;
            }
            if (d >= '0' && d <= '9') { q++; i += 2; continue; }
            i += 2;
        } else if (c == '[') {
            i = clua__skip_set(p, lp, i);
        } else {
            i++;
        }
        if (i < lp && (p[i] == '*' || p[i] == '+' || p[i] == '-' || p[i] == '?')) {
            i++;
            if (!clua__only_captures(p + i, lp - i)) q++;
        }
    }
    return q;
}

static inline int clua__has_specials(const char *p, size_t lp) {
    size_t i;
    for (i = 0; i < lp; i++)
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
    return 0;
}

/* Pattern gate for string.find/match/gmatch/gsub (upvalue 2: 0 find,
   1 match, 2 gmatch, 3 gsub). Worst-case work estimate
   (#p+1) * (#subject+1)^(q+1) (exponent q when anchored with '^');
   plain find = (#s+1) * (#p+1). Refused above sb->pattern_limit; the
   estimate / 256 is charged. */
static inline int clua__g_pattern(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    int t1 = lua_type(L, 1), t2 = lua_type(L, 2);
    size_t ls, lp;
    const char *p;
    double eff, work, limit;
    if ((t1 != LUA_TSTRING && t1 != LUA_TNUMBER) || (t2 != LUA_TSTRING && t2 != LUA_TNUMBER))
        return clua__orig(L);                /* let the original report the type error */
    (void)lua_tolstring(L, 1, &ls);
    p = lua_tolstring(L, 2, &lp);
    eff = (double)ls;
    if (kind != 3 && lua_type(L, 3) == LUA_TNUMBER) {   /* init */
        int isint;
        lua_Integer init = lua_tointegerx(L, 3, &isint);
        if (isint) {
            if (init < 0) init = (init < -(lua_Integer)ls) ? 1 : (lua_Integer)ls + init + 1;
            else if (init == 0) init = 1;
            eff = init > (lua_Integer)ls + 1 ? 0 : (double)ls - (double)(init - 1);
        }
    }
    limit = sb->pattern_limit ? (double)sb->pattern_limit : (double)CLUA_DEFAULT_PATTERN_LIMIT;
    if (kind == 0 && (lua_toboolean(L, 4) || !clua__has_specials(p, lp))) {
        work = (eff + 1) * ((double)lp + 1);
    } else {
        int anchored, e, k;
        int q = clua__pattern_quantifiers(p, lp, kind != 2, &anchored);
        e = anchored ? q : q + 1;
        work = (double)lp + 1;
        for (k = 0; k < e && work <= limit; k++) work *= eff + 1;
    }
    if (work > limit)
        return clua__raisef(L, "refused: pattern too expensive for a %I-byte subject "
                               "(estimated %f steps, limit %f)",
                            (lua_Integer)ls, (lua_Number)work, (lua_Number)limit);
    clua__charge(L, 1 + work / 256);
    return clua__orig(L);
}

/* string.format: '%p' refused; '%s' of tables/functions/... without
   __tostring gives the type name, not "table: 0x55..." (checklist 18). */
static inline int clua__g_format(lua_State *L) {
    size_t fl, i;
    const char *f = luaL_checklstring(L, 1, &fl);
    int top = lua_gettop(L), arg = 1, nres, k;
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
        if (c == 'p')
            return clua__raisef(L, "refused: string.format('%%p') is not available in the sandbox");
        if (c == 's' && arg <= top) {
            int t = lua_type(L, arg);
            if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA ||
                t == LUA_TTHREAD || t == LUA_TLIGHTUSERDATA) {
                clua__tostring_safe(L, arg, NULL);
                lua_replace(L, arg);
            }
        }
    }
    nres = clua__orig(L);
    top = lua_gettop(L);
    for (k = top - nres + 1; k <= top; k++)
        if (lua_type(L, k) == LUA_TSTRING) work += (double)lua_rawlen(L, k) / 4;
    clua__charge(L, work);
    return nres;
}

/* Plain-table check for the table guards: 0 if not a table (the original
   then reports the type error), 1 if a table without __index/__newindex/__len,
   raises otherwise, so every loop is bounded by real elements. */
static inline int clua__plain(lua_State *L, int idx, const char *fname) {
    static const char *const mm[] = {"__index", "__newindex", "__len"};
    int i;
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    if (clua__marked(L, idx, CLUA__KEY_RO))
        return clua__raisef(L, "refused: cannot modify a read-only table");
    if (!lua_getmetatable(L, idx)) return 1;
    for (i = 0; i < 3; i++) {
        lua_pushstring(L, mm[i]);
        if (lua_rawget(L, -2) != LUA_TNIL)
            return clua__raisef(L, "refused: %s needs a plain table (this one has a %s metamethod)",
                                fname, mm[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

/* Read-only host views may be read by table.concat / table.unpack: the real
   table replaces the proxy as argument (it is not returned to the script). */
static inline void clua__ro_substitute(lua_State *L, int idx) {
    if (lua_type(L, idx) == LUA_TTABLE && clua__ro_real(L, idx)) lua_replace(L, idx);
}

static inline double clua__log2(double n) {
    double b = 1;
    while (n > 1) { n /= 2; b += 1; }
    return b;
}

/* upvalue 2: 0 insert, 1 remove, 2 sort */
static inline int clua__g_tmodify(lua_State *L) {
    static const char *const names[] = {"table.insert", "table.remove", "table.sort"};
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    if (clua__plain(L, 1, names[kind])) {
        double n = (double)lua_rawlen(L, 1);
        double work = 1;
        if (kind == 0 && lua_gettop(L) >= 3) work += n;        /* shifting insert */
        else if (kind == 1 && lua_gettop(L) >= 2) work += n;   /* shifting remove */
        else if (kind == 2) work += n * clua__log2(n);
        clua__charge(L, work);
    }
    return clua__orig(L);
}

static inline int clua__g_tconcat(lua_State *L) {
    int nres, k;
    double work = 1;
    clua__ro_substitute(L, 1);
    if (clua__plain(L, 1, "table.concat")) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
        lua_Integer i = luaL_optinteger(L, 3, 1);
        lua_Integer j = luaL_optinteger(L, 4, n);
        double cnt = j >= i ? (double)j - (double)i + 1 : 0;
        if (cnt > (double)n + 1) cnt = (double)n + 1;   /* it stops at the first hole */
        clua__charge(L, 1 + cnt);
    }
    nres = clua__orig(L);
    for (k = lua_gettop(L) - nres + 1; k <= lua_gettop(L); k++)
        if (lua_type(L, k) == LUA_TSTRING) work += (double)lua_rawlen(L, k) / 4;
    clua__charge(L, work);
    return nres;
}

static inline int clua__g_tunpack(lua_State *L) {
    clua__ro_substitute(L, 1);
    if (clua__plain(L, 1, "table.unpack")) {
        lua_Integer i = luaL_optinteger(L, 2, 1);
        lua_Integer j = lua_isnoneornil(L, 3) ? (lua_Integer)lua_rawlen(L, 1) : luaL_checkinteger(L, 3);
        double cnt = j >= i ? (double)j - (double)i + 1 : 0;
        if (cnt > 1e6) cnt = 1e6;           /* above that the original refuses anyway */
        clua__charge(L, 1 + cnt);
    }
    return clua__orig(L);
}

/* table.move(a1, f, e, t [, a2]): the range f..e must lie inside the source
   array, so no C loop runs over a huge empty range. */
static inline int clua__g_tmove(lua_State *L) {
    int p1;
    if (!lua_isnoneornil(L, 5)) clua__ro_substitute(L, 1);   /* reading a view into another table */
    p1 = clua__plain(L, 1, "table.move");
    if (!lua_isnoneornil(L, 5)) (void)clua__plain(L, 5, "table.move");
    if (p1) {
        lua_Integer f = luaL_checkinteger(L, 2);
        lua_Integer e = luaL_checkinteger(L, 3);
        (void)luaL_checkinteger(L, 4);
        if (e >= f) {
            lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
            if (f < 1 || e > n)
                return clua__raisef(L, "refused: table.move range %I..%I lies outside the source array (1..%I)",
                                    f, e, n);
            clua__charge(L, 1 + (double)(e - f));
        }
    }
    return clua__orig(L);
}

/* Replaces lib[name] (a C function without upvalues) by guard(original, kind). */
static inline void clua__wrap(lua_State *L, int lib, const char *name, lua_CFunction guard, int kind) {
    lua_CFunction orig;
    lua_getfield(L, lib, name);
    orig = lua_tocfunction(L, -1);
    if (orig == NULL || lua_getupvalue(L, -1, 1) != NULL)
        luaL_error(L, "clua: cannot wrap %s", name);
    lua_pop(L, 1);
    lua_pushcclosure(L, orig, 0);
    lua_pushinteger(L, kind);
    lua_pushcclosure(L, guard, 2);
    lua_setfield(L, lib, name);
}

static inline void clua__set_refused_fn(lua_State *L, int tbl, const char *field, const char *shown) {
    lua_pushstring(L, shown);
    lua_pushcclosure(L, clua__refused_fn, 1);
    lua_setfield(L, tbl, field);
}

/* Pushes a proxy whose every field raises "refused: lib.key is not available". */
static inline void clua__push_refused_lib(lua_State *L, const char *lib) {
    static const char *const keyed[] = {"__index", "__newindex"};
    static const char *const whole[] = {"__call", "__pairs", "__len"};
    int i;
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 8);
    for (i = 0; i < 2; i++) {
        lua_pushstring(L, lib);
        lua_pushboolean(L, 1);
        lua_pushcclosure(L, clua__refused_lib, 2);
        lua_setfield(L, -2, keyed[i]);
    }
    for (i = 0; i < 3; i++) {
        lua_pushstring(L, lib);
        lua_pushboolean(L, 0);
        lua_pushcclosure(L, clua__refused_lib, 2);
        lua_setfield(L, -2, whole[i]);
    }
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, CLUA__KEY_RO);
    lua_setmetatable(L, -2);
}

/* Builds the sandbox (runs under lua_pcall, so it may raise). */
static inline int clua__open_impl(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};
    static const char *const refused[] = {
        "load", "loadstring", "dofile", "loadfile", "require", "module",
        "collectgarbage", "setfenv", "getfenv", "newproxy", "warn", NULL};
    static const char *const refused_libs[] = {"io", "os", "package", "debug", "coroutine", NULL};
    const luaL_Reg *lib;
    int G, S, T, M, U, i;
    clua__Rng *rng;

    for (lib = libs; lib->func; lib++) {              /* checklist 3 */
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    G = lua_gettop(L);

    /* base (checklist 4) */
    for (i = 0; refused[i]; i++) clua__set_refused_fn(L, G, refused[i], refused[i]);
    lua_pushnil(L);
    lua_setfield(L, G, LUA_GNAME);      /* each env has its own _G */
    lua_pushcclosure(L, clua__print, 0);
    lua_setfield(L, G, "print");
    lua_pushcclosure(L, clua__tostring, 0);
    lua_setfield(L, G, "tostring");
    lua_pushcclosure(L, clua__rawset, 0);
    lua_setfield(L, G, "rawset");
    lua_pushcclosure(L, clua__xpcall, 0);
    lua_setfield(L, G, "xpcall");
    lua_createtable(L, 0, 0);                         /* cache: user mt -> copy */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_createtable(L, 0, 0);                         /* copies: copy -> user mt */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, clua__getmetatable, 1);
    lua_setfield(L, G, "getmetatable");
    lua_pushcclosure(L, clua__setmetatable, 2);
    lua_setfield(L, G, "setmetatable");

    /* io os package debug coroutine: refusing proxies */
    for (i = 0; refused_libs[i]; i++) {
        clua__push_refused_lib(L, refused_libs[i]);
        lua_setfield(L, G, refused_libs[i]);
    }

    /* string (checklist 5, 15, 18) */
    lua_getfield(L, G, LUA_STRLIBNAME);
    S = lua_gettop(L);
    clua__set_refused_fn(L, S, "dump", "string.dump");   /* the real table: ("").dump too */
    clua__wrap(L, S, "rep", clua__g_rep, 0);
    clua__wrap(L, S, "find", clua__g_pattern, 0);
    clua__wrap(L, S, "match", clua__g_pattern, 1);
    clua__wrap(L, S, "gmatch", clua__g_pattern, 2);
    clua__wrap(L, S, "gsub", clua__g_pattern, 3);
    clua__wrap(L, S, "format", clua__g_format, 0);
    {
        static const char *const out[] = {"sub", "upper", "lower", "reverse", "byte",
                                          "char", "pack", "unpack", NULL};
        for (i = 0; out[i]; i++) clua__wrap(L, S, out[i], clua__g_by_output, 0);
    }
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) return luaL_error(L, "clua: no string metatable");
    lua_pushvalue(L, S);
    lua_setfield(L, -2, "__index");     /* unreachable by scripts; method calls */
    lua_createtable(L, 0, 1);           /* what getmetatable("") shows */
    clua__push_ro_proxy(L, S);
    lua_setfield(L, -2, "__index");
    clua__push_ro_proxy(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, CLUA__KEY_RO);
    lua_pop(L, 2);
    clua__push_ro_proxy(L, S);
    lua_setfield(L, G, LUA_STRLIBNAME);
    lua_pop(L, 1);

    /* table */
    lua_getfield(L, G, LUA_TABLIBNAME);
    T = lua_gettop(L);
    clua__wrap(L, T, "insert", clua__g_tmodify, 0);
    clua__wrap(L, T, "remove", clua__g_tmodify, 1);
    clua__wrap(L, T, "sort", clua__g_tmodify, 2);
    clua__wrap(L, T, "concat", clua__g_tconcat, 0);
    clua__wrap(L, T, "unpack", clua__g_tunpack, 0);
    clua__wrap(L, T, "move", clua__g_tmove, 0);
    clua__push_ro_proxy(L, T);
    lua_setfield(L, G, LUA_TABLIBNAME);
    lua_pop(L, 1);

    /* math: deterministic random */
    lua_getfield(L, G, LUA_MATHLIBNAME);
    M = lua_gettop(L);
    rng = (clua__Rng *)lua_newuserdatauv(L, sizeof(clua__Rng), 0);
    clua__rng_seed(rng, CLUA_RANDOM_SEED);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, CLUA__KEY_RNG);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, clua__random, 1);
    lua_setfield(L, M, "random");
    lua_pushcclosure(L, clua__randomseed, 1);
    lua_setfield(L, M, "randomseed");
    clua__push_ro_proxy(L, M);
    lua_setfield(L, G, LUA_MATHLIBNAME);
    lua_pop(L, 1);

    /* utf8 */
    lua_getfield(L, G, LUA_UTF8LIBNAME);
    U = lua_gettop(L);
    clua__wrap(L, U, "len", clua__g_by_input, 0);
    clua__wrap(L, U, "offset", clua__g_by_input, 0);
    clua__wrap(L, U, "codepoint", clua__g_by_output, 0);
    clua__wrap(L, U, "char", clua__g_by_output, 0);
    clua__push_ro_proxy(L, U);
    lua_setfield(L, G, LUA_UTF8LIBNAME);
    lua_pop(L, 1);

    /* the read-only view of the globals that every env reads through */
    clua__push_ro_proxy(L, G);
    lua_rawsetp(L, LUA_REGISTRYINDEX, CLUA__KEY_GPROXY);
    lua_settop(L, 0);
    return 0;
}

static inline int clua__env_impl(lua_State *L) {
    lua_createtable(L, 0, 4);                          /* env */
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, LUA_GNAME);                    /* _G is the env itself */
    lua_createtable(L, 0, 4);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, CLUA__KEY_GPROXY) != LUA_TTABLE)
        return luaL_error(L, "clua: sandbox not opened");
    lua_setfield(L, -2, "__index");
    lua_pushcclosure(L, clua__env_newindex, 0);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pushboolean(L, 1);
    lua_rawsetp(L, -2, CLUA__KEY_ENV);
    lua_setmetatable(L, -2);
    return 1;
}

static inline int clua__make_readonly_impl(lua_State *L) {
    clua__push_ro_proxy(L, 1);
    return 1;
}

/* Replaces every nested table of the table at idx (host-built data: no metatables, no
   cycles) by a read-only proxy, depth first, at most `depth` levels. */
static inline void clua__readonly_children(lua_State *L, int idx, int depth) {
    idx = lua_absindex(L, idx);
    if (depth <= 0 || !lua_checkstack(L, 8)) return;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        if (lua_type(L, -1) == LUA_TTABLE && !clua__marked(L, -1, CLUA__KEY_RO)) {
            clua__readonly_children(L, -1, depth - 1);
            clua__push_ro_proxy(L, -1);          /* key, table, proxy */
            lua_pushvalue(L, -3);                /* key, table, proxy, key */
            lua_insert(L, -2);                   /* key, table, key, proxy */
            lua_rawset(L, idx);                  /* replacing a present key's value is allowed during lua_next */
        }
        lua_pop(L, 1);
    }
}

static inline int clua__make_readonly_deep_impl(lua_State *L) {
    clua__readonly_children(L, 1, 16);
    clua__push_ro_proxy(L, 1);
    return 1;
}

/* Trampoline for Swift functions (checklist 12, 17). */
static inline int clua__trampoline(lua_State *L) {
    void *fp = lua_touserdata(L, lua_upvalueindex(1));
    void *ctx = lua_touserdata(L, lua_upvalueindex(2));
    clua_Sandbox *sb = clua_sandbox(L);
    clua_SwiftFunction fn;
    int prev = sb->host_mode, n;
    memcpy(&fn, &fp, sizeof fn);
    sb->host_mode = 1;                   /* Swift pushes cannot fail for memory */
    n = fn(L, ctx);
    if (n < 0 || n > lua_gettop(L)) {
        if (n >= 0) lua_pushliteral(L, "host function returned more results than it pushed");
        else if (lua_gettop(L) < 1 || lua_type(L, -1) != LUA_TSTRING) lua_pushliteral(L, "host function failed");
        clua__where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        sb->host_mode = prev;
        return lua_error(L);             /* raised in C, after Swift returned */
    }
    sb->host_mode = prev;
    clua__charge(L, 1);
    return n;
}

/* ------------------------------------------------------------------------ */
/* 4. Public sandbox API                                                    */
/*                                                                          */
/* Each function below makes sure of the few stack slots it needs itself   */
/* (the API only guarantees LUA_MINSTACK = 20 free slots); host code that   */
/* keeps more values on the stack must call lua_checkstack for its own.     */
/* ------------------------------------------------------------------------ */

#define CLUA__STACK_NEED 8

/* Ctrl-C: while the host catches interrupts, SIGINT cancels the script running in
   clua_call (lua_sethook is documented as callable from a signal) and sets a flag the
   host polls between calls. */
static lua_State *volatile clua__active_state = NULL;
static volatile sig_atomic_t clua__interrupt_flag = 0;
static void clua__on_interrupt(int signal_number) {
    lua_State *L = clua__active_state;
    (void)signal_number;
    clua__interrupt_flag = 1;
    if (L) {
        clua_Sandbox *sb = clua_sandbox(L);
        atomic_store(&sb->cancel, 1);
        lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
    }
}
/* Installs (on=1) the Ctrl-C handler above; the previous handler is restored with on=0. */
static inline void clua_catch_interrupts(int on) {
    static struct sigaction previous;
    static int installed = 0;
    if (on && !installed) {
        struct sigaction action;
        sigset_t interrupt_only;
        sigemptyset(&interrupt_only);
        sigaddset(&interrupt_only, SIGINT);
        pthread_sigmask(SIG_UNBLOCK, &interrupt_only, NULL);   /* a parent may have blocked it */
        memset(&action, 0, sizeof action);
        action.sa_handler = clua__on_interrupt;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &previous);
        installed = 1;
        clua__interrupt_flag = 0;
    } else if (!on && installed) {
        sigaction(SIGINT, &previous, NULL);
        installed = 0;
    }
}
/* True once after Ctrl-C arrived while interrupts were caught. */
static inline int clua_take_interrupt(void) {
    int was = clua__interrupt_flag;
    clua__interrupt_flag = 0;
    return was;
}

/* Creates a state with a capped allocator whose ud is sb (checklist 1, 11)
   and a panic function (2). Zero fields of sb get defaults. The state starts
   in host mode (cap lifted) — it is lowered only while script code runs or
   compiles. NULL on failure. */
static inline lua_State *clua_new(clua_Sandbox *sb) {
    lua_State *L;
    if (sb->limit == 0) sb->limit = CLUA_DEFAULT_MEMORY_LIMIT;
    if (sb->hook_every <= 0) sb->hook_every = CLUA_DEFAULT_HOOK_EVERY;
    if (sb->source_limit == 0) sb->source_limit = CLUA_DEFAULT_SOURCE_LIMIT;
    if (sb->pattern_limit == 0) sb->pattern_limit = CLUA_DEFAULT_PATTERN_LIMIT;
    sb->host_mode = 1;
    L = lua_newstate(clua__alloc, sb);
    if (L == NULL) return NULL;
    lua_atpanic(L, clua__panic);
    return L;
}

/* Opens and locks the sandbox libraries (see the allowlist). Runs under
   host_mode. Returns LUA_OK, or an error status with the message on the stack. */
static inline int clua_open_sandbox(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode, st;
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    lua_pushcclosure(L, clua__open_impl, 0);
    st = lua_pcall(L, 0, 0, 0);
    sb->host_mode = prev;
    return st;
}

/* Pushes a fresh per-script environment: __index = read-only sandbox
   globals, __newindex refuses overwriting sandbox globals, _G = the env
   itself. Pushes nil if that failed (fail closed). */
static inline void clua_push_new_env(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    lua_pushcclosure(L, clua__env_impl, 0);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    sb->host_mode = prev;
}

/* Loads text only ("t"), chunk name "@"+name, after the size check;
   compiles under the memory cap; sets _ENV (upvalue 1) to the table at
   env_index. Leaves the function, or an error message, on the stack.
   Errors: LUA_ERRSYNTAX ("<name>:<line>: ..." / "<name>: script too large
   (...)" / "<name>: attempt to load a binary chunk (mode is 't')"),
   LUA_ERRMEM ("<name>: memory limit of N bytes exceeded while compiling ..."). */
static inline int clua_load(lua_State *L, const char *source, size_t len, const char *name, int env_index) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode, st;
    size_t limit = sb->source_limit ? sb->source_limit : CLUA_DEFAULT_SOURCE_LIMIT;
    env_index = lua_absindex(L, env_index);
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    if (len > limit) {
        lua_pushfstring(L, "%s: script too large (%I bytes, limit %I)", name,
                        (lua_Integer)len, (lua_Integer)limit);
        sb->host_mode = prev;
        return LUA_ERRSYNTAX;
    }
    lua_pushfstring(L, "@%s", name);
    sb->host_mode = 0;                   /* compile under the cap (checklist 9) */
    sb->limit_hit = 0;
    st = luaL_loadbufferx(L, source, len, lua_tostring(L, -1), "t");
    sb->host_mode = 1;
    lua_remove(L, -2);                   /* the chunk name */
    if (st == LUA_OK) {
        lua_pushvalue(L, env_index);
        if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    } else if (st == LUA_ERRMEM) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory limit of %I bytes exceeded while compiling (not enough memory)",
                        name, (lua_Integer)sb->limit);
    } else {
        /* syntax errors carry "name:line:"; others (binary chunk, parser
           "C stack overflow") get the script name. */
        size_t ml, nl = strlen(name);
        const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &ml) : NULL;
        if (m == NULL) {
            lua_pop(L, 1);
            lua_pushfstring(L, "%s: cannot load script", name);
        } else if (!(ml > nl && memcmp(m, name, nl) == 0 && m[nl] == ':') &&
                   !clua__starts_with(m, ml, "...")) {
            lua_pushfstring(L, "%s: ", name);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        st = LUA_ERRSYNTAX;
    }
    sb->host_mode = prev;
    return st;
}

/* Calls the function below nargs arguments under the budget/clock/cancel
   hook with the C message handler (checklist 10, 13). budget <= 0: no
   instruction budget; timeout <= 0: no deadline. Afterwards the hook is
   removed and a full GC runs. On error the message is on the stack:
   budget/timeout/cancel: "<script>:<line>: instruction budget exceeded" etc.
   (sb->stop_reason says which); LUA_ERRMEM: "memory limit of N bytes exceeded
   (not enough memory)". The cancel flag is cleared when the call returns. */
static inline int clua_call(lua_State *L, int nargs, int nresults, long long budget_instructions,
                            double timeout_seconds) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode, base, st;
    clua__Rng *rng;
    if (nargs < 0 || lua_gettop(L) < nargs + 1) {
        lua_pushliteral(L, "clua_call: fewer values on the stack than nargs + 1");
        return LUA_ERRRUN;
    }
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    base = lua_gettop(L) - nargs;        /* the function */
    sb->budget = budget_instructions > 0 ? budget_instructions : 0;
    sb->spent = 0;
    sb->deadline = timeout_seconds > 0 ? clua__now() + timeout_seconds : 0;
    sb->stop_reason = CLUA_STOP_NONE;
    sb->limit_hit = 0;
    if (sb->hook_every <= 0) sb->hook_every = CLUA_DEFAULT_HOOK_EVERY;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, CLUA__KEY_RNG) == LUA_TUSERDATA) {
        rng = (clua__Rng *)lua_touserdata(L, -1);
        clua__rng_seed(rng, CLUA_RANDOM_SEED);     /* same inputs, same numbers */
    }
    lua_pop(L, 1);
    lua_pushcclosure(L, clua__msgh, 0);            /* light C function: no allocation */
    lua_insert(L, base);
    lua_sethook(L, clua__hook, LUA_MASKCOUNT, sb->hook_every);
    sb->host_mode = 0;
    clua__active_state = L;
    if (clua__interrupt_flag) { atomic_store(&sb->cancel, 1); lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1); }
    st = lua_pcall(L, nargs, nresults, base);
    clua__active_state = NULL;
    sb->host_mode = 1;
    lua_sethook(L, NULL, 0, 0);
    lua_remove(L, base);
    if (st == LUA_OK && sb->stop_reason != CLUA_STOP_NONE) {
        /* a stop was swallowed and the script still returned: not a success */
        lua_settop(L, base - 1);
        lua_pushstring(L, clua__stop_text(sb->stop_reason));
        st = LUA_ERRRUN;
    }
    if (st == LUA_ERRRUN && sb->limit_hit && lua_type(L, -1) == LUA_TSTRING) {
        size_t ml;
        const char *m = lua_tolstring(L, -1, &ml);
        if (clua__starts_with(m, ml, "not enough memory")) st = LUA_ERRMEM;   /* buffers, guards */
    }
    if (st == LUA_ERRMEM) {
        lua_pop(L, 1);
        lua_pushfstring(L, "memory limit of %I bytes exceeded (not enough memory)", (lua_Integer)sb->limit);
    }
    /* A full collection after a call that left much garbage (checklist 11: the next run must
       not start near the cap); small calls leave the incremental collector to it. */
    if (st != LUA_OK || sb->used > sb->limit / 8) lua_gc(L, LUA_GCCOLLECT, 0);
    atomic_store(&sb->cancel, 0);
    sb->host_mode = prev;
    return st;
}

/* From any thread: stop the running script at its next instruction. */
static inline void clua_request_cancel(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    atomic_store(&sb->cancel, 1);
    lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
}

/* Pushes a Lua function that calls fn(L, ctx) (see clua_SwiftFunction). */
static inline void clua_pushswiftfunction(lua_State *L, clua_SwiftFunction fn, void *ctx) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    void *fp;
    memcpy(&fp, &fn, sizeof fp);
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    lua_pushlightuserdata(L, fp);
    lua_pushlightuserdata(L, ctx);
    lua_pushcclosure(L, clua__trampoline, 2);
    sb->host_mode = prev;
}

/* Replaces the table at idx by a read-only proxy (__index = table,
   __newindex refuses, __metatable = "locked", __len/__pairs see the real
   table). Shallow: make nested tables read-only first. Non-tables and
   existing proxies are left alone; on failure the slot becomes nil. */
static inline void clua_make_readonly(lua_State *L, int idx) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    idx = lua_absindex(L, idx);
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);   /* clua__marked pushes too */
    sb->host_mode = prev;
    if (lua_type(L, idx) != LUA_TTABLE || clua__marked(L, idx, CLUA__KEY_RO)) return;
    sb->host_mode = 1;
    lua_pushcclosure(L, clua__make_readonly_impl, 0);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    lua_replace(L, idx);
    sb->host_mode = prev;
}

/* Replaces the host-built table on top by a read-only proxy, without a protected call:
   for the host's builders, which run in host mode (cap lifted), where the proxy's two
   allocations can only fail if the process itself is out of memory. Nested tables must
   be sealed first; a non-table or an existing proxy is left alone. */
static inline void clua_seal_top(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    sb->host_mode = 1;
    if (lua_type(L, -1) == LUA_TTABLE && lua_checkstack(L, 4) && !clua__marked(L, -1, CLUA__KEY_RO)) {
        clua__push_ro_proxy(L, -1);
        lua_remove(L, -2);
    }
    sb->host_mode = prev;
}

/* Like clua_make_readonly, for a whole tree of host-built tables in one protected call:
   the table at idx and every table inside it become read-only proxies. */
static inline void clua_make_readonly_deep(lua_State *L, int idx) {
    clua_Sandbox *sb = clua_sandbox(L);
    int prev = sb->host_mode;
    idx = lua_absindex(L, idx);
    sb->host_mode = 1;
    (void)lua_checkstack(L, CLUA__STACK_NEED);
    if (lua_type(L, idx) == LUA_TTABLE) {
        lua_pushcclosure(L, clua__make_readonly_deep_impl, 0);
        lua_pushvalue(L, idx);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            lua_pop(L, 1);
            lua_pushnil(L);
        }
        lua_replace(L, idx);
    }
    sb->host_mode = prev;
}

/* For result conversion: if the value at idx is a read-only proxy, pushes
   the real table and returns 1; else pushes nothing and returns 0. Raw
   access only; never raises. */
static inline int clua_readonly_target(lua_State *L, int idx) {
    if (!lua_checkstack(L, 2)) return 0;
    return clua__ro_real(L, idx);
}

/* Classifies an outcome (checklist 16) from the status of clua_load or
   clua_call and its message. Conversion is the host's own check. */
static inline int clua_classify(const clua_Sandbox *sb, int status, const char *msg) {
    size_t ml = msg ? strlen(msg) : 0, first;
    const char *nl;
    static const char binary[] = "attempt to load a binary chunk (mode is 't')";
    if (status == LUA_OK) return CLUA_KIND_OK;
    if (status == LUA_ERRMEM) return CLUA_KIND_MEMORY;
    if (status == LUA_ERRSYNTAX) {
        size_t bl = sizeof(binary) - 1;
        if (msg && ml >= bl && memcmp(msg + ml - bl, binary, bl) == 0) return CLUA_KIND_REFUSED;
        if (msg && clua__contains(msg, ml, ": script too large (")) return CLUA_KIND_REFUSED;
        return CLUA_KIND_SYNTAX;
    }
    switch (sb->stop_reason) {
    case CLUA_STOP_BUDGET: return CLUA_KIND_BUDGET;
    case CLUA_STOP_TIMEOUT: return CLUA_KIND_TIMEOUT;
    case CLUA_STOP_CANCELLED: return CLUA_KIND_CANCELLED;
    default: break;
    }
    nl = msg ? strchr(msg, '\n') : NULL;
    first = nl ? (size_t)(nl - msg) : ml;
    if (msg && clua__contains(msg, first, "refused: ")) return CLUA_KIND_REFUSED;
    return CLUA_KIND_RUNTIME;
}

static inline const char *clua_kind_name(int kind) {
    static const char *const names[] = {"ok", "syntax", "runtime", "refused", "budget",
                                        "timeout", "cancelled", "memory", "conversion"};
    return (kind >= 0 && kind <= CLUA_KIND_CONVERSION) ? names[kind] : "unknown";
}

/* Closes the state with the cap lifted (no finalizer can fail for memory). */
static inline void clua_close(lua_State *L) {
    clua_Sandbox *sb = clua_sandbox(L);
    sb->host_mode = 1;
    lua_sethook(L, NULL, 0, 0);
    lua_close(L);
}

#endif
