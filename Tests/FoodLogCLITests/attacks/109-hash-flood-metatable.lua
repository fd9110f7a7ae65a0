-- expect: timeout
-- setmetatable walks the user's metatable (to check its frozen copy) with
-- lua_next, and when the keys share one collision chain each step walks the
-- chain: 40,000 colliding keys make one walk take most of a second inside
-- one C call. The walk charges its work as it goes, so a loop of such
-- calls stops at the deadline instead of a walk past it.
local M = (1 << 16) - 1
local mt = {}
for i = 1, 40000 do mt[i * M] = i end
local obj = {}
while true do setmetatable(obj, mt) end
