/* The instruction budget, the clock and cancelling: the count hook and the
   charging of C work (sandbox.md §6, §8). */
#include <limits.h>
#include <time.h>
#include "sandbox_internal.h"

/* Monotonic seconds; only differences are used. */
double clua__now(void) {
    struct timespec ts;
#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *clua__stop_text(int reason) {
    switch (reason) {
    case CLUA_STOP_BUDGET: return "instruction budget exceeded";
    case CLUA_STOP_TIMEOUT: return "time limit exceeded";
    case CLUA_STOP_CANCELLED: return "script cancelled";
    default: return "script stopped";
    }
}

int clua__stop_check(clua_Sandbox *sb) {
    if (atomic_load(&sb->cancel)) return CLUA_STOP_CANCELLED;
    if (sb->budget > 0 && sb->spent > sb->budget) return CLUA_STOP_BUDGET;
    if (sb->deadline > 0 && clua__now() >= sb->deadline) return CLUA_STOP_TIMEOUT;
    return CLUA_STOP_NONE;
}

static void add_spent(clua_Sandbox *sb, long long amount) {
    if (amount > 0) sb->spent = sb->spent > LLONG_MAX - amount ? LLONG_MAX : sb->spent + amount;
}

/* Raises "<script>:<line>: <why it stopped>". `ar`, when given, is the
   hook's record of the running function: in a hook, level 0 is that
   function, so it names the line when it is script code. */
static void raise_stop(lua_State *L, clua_Sandbox *sb, lua_Debug *ar) {
    int previous = sb->host_mode;
    sb->host_mode = 1;                 /* the message must not fail for memory */
    if (ar && lua_getinfo(L, "Sl", ar) && ar->source && ar->source[0] == '@' && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        clua__where(L, 1);
    lua_pushstring(L, clua__stop_text(sb->stop_reason));
    lua_concat(L, 2);
    sb->host_mode = previous;
    lua_error(L);
}

/* The count hook (sandbox.md §8). Once a limit is reached it re-arms itself
   with count 1, so every further instruction raises again and pcall cannot
   swallow the stop. After a refused allocation it fires every 10
   instructions: each refusal costs an emergency collection inside one
   instruction, and 1000 of them would overshoot the deadline. */
void clua__hook(lua_State *L, lua_Debug *ar) {
    clua_Sandbox *sb = clua__sandbox(L);
    int every = sb->limit_hit ? CLUA_HOOK_EVERY_UNDER_PRESSURE : CLUA_HOOK_EVERY;
    if (sb->stop_reason == CLUA_STOP_NONE) {
        int count = lua_gethookcount(L);
        add_spent(sb, count > 0 ? count : 1);
        sb->stop_reason = clua__stop_check(sb);
        if (sb->stop_reason == CLUA_STOP_NONE) {
            if (count != every)        /* armed early (Ctrl-C) or memory pressure began */
                lua_sethook(L, clua__hook, LUA_MASKCOUNT, every);
            return;
        }
        lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
    }
    raise_stop(L, sb, ar);
}

/* Charges what the host built for a script (sandbox.md §10) at the rate of
   C string work, bytes / 4. Never raises; the next hook or charge stops the
   script if the budget is gone. (The host's time counts against the
   deadline, which every charge checks.) */
void clua__charge_host_work(clua_Sandbox *sb) {
    double work = (double)(sb->host_bytes - sb->host_charged) / 4;
    sb->host_charged = sb->host_bytes;
    add_spent(sb, work >= 9e18 ? LLONG_MAX : (long long)work);
}

/* Charges C work (in instruction equivalents) to the budget and checks the
   clock and the cancel flag (sandbox.md §6). For C functions only: may
   raise. Host-mode work is charged by the trampoline instead. */
void clua__charge(lua_State *L, double work) {
    clua_Sandbox *sb = clua__sandbox(L);
    if (sb->host_mode) return;
    if (sb->stop_reason == CLUA_STOP_NONE) {
        if (work > 0) add_spent(sb, work >= 9e18 ? LLONG_MAX : (long long)work);
        sb->stop_reason = clua__stop_check(sb);
        if (sb->stop_reason == CLUA_STOP_NONE) return;
        lua_sethook(L, clua__hook, LUA_MASKCOUNT, 1);
    }
    raise_stop(L, sb, NULL);
}
