-- expect: refused
-- A comparator that tries to yield across the C sort (and coroutines are
-- not offered at all).
local t = { 3, 1, 2 }
table.sort(t, function(a, b) coroutine.yield() return a < b end)
return t
