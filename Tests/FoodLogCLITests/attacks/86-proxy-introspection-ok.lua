-- expect: ok
-- Library proxies hide the real tables: raw access sees nothing, metatables
-- are locked, but reading and iterating work.
assert(rawget(string, "rep") == nil and next(string) == nil)
assert(getmetatable(string) == "locked" and getmetatable(math) == "locked")
assert(not pcall(setmetatable, string, nil))
local n = 0
for k, v in pairs(string) do n = n + 1 end
assert(n > 10 and #string == 0)
local f, s = pairs(table)
assert(s == table)                          -- the state is the proxy, not the real table
assert(not pcall(function() s.insert = nil end))
assert(getmetatable("").__index.upper == string.upper)
return n
