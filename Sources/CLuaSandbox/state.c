/* The sandbox record, the capped allocator and the state's lifetime
   (sandbox.md §2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sandbox_internal.h"

clua_Sandbox *clua__sandbox(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_Sandbox *)ud;
}

clua_Sandbox *clua_sandbox_create(size_t memory_limit) {
    clua_Sandbox *sb = (clua_Sandbox *)calloc(1, sizeof *sb);
    if (sb == NULL) return NULL;
    atomic_init(&sb->cancel, 0);
    sb->limit = memory_limit ? memory_limit : CLUA_DEFAULT_MEMORY_LIMIT;
    sb->host_mode = 1;
    return sb;
}

void clua_sandbox_destroy(clua_Sandbox *sb) { free(sb); }

size_t clua_memory_in_use(const clua_Sandbox *sb) { return sb->used; }

/* The allocator (sandbox.md §2). Growth beyond the cap is refused unless the
   host is allocating; shrinking and freeing never fail. When ptr is NULL,
   osize is a type tag, not a size. A refused request is remembered: Lua
   retries the same request once after an emergency collection, and when
   that retry succeeds nothing failed after all (sandbox.md §9). */
static void *allocate(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_Sandbox *sb = (clua_Sandbox *)ud;
    size_t old = ptr ? osize : 0;
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
            sb->raised = CLUA_RAISED_MEMORY;
            sb->refused.ptr = ptr;
            sb->refused.old = old;
            sb->refused.size = nsize;
            return NULL;               /* Lua raises "not enough memory" */
        }
    }
    p = realloc(ptr, nsize);
    if (p == NULL) return nsize <= old ? ptr : NULL;
    if (nsize > old) {
        if (sb->host_mode) sb->host_bytes += nsize - old;
        else if (sb->raised == CLUA_RAISED_MEMORY && ptr == sb->refused.ptr && old == sb->refused.old &&
                 nsize == sb->refused.size)
            sb->raised = CLUA_RAISED_NONE;
    }
    sb->used = sb->used - old + nsize;
    return p;
}

/* Unreachable by design (sandbox.md §8): every call into Lua is protected.
   Logs before Lua aborts. */
static int panic(lua_State *L) {
    const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(non-string error)";
    fprintf(stderr, "clua: PANIC: unprotected Lua error: %s\n", m);
    fflush(stderr);
    return 0;
}

lua_State *clua_new(clua_Sandbox *sb) {
    lua_State *L;
    sb->host_mode = 1;
    L = lua_newstate(allocate, sb);
    if (L == NULL) return NULL;
    lua_atpanic(L, panic);
    return L;
}

void clua_close(lua_State *L) {
    clua__sandbox(L)->host_mode = 1;   /* no finalizer can fail for memory */
    lua_sethook(L, NULL, 0, 0);
    lua_close(L);
}

int clua_host_mode(lua_State *L, int on) {
    clua_Sandbox *sb = clua__sandbox(L);
    int previous = sb->host_mode;
    sb->host_mode = on ? 1 : 0;
    return previous;
}

const char *clua_log_text(const clua_Sandbox *sb, size_t *length) {
    if (length) *length = sb->log_len;
    return sb->log;
}

void clua_log_clear(clua_Sandbox *sb) {
    sb->log_len = 0;
    sb->log[0] = '\0';
}

/* Marks the error value on top as raised by the sandbox itself (a refusal
   or a memory error), so its kind survives (sandbox.md §9). */
void clua__remember_raised(lua_State *L, int kind) {
    clua_Sandbox *sb = clua__sandbox(L);
    int previous = sb->host_mode;
    sb->host_mode = 1;
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, CLUA_REG_RAISED);
    sb->host_mode = previous;
    sb->raised = kind;
}

/* Bytes the script may still allocate. When `needed` does not fit, runs a
   full collection first (as Lua's own emergency collection would) and
   charges it. */
double clua__memory_room(lua_State *L, double needed) {
    clua_Sandbox *sb = clua__sandbox(L);
    double room = sb->limit > sb->used ? (double)(sb->limit - sb->used) : 0;
    if (needed > room && needed <= (double)sb->limit) {
        double heap = (double)sb->used;
        lua_gc(L, LUA_GCCOLLECT, 0);
        room = sb->limit > sb->used ? (double)(sb->limit - sb->used) : 0;
        clua__charge(L, heap / 8);          /* a full collection: ~0.5 ns per heap byte */
    }
    return room;
}

/* Raises a memory error for a result that cannot fit, before anything is
   copied. The refused request is charged, so retry loops end quickly. */
int clua__raise_memory(lua_State *L, const char *what, double bytes) {
    clua_Sandbox *sb = clua__sandbox(L);
    clua__charge(L, 256);
    sb->limit_hit = 1;
    lua_pushfstring(L, "not enough memory (%s result of %f bytes exceeds the memory limit)", what, bytes);
    clua__remember_raised(L, CLUA_RAISED_MEMORY);
    return lua_error(L);
}
