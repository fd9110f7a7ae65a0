-- expect: refused
-- __gc runs with hooks disabled (GCTM), also inside lua_close: an endless
-- finalizer would hang the host forever.
setmetatable({}, { __gc = function() while true do end end })
return true
