-- expect: refused
-- __gc = false still marks the object for finalization; a function stored
-- later would run. Any non-nil __gc is refused.
local mt = { __gc = false }
local obj = setmetatable({}, mt)
mt.__gc = function() while true do end end
obj = nil
return true
