-- expect: refused
-- The gate covers gmatch and gsub too.
local s = string.rep("ab", 20000)
local n = 0
for w in s:gmatch("(a.-)(b.-)c") do n = n + 1 end
return s:gsub("a.-a.-c", "x")
