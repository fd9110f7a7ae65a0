-- expect: runtime
-- tonumber with bases: every base from 2 to 36 works on short strings,
-- bases outside are errors, long strings are refused whatever the base.
assert(tonumber("zz", 36) == 1295)
assert(tonumber("7fffffffffffffff", 16) == math.maxinteger)
assert(tonumber("ffffffffffffffffff", 16) ~= nil)
assert(tonumber("", 10) == nil and tonumber(" ", 2) == nil)
assert(tonumber("0x", 16) == nil)
assert(tonumber("1e99999") == math.huge)
assert(not pcall(tonumber, string.rep("1", 5000), 2))
assert(not pcall(tonumber, "1", 37))
return tonumber(1, 10)
