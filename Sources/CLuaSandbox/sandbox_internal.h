#ifndef FOODLOG_CLUASANDBOX_INTERNAL_H
#define FOODLOG_CLUASANDBOX_INTERNAL_H
/* Shared by the sandbox's .c files only; Swift never sees this header. */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdatomic.h>
#include <stddef.h>
#include "CLuaSandbox.h"

/* ---- limits (sandbox.md §7) ---- */

#define CLUA_DEFAULT_MEMORY_LIMIT   ((size_t)32 * 1024 * 1024)
#define CLUA_HOOK_EVERY             1000     /* VM instructions between count hooks */
#define CLUA_HOOK_EVERY_UNDER_PRESSURE 10    /* after a refused allocation (sandbox.md §8) */
#define CLUA_SOURCE_LIMIT           ((size_t)256 * 1024)
#define CLUA_HASH_NODES_MAX         ((size_t)1 << 16)  /* nodes of one table's hash part (sandbox.md §2) */
#define CLUA_PATTERN_LIMIT          1e8      /* estimated steps of one pattern call */
#define CLUA_TONUMBER_LIMIT         ((size_t)4096)  /* bytes of a string tonumber converts */
#define CLUA_MESSAGE_MAX            2000     /* bytes of an error message kept */
#define CLUA_LOG_MAX                65536    /* bytes of print output kept */
#define CLUA_STACK_NEED             8        /* slots a public function makes sure of */
#define CLUA_TRUNCATED_MARK         "\xe2\x80\xa6[truncated]"   /* "…[truncated]" */

/* ---- names in the registry and in the sandbox's own metatables ----
   String keys, as Lua's own libraries use. Scripts cannot reach the
   registry, and a metatable a script builds never reaches the VM with
   such a key: setmetatable installs a copy holding only "__" keys
   (sandbox.md §4, §5). */

#define CLUA_KEY_READONLY  "foodlog.readonly"  /* in a proxy's metatable: true */
#define CLUA_KEY_ENV       "foodlog.env"       /* in a script environment's metatable: true */
#define CLUA_KEY_COUNT     "foodlog.count"     /* in a frozen metatable copy: how many metamethods */
#define CLUA_REG_RANDOM    "foodlog.random"    /* registry: the math.random state */
#define CLUA_REG_GLOBALS   "foodlog.globals"   /* registry: read-only view of the sandbox globals */
#define CLUA_REG_RAISED    "foodlog.raised"    /* registry: the last refusal or memory error raised */

/* ---- the record behind every state (its allocator's ud) ---- */

enum { CLUA_STOP_NONE = 0, CLUA_STOP_BUDGET, CLUA_STOP_TIMEOUT, CLUA_STOP_CANCELLED };
enum { CLUA_RAISED_NONE = 0, CLUA_RAISED_REFUSED, CLUA_RAISED_MEMORY };

struct clua_Sandbox {
    size_t used, limit;                 /* bytes held; the cap */
    int host_mode;                      /* 1 while the host allocates: cap lifted */
    int limit_hit;                      /* an allocation was refused during this call */
    struct { void *ptr; size_t old, size; } refused;  /* the last refused request */
    size_t node_size;                   /* bytes of one hash node, measured when the state is made */
    size_t probed;                      /* while measuring: the last fresh untagged block's size */
    int probing;                        /* 1 while node_size is being measured */
    size_t previous_fresh_tag;          /* type tag of the last block allocated afresh */
    int hash_limit_hit;                 /* a hash part past CLUA_HASH_NODES_MAX was refused this call */
    unsigned long long host_bytes;      /* bytes allocated in host mode so far */
    unsigned long long host_charged;    /* host_bytes already charged (sandbox.md §10) */
    long long budget, spent;            /* instruction budget of this call and what it used */
    double deadline;                    /* CLOCK_MONOTONIC seconds; 0: none */
    atomic_int cancel;                  /* set by Ctrl-C */
    int stop_reason;                    /* CLUA_STOP_*: set by the hook and by charging */
    int raised;                         /* CLUA_RAISED_*: what the sandbox itself raised (sandbox.md §9) */
    char log[CLUA_LOG_MAX];
    size_t log_len;
};

/* ---- state.c ---- */
clua_Sandbox *clua__sandbox(lua_State *L);
void clua__remember_raised(lua_State *L, int kind);
double clua__memory_room(lua_State *L, double needed);
int clua__raise_memory(lua_State *L, const char *what, double bytes);

/* ---- budget.c ---- */
double clua__now(void);
void clua__hook(lua_State *L, lua_Debug *ar);
void clua__charge(lua_State *L, double work);
void clua__charge_host_work(clua_Sandbox *sb);
int clua__stop_check(clua_Sandbox *sb);
const char *clua__stop_text(int reason);

/* ---- errors.c ---- */
void clua__where(lua_State *L, int level);
int clua__refuse(lua_State *L, const char *fmt, ...);
int clua__message_handler(lua_State *L);
size_t clua__utf8_cut(const char *s, size_t len, size_t max);

/* ---- readonly.c ---- */
int clua__rawget_name(lua_State *L, int idx, const char *name);
int clua__has_mark(lua_State *L, int idx, const char *mark);
int clua__ro_real(lua_State *L, int idx);
void clua__push_ro_proxy(lua_State *L, int idx);
void clua__lock_metatable(lua_State *L, const char *mark);
int clua__refuse_sandbox_global(lua_State *L, int key);

/* ---- base.c, random.c, strings.c, tables.c: opening their parts ---- */
void clua__open_base(lua_State *L, int globals);
void clua__set_refused(lua_State *L, int table, const char *field, const char *shown);
void clua__open_random(lua_State *L, int math);
void clua__reseed_random(lua_State *L);
void clua__open_string_guards(lua_State *L, int string);
void clua__open_string_charges(lua_State *L, int string);
void clua__open_utf8_guards(lua_State *L, int utf8);
void clua__open_table_guards(lua_State *L, int table);
void clua__wrap(lua_State *L, int lib, const char *name, lua_CFunction guard, int kind);
int clua__call_original(lua_State *L);
const char *clua__tostring_safe(lua_State *L, int idx, size_t *len);

#endif
