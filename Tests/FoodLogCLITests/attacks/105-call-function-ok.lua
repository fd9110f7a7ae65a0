-- expect: ok
-- Callable objects with a function __call still work, also when used as
-- another metamethod (an __index function that is a callable table is
-- called through its __call once).
local Class = {}
Class.__index = Class
local callable = setmetatable({}, { __call = function(self, t, k) return "got " .. k end })
local obj = setmetatable({}, { __index = callable, __call = function(self, x) return x * 2 end })
assert(obj(21) == 42)
local ok = pcall(function() return obj.anything end)
assert(ok)
return obj(1)
