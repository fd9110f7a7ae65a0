-- expect: refused
-- getmetatable("") gives a read-only view; replacing __index would change
-- every string method for the whole state (cross-run channel).
local mt = getmetatable("")
assert(mt.__index.dump == nil or type(mt.__index.dump) == "function")
mt.__index = { upper = function() return "pwned" end }
return ("x"):upper()
