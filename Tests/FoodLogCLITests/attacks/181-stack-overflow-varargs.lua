-- expect: runtime
-- Filling the Lua stack through varargs and table.unpack of 999,999
-- values: Lua refuses before the stack passes its limit, and the host's
-- message handler still has room to write the traceback.
local t = {}
for i = 1, 999999 do t[i] = i end
local function f(...) return select("#", ...) end
return f(table.unpack(t))
