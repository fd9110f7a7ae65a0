#ifndef FOODLOG_CLUA_SHIM_H
#define FOODLOG_CLUA_SHIM_H
/* The Lua C API as Swift sees it. Macros Swift cannot import get static inline
   wrappers here; everything that may raise (longjmp) lives in C, never in Swift. */
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
