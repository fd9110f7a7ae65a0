-- expect: refused
-- HANG in stock Lua 5.4.4: calling a table whose __call is a table makes
-- luaD_precall retry in C, and every retry shifts the whole argument list
-- up one slot; a table whose __call is itself loops until the Lua stack is
-- full (a million slots, O(n^2) copying: minutes) without one VM
-- instruction, so the count hook never fires. setmetatable refuses a
-- __call that is not a function.
local t = {}
local mt = {}
mt.__call = t
setmetatable(t, mt)
return t()
