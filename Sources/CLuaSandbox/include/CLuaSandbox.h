#ifndef FOODLOG_CLUASANDBOX_H
#define FOODLOG_CLUASANDBOX_H
/* The Lua sandbox FoodLog runs plans, insight rules and estimators in.
   grammar/lua/sandbox.md explains the design; the section numbers in the C
   comments ("sandbox.md §4") point into it.

   Swift calls only these functions and the Lua API calls that cannot raise
   (sandbox.md §10). Every function here that may raise inside Lua does so
   under its own lua_pcall, so no longjmp ever crosses a Swift frame.

   Threading: a state is used by one thread at a time. The Ctrl-C handler
   (clua_catch_interrupts) is the only code that touches a state from a
   signal. */
#include <stddef.h>

typedef struct lua_State lua_State;

/* The sandbox's bookkeeping for one state: memory cap, budget, clock,
   cancel flag, print log, how the last call ended. Opaque to Swift. */
typedef struct clua_Sandbox clua_Sandbox;

/* How a load or a call ended (sandbox.md §9). */
enum {
    CLUA_KIND_OK = 0, CLUA_KIND_SYNTAX, CLUA_KIND_RUNTIME, CLUA_KIND_REFUSED,
    CLUA_KIND_BUDGET, CLUA_KIND_TIMEOUT, CLUA_KIND_CANCELLED, CLUA_KIND_MEMORY
};

/* A host function written in Swift: never raises. Returns the number of
   results it pushed, CLUA_HOST_ERROR after pushing an error message (a
   string without position), or CLUA_HOST_STOPPED when it gave up because
   clua_host_should_stop said so (sandbox.md §10). */
typedef int (*clua_SwiftFunction)(lua_State *L, void *context);
enum { CLUA_HOST_ERROR = -1, CLUA_HOST_STOPPED = -2 };

/* ---- the state ---- */

/* A sandbox record with the default limits and a memory cap of
   memory_limit bytes (0: 32 MiB); NULL when out of memory. */
clua_Sandbox *clua_sandbox_create(size_t memory_limit);
/* Frees the record; after clua_close of its state. */
void clua_sandbox_destroy(clua_Sandbox *sb);

/* A state whose allocator enforces sb's cap, with a panic handler. It
   starts in host mode (cap lifted). NULL on failure. */
lua_State *clua_new(clua_Sandbox *sb);
/* Opens the safe libraries and locks them (sandbox.md §3-§6). LUA_OK, or an
   error status with a message on the stack. */
int clua_open_sandbox(lua_State *L);
/* Closes the state with the cap lifted. */
void clua_close(lua_State *L);

/* Bytes the state holds now. */
size_t clua_memory_in_use(const clua_Sandbox *sb);
/* Bytes of one table hash node as measured when the state was made (0 if
   the measurement failed, which turns the hash part limit off). */
size_t clua_hash_node_size(const clua_Sandbox *sb);
/* Lifts (on = 1) or restores (on = 0) the memory cap; returns the previous
   setting. The host builds values with the cap lifted (sandbox.md §10). */
int clua_host_mode(lua_State *L, int on);

/* What print wrote since the last clear (capped at 64 KiB). */
const char *clua_log_text(const clua_Sandbox *sb, size_t *length);
void clua_log_clear(clua_Sandbox *sb);

/* ---- loading and calling ---- */

/* Pushes a fresh environment for one script (sandbox.md §5), or nil. */
void clua_push_new_env(lua_State *L);
/* Compiles text (never bytecode) named "@name" under the memory cap, with
   the table at env_index as its _ENV. Leaves the function or an error
   message on the stack; returns a Lua status. */
int clua_load(lua_State *L, const char *source, size_t length, const char *name, int env_index);
/* Calls the function below nargs arguments under the instruction budget,
   the time limit and the memory cap (sandbox.md §7, §8). budget <= 0 or
   timeout <= 0: no such limit. On error the message is on the stack. */
int clua_call(lua_State *L, int nargs, int nresults, long long budget, double timeout_seconds);
/* The kind of the last clua_load or clua_call that returned status
   (sandbox.md §9): taken from flags set where it happened, never from the
   message text. */
int clua_outcome(const clua_Sandbox *sb, int status);
/* Instructions the last clua_call spent (VM instructions plus charged work). */
long long clua_spent(const clua_Sandbox *sb);

/* ---- host functions (sandbox.md §10) ---- */

/* Pushes a Lua function that calls fn(L, context). */
void clua_pushswiftfunction(lua_State *L, clua_SwiftFunction fn, void *context);
/* Nonzero when a host function should stop building and return
   CLUA_HOST_STOPPED: memory over the cap, budget or time used up, or
   cancelled. Never raises. */
int clua_host_should_stop(lua_State *L);

/* ---- read-only views (sandbox.md §5) ---- */

/* Replaces the table at idx by a read-only proxy (shallow) with a metatable
   of its own: reads as fast as a plain table's, for long-lived views. */
void clua_make_readonly(lua_State *L, int idx);
/* The same for the table at idx and every table inside it. */
void clua_make_readonly_deep(lua_State *L, int idx);
/* Replaces the table on top by a read-only proxy without a protected call;
   only in host mode, for tables the host just built. The proxy shares the
   state's one view metatable: cheap to make, a C call per read (sandbox.md §5). */
void clua_seal_top(lua_State *L);
/* If the value at idx is a read-only proxy, pushes its real table and
   returns 1; else returns 0. Raw access; never raises in host mode. */
int clua_readonly_target(lua_State *L, int idx);

/* ---- Ctrl-C (sandbox.md §8) ---- */

/* Starts (on = 1) or stops catching SIGINT for the calling thread: while
   caught, Ctrl-C cancels the script that thread is running, including an
   outer script after a nested call returns. */
void clua_catch_interrupts(int on);
/* 1 once after Ctrl-C arrived while caught. */
int clua_take_interrupt(void);

#endif
