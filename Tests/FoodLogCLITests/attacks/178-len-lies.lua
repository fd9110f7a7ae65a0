-- expect: refused
-- # with a __len that returns absurd values (negative, a float, a table,
-- maxinteger): plain Lua code may believe it, but the table library
-- refuses tables with __len, so no C loop runs over 2^63 elements.
local t = setmetatable({}, { __len = function() return math.maxinteger end })
assert(#t == math.maxinteger)
local weird = setmetatable({}, { __len = function() return {} end })
assert(type(#weird) == "table")
return table.concat(t, ",", 1, 3)
