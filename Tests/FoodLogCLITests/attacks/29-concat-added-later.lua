-- expect: runtime
-- __concat added after setmetatable: the VM sees the frozen copy, so the
-- concatenation is a plain "attempt to concatenate a table value" error
-- and the crasher cannot be armed.
local function deep(n) if n == 0 then return 0 end return 1 + deep(n - 1) end
local mt = {}
local t = setmetatable({}, mt)
mt.__concat = function(a, b) deep(5000); return "x" end
return "a" .. "b" .. t .. "c"
