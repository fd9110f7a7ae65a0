/* A deterministic math.random (sandbox.md §4): the same inputs give the
   same numbers, so a rule's output is reproducible. */
#include <stdint.h>
#include "sandbox_internal.h"

#define RANDOM_SEED 0x666f6f646c6f67ULL     /* "foodlog" */

typedef struct Random { uint64_t s; } Random;

static void seed(Random *r, uint64_t value) {
    uint64_t z = value + 0x9E3779B97F4A7C15ULL;          /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    r->s = z ? z : 0x9E3779B97F4A7C15ULL;
}

static uint64_t next(Random *r) {                        /* xorshift64* */
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static int random_number(lua_State *L) {
    Random *r = (Random *)lua_touserdata(L, lua_upvalueindex(1));
    uint64_t rv = next(r), span, v;
    lua_Integer low, up;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)(rv >> 11) * 0x1.0p-53);
        return 1;
    case 1:
        low = 1;
        up = luaL_checkinteger(L, 1);
        if (up == 0) {                                   /* a full random integer */
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
    span = (uint64_t)up - (uint64_t)low;
    if ((span & (span + 1)) == 0) {
        v = rv & span;
    } else {                                             /* rejection: no modulo bias */
        uint64_t m = span;
        m |= m >> 1; m |= m >> 2; m |= m >> 4; m |= m >> 8; m |= m >> 16; m |= m >> 32;
        while ((v = rv & m) > span) rv = next(r);
    }
    lua_pushinteger(L, (lua_Integer)(v + (uint64_t)low));
    return 1;
}

static int random_seed(lua_State *L) {
    Random *r = (Random *)lua_touserdata(L, lua_upvalueindex(1));
    if (lua_isnone(L, 1)) {
        seed(r, RANDOM_SEED);                            /* deterministic, unlike stock Lua */
    } else {
        lua_Integer n1 = luaL_checkinteger(L, 1);
        lua_Integer n2 = luaL_optinteger(L, 2, 0);
        seed(r, (uint64_t)n1 ^ ((uint64_t)n2 * 0xD1B54A32D192ED03ULL));
    }
    return 0;
}

void clua__open_random(lua_State *L, int math) {
    Random *r = (Random *)lua_newuserdatauv(L, sizeof(Random), 0);
    seed(r, RANDOM_SEED);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, CLUA_REG_RANDOM);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, random_number, 1);
    lua_setfield(L, math, "random");
    lua_pushcclosure(L, random_seed, 1);
    lua_setfield(L, math, "randomseed");
}

/* Every call starts from the same seed. Runs in host mode. */
void clua__reseed_random(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, CLUA_REG_RANDOM) == LUA_TUSERDATA)
        seed((Random *)lua_touserdata(L, -1), RANDOM_SEED);
    lua_pop(L, 1);
}
