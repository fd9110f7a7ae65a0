-- expect: memory
-- table.concat building a result far above the cap: memory error from the
-- buffer, reported as memory.
local sep = string.rep("x", 1024 * 1024)
local t = {}
for i = 1, 1000 do t[i] = "y" end
return #table.concat(t, sep)
