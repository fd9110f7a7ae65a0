-- expect: budget
-- __eq / __lt traps are Lua code: counted by the hook.
local mt = { __eq = function() while true do end end, __lt = function() while true do end end }
local a, b = setmetatable({}, mt), setmetatable({}, mt)
return a == b
