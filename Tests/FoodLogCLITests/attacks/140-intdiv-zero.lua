-- expect: runtime
-- Integer division and modulo by zero, and the one overflow case of both
-- (mininteger // -1 and % -1), which Lua defines instead of trapping;
-- float division by zero is inf/NaN, not an error.
assert(math.mininteger // -1 == math.mininteger)
assert(math.mininteger % -1 == 0)
assert(math.fmod(math.mininteger, -1) == 0)
assert(1 / 0 == math.huge and (0 / 0) ~= (0 / 0))
assert(1.0 // 0 == math.huge)
assert(not pcall(math.fmod, 1, 0))
assert(not pcall(function() return 1 % 0 end))
local zero = 0
return 1 // zero
