-- expect: runtime
-- __metatable games: a user metatable protects itself (setmetatable then
-- fails as in Lua), getmetatable answers the field, and a metatable that
-- lies about itself cannot unlock a sandbox table.
local t = setmetatable({}, { __metatable = "mine" })
assert(getmetatable(t) == "mine")
assert(not pcall(setmetatable, t, {}))
assert(getmetatable(string) == "locked")
assert(not pcall(setmetatable, string, nil))
setmetatable(t, nil)
