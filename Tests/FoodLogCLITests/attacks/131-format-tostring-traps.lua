-- expect: runtime
-- %s of a table whose __tostring returns a number (accepted, as Lua does),
-- then one whose __tostring returns a table: an error, not a crash or an
-- address.
local n = setmetatable({}, { __tostring = function() return 42 end })
assert(string.format("%s", n) == "42")
local bad = setmetatable({}, { __tostring = function() return {} end })
return string.format("[%s]", bad)
