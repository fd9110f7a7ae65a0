-- expect: budget
-- table.sort without comparator calls __lt from C: still Lua code, still
-- counted, and the budget error is not swallowed by the sort.
local mt = { __lt = function() while true do end end }
local t = {}
for i = 1, 10 do t[i] = setmetatable({}, mt) end
table.sort(t)
return true
