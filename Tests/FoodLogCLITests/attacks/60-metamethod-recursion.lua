-- expect: runtime
-- Recursion through metamethods goes through C (luaT_callTM) each level:
-- stopped by LUAI_MAXCCALLS (200) as "C stack overflow".
local mt = {}
mt.__add = function(a, b) return a + b end
mt.__lt = function(a, b) return a < b end
local x = setmetatable({}, mt)
return x + 1
