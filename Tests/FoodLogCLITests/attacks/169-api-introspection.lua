-- expect: refused
-- Looking for the API's internals: the registries and the host functions
-- are upvalues of the prelude, unreachable without debug; pairs over the
-- API view lists only its public fields, and its iterator refuses tables
-- that are not views. Writing to the API is refused.
local names = {}
for k, v in pairs(foodlog) do names[#names + 1] = k end
assert(#names > 5)
local iter = pairs(foodlog)
assert(not pcall(iter, {}, nil))
assert(not pcall(iter, foodlog, {}))
assert(getmetatable(foodlog) == "locked")
assert(rawlen(foodlog) == 0 and next(foodlog) == nil)
foodlog.lookup = function() return { kcal = 0 } end
