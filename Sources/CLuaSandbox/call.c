/* Calling into scripts, host functions written in Swift, and Ctrl-C
   (sandbox.md §8, §10). */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include "sandbox_internal.h"

/* ---- Ctrl-C (sandbox.md §8) ----
   Each thread knows the state it is running (`running`, saved and restored
   around nested calls). The thread that catches Ctrl-C publishes where its
   `running` lives; the signal handler cancels that state. lua_sethook is
   documented as safe to call from a signal handler. */

static _Thread_local lua_State *volatile running = NULL;
static lua_State *volatile *volatile interrupt_target = NULL;
static volatile sig_atomic_t interrupted = 0;

static void cancel(lua_State *L) {
    atomic_store(&clua__sandbox(L)->cancel, 1);
    lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
}

static void on_interrupt(int signal_number) {
    lua_State *volatile *target = interrupt_target;
    lua_State *L = target ? *target : NULL;
    (void)signal_number;
    interrupted = 1;
    if (L) cancel(L);
}

/* Ctrl-C that arrived while this thread catches it cancels L too. */
static void cancel_if_interrupted(lua_State *L) {
    if (L && interrupted && interrupt_target == &running) cancel(L);
}

void clua_catch_interrupts(int on) {
    static struct sigaction previous;
    static int installed = 0;
    if (on && !installed) {
        struct sigaction action;
        sigset_t interrupt_only;
        sigemptyset(&interrupt_only);
        sigaddset(&interrupt_only, SIGINT);
        pthread_sigmask(SIG_UNBLOCK, &interrupt_only, NULL);   /* a parent may have blocked it */
        interrupted = 0;
        interrupt_target = &running;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_interrupt;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &previous);
        installed = 1;
    } else if (!on && installed) {
        sigaction(SIGINT, &previous, NULL);
        interrupt_target = NULL;
        installed = 0;
    }
}

int clua_take_interrupt(void) {
    int was = interrupted;
    interrupted = 0;
    return was;
}

/* ---- calls (sandbox.md §8) ---- */

/* Gives a call its real status (sandbox.md §9): a stop the script swallowed
   is an error; a memory error the sandbox raised as an ordinary error is a
   memory error; a "memory error" no allocation caused (Lua turns
   error("not enough memory") into one) is an ordinary error. Memory errors
   get one wording. */
static int settle_status(lua_State *L, clua_Sandbox *sb, int status, int base) {
    if (status == LUA_OK && sb->stop_reason != CLUA_STOP_NONE) {
        lua_settop(L, base - 1);
        lua_pushstring(L, clua__stop_text(sb->stop_reason));
        status = LUA_ERRRUN;
    }
    if (status == LUA_ERRRUN && sb->raised == CLUA_RAISED_MEMORY && sb->stop_reason == CLUA_STOP_NONE)
        status = LUA_ERRMEM;
    else if (status == LUA_ERRMEM && sb->raised != CLUA_RAISED_MEMORY) {
        status = LUA_ERRRUN;               /* the script's own error: nothing the sandbox raised */
        sb->raised = CLUA_RAISED_NONE;
    }
    if (status == LUA_ERRMEM) {
        lua_pop(L, 1);
        if (sb->hash_limit_hit)
            lua_pushfstring(L, "a table may hold at most %I keys outside its array part (not enough memory)",
                            (lua_Integer)CLUA_HASH_NODES_MAX);
        else
            lua_pushfstring(L, "memory limit of %I bytes exceeded (not enough memory)", (lua_Integer)sb->limit);
    }
    return status;
}

int clua_call(lua_State *L, int nargs, int nresults, long long budget, double timeout_seconds) {
    clua_Sandbox *sb = clua__sandbox(L);
    int previous = clua_host_mode(L, 1), base, status;
    lua_State *outer = running;
    size_t used_before = sb->used;
    if (nargs < 0 || lua_gettop(L) < nargs + 1) {
        lua_pushliteral(L, "clua_call: fewer values on the stack than nargs + 1");
        clua_host_mode(L, previous);
        return LUA_ERRRUN;
    }
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    base = lua_gettop(L) - nargs;                      /* the function */
    sb->budget = budget > 0 ? budget : 0;
    sb->spent = 0;
    sb->deadline = timeout_seconds > 0 ? clua__now() + timeout_seconds : 0;
    sb->stop_reason = CLUA_STOP_NONE;
    sb->raised = CLUA_RAISED_NONE;
    sb->limit_hit = 0;
    sb->hash_limit_hit = 0;
    clua__reseed_random(L);                            /* same inputs, same numbers */
    lua_pushcclosure(L, clua__message_handler, 0);     /* a light C function: no allocation */
    lua_insert(L, base);
    lua_sethook(L, clua__hook, LUA_MASKCOUNT, CLUA_HOOK_EVERY);
    running = L;
    cancel_if_interrupted(L);
    sb->host_mode = 0;
    status = lua_pcall(L, nargs, nresults, base);
    sb->host_mode = 1;
    running = outer;
    cancel_if_interrupted(outer);                      /* Ctrl-C during a nested call stops the outer one too */
    lua_sethook(L, NULL, 0, 0);
    lua_remove(L, base);
    status = settle_status(L, sb, status, base);
    /* A full collection after a memory error, after a call that grew the
       heap by more than an eighth of the cap, or when the heap is past half
       of it, so the next call does not start near the cap; other calls leave
       their garbage to the incremental collector (sandbox.md §2). */
    if (status == LUA_ERRMEM || sb->used > sb->limit / 2 || sb->used > used_before + sb->limit / 8)
        lua_gc(L, LUA_GCCOLLECT, 0);
    atomic_store(&sb->cancel, 0);
    clua_host_mode(L, previous);
    return status;
}

long long clua_spent(const clua_Sandbox *sb) { return sb->spent; }

/* ---- host functions (sandbox.md §10) ---- */

int clua_host_should_stop(lua_State *L) {
    clua_Sandbox *sb = clua__sandbox(L);
    clua__charge_host_work(sb);
    return sb->used > sb->limit || clua__stop_check(sb) != CLUA_STOP_NONE;
}

/* After a host function that gave up or built past the cap: drops what it
   pushed above `base`, collects, and raises the memory error or the stop. */
static int raise_host_limit(lua_State *L, clua_Sandbox *sb, int base, int previous) {
    lua_settop(L, base);
    lua_gc(L, LUA_GCCOLLECT, 0);
    sb->host_mode = previous;
    if (sb->used > sb->limit || clua__stop_check(sb) == CLUA_STOP_NONE)
        return clua__raise_memory(L, "host function", (double)sb->used);
    clua__charge(L, 1);                    /* raises the stop */
    return lua_error(L);
}

/* Calls the Swift function in upvalue 1 with context upvalue 2. Swift runs
   in host mode and never raises; what it reports is raised here, in C,
   after it returned. What it built is charged to the script (sandbox.md §10). */
static int trampoline(lua_State *L) {
    void *pointer = lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    clua_Sandbox *sb = clua__sandbox(L);
    clua_SwiftFunction fn;
    int previous = sb->host_mode, base = lua_gettop(L), n;
    memcpy(&fn, &pointer, sizeof fn);
    sb->host_mode = 1;
    sb->host_charged = sb->host_bytes;
    n = fn(L, context);
    clua__charge_host_work(sb);
    if (n == CLUA_HOST_STOPPED || (n >= 0 && sb->used > sb->limit)) return raise_host_limit(L, sb, base, previous);
    if (n < 0 || n > lua_gettop(L)) {
        if (n >= 0) lua_pushliteral(L, "host function returned more results than it pushed");
        else if (lua_gettop(L) < 1 || lua_type(L, -1) != LUA_TSTRING) lua_pushliteral(L, "host function failed");
        clua__where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        sb->host_mode = previous;
        return lua_error(L);
    }
    sb->host_mode = previous;
    clua__charge(L, 1);
    return n;
}

void clua_pushswiftfunction(lua_State *L, clua_SwiftFunction fn, void *context) {
    int previous = clua_host_mode(L, 1);
    void *pointer;
    _Static_assert(sizeof(clua_SwiftFunction) == sizeof(void *), "a function pointer must fit in a light userdata");
    memcpy(&pointer, &fn, sizeof pointer);
    (void)lua_checkstack(L, CLUA_STACK_NEED);
    lua_pushlightuserdata(L, pointer);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, trampoline, 2);
    clua_host_mode(L, previous);
}
