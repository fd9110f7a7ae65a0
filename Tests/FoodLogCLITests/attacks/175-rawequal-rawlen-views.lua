-- expect: ok
-- Raw functions on views see the empty proxy, never the real table: rawlen
-- is 0, rawget is nil, rawequal tells views apart; ipairs and # go
-- through the view's metamethods.
local egg = foodlog.lookup("egg")
assert(egg)
assert(rawget(egg, "name") == nil)
assert(rawlen(egg.tags) == 0)
assert(#egg.tags == #egg.tags)
assert(not rawequal(string, math))
for i, t in ipairs(egg.tags) do assert(type(t) == "string") end
return rawget(string, "format")
