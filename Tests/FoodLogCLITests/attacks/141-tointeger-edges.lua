-- expect: ok
-- math.tointeger, math.floor, math.ult, math.abs and string coercions at
-- the integer edge: no trap, no undefined behaviour the host can see.
assert(math.tointeger(2^63) == nil)
assert(math.tointeger(-2^63) == math.mininteger)
assert(math.tointeger(0/0) == nil)
assert(math.tointeger(math.huge) == nil)
assert(math.tointeger("8") == nil or math.tointeger("8") == 8)
assert(math.floor(-0.0) == 0)
assert(math.abs(math.mininteger) == math.mininteger)
assert(math.ult(1, -1))
assert(math.type(math.floor(1e300)) == "float")
assert(math.maxinteger + 1 == math.mininteger)
assert("0x7fffffffffffffff" + 1 == math.mininteger)
assert(9223372036854775808 == 2^63)
assert(tostring(-0.0) == "-0.0")
assert((1 << 64) == 0 and (1 >> -1) == 2 and (-1 >> 1) == math.maxinteger)
assert(not pcall(function() return 1.5 | 0 end))
assert(not pcall(function() return "1e400" | 0 end))
return { math.maxinteger, math.mininteger, 2^63, -0.0 }
