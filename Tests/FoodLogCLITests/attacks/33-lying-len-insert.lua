-- expect: refused
-- table.insert with a lying __len loops in C (no hook) over 2^53 slots.
local t = setmetatable({}, { __len = function() return 2 ^ 53 end })
table.insert(t, 1, "x")
return #t
