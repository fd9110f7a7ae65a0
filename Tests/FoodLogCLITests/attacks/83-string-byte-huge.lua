-- expect: runtime
-- string.byte of a whole 8 MB string: "string slice too long".
local s = string.rep("x", 8 * 1024 * 1024)
return select("#", s:byte(1, -1))
