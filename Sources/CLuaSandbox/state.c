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

/* Is a fresh block of `size` bytes with type tag `tag` the hash part of a
   table with more than CLUA_HASH_NODES_MAX nodes? Lua allocates a hash part
   as a fresh untagged vector of a power of two of nodes (and never grows one
   in place); a rehash reinserts every key with a lookup that walks its
   collision chain, all inside one VM instruction. Integer and float keys
   hash predictably, so a script can make every key collide: a rehash of
   2^18 such keys ran for minutes without the count hook firing. Bounding the
   nodes bounds that work (sandbox.md §2).
   Two other kinds of fresh untagged blocks can have such a size. The buffer
   of a luaL_Buffer (string.rep, upper, format, table.concat, ...) is made
   right after its box, a userdata (tag LUA_TUSERDATA), and scripts make no
   userdata of their own: a block that follows a userdata is not a hash part.
   An array part is a vector of 16-byte values, so only an array of exactly
   3 * 2^k (k >= 16) elements made at that size in one go (`{...}`,
   table.pack) looks the same and is refused too. */
static int is_large_hash_part(const clua_Sandbox *sb, size_t tag, size_t size, size_t previous_tag) {
    size_t nodes;
    if (tag != 0 || previous_tag == LUA_TUSERDATA) return 0;
    if (sb->node_size == 0 || size % sb->node_size != 0) return 0;
    nodes = size / sb->node_size;
    return nodes > CLUA_HASH_NODES_MAX && (nodes & (nodes - 1)) == 0;
}

/* The allocator (sandbox.md §2). Growth beyond the cap is refused unless the
   host is allocating; shrinking and freeing never fail. When ptr is NULL,
   osize is a type tag, not a size. A refused request is remembered: Lua
   retries the same request once after an emergency collection, and when
   that retry succeeds nothing failed after all (sandbox.md §9). A hash part
   of more than CLUA_HASH_NODES_MAX nodes is refused even under the cap. */
static void *allocate(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_Sandbox *sb = (clua_Sandbox *)ud;
    size_t old = ptr ? osize : 0, previous_tag = sb->previous_fresh_tag;
    void *p;
    if (ptr == NULL && nsize > 0) sb->previous_fresh_tag = osize;   /* refused requests too */
    if (nsize == 0) {
        free(ptr);
        sb->used = sb->used >= old ? sb->used - old : 0;
        return NULL;
    }
    if (ptr == NULL && sb->probing && osize == 0) sb->probed = nsize;
    if (nsize > old && !sb->host_mode) {
        size_t growth = nsize - old;
        int too_many_nodes = ptr == NULL && is_large_hash_part(sb, osize, nsize, previous_tag);
        if (too_many_nodes) sb->hash_limit_hit = 1;
        if (too_many_nodes || sb->used + growth < sb->used || sb->used + growth > sb->limit) {
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

/* Measures the size of one hash node (a Lua internal) from the fresh
   untagged block lua_createtable allocates for a hash part of 4 nodes. */
static void measure_node_size(lua_State *L, clua_Sandbox *sb) {
    sb->probed = 0;
    sb->probing = 1;
    lua_createtable(L, 0, 4);
    sb->probing = 0;
    lua_pop(L, 1);
    sb->node_size = sb->probed % 4 == 0 ? sb->probed / 4 : 0;
}

lua_State *clua_new(clua_Sandbox *sb) {
    lua_State *L;
    sb->host_mode = 1;
    L = lua_newstate(allocate, sb);
    if (L == NULL) return NULL;
    lua_atpanic(L, panic);
    measure_node_size(L, sb);
    return L;
}

size_t clua_hash_node_size(const clua_Sandbox *sb) { return sb->node_size; }

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
