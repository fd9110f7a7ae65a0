-- expect: timeout
-- Comparing two distinct 8 MB equal strings is a memcmp inside ONE VM
-- instruction: 20 M instructions would take minutes, the clock stops it.
local a = string.rep("x", 8 * 1024 * 1024)
local b = string.rep("x", 8 * 1024 * 1024 - 1) .. "x"
local n = 0
while a == b do n = n + 1 end
return n
