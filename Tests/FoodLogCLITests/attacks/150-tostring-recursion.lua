-- expect: runtime
-- __tostring that calls tostring on itself: each level is a C call
-- (tostring -> __tostring), so Lua stops at its C-stack limit with
-- "C stack overflow" instead of crashing the host.
local obj
obj = setmetatable({}, { __tostring = function(self) return "<" .. tostring(self) .. ">" end })
return tostring(obj)
