-- expect: timeout
-- Comparing two distinct, equal 4 MB strings is a memcmp inside ONE VM
-- instruction, which the budget cannot charge: 20 M instructions would take
-- minutes, the wall clock stops it. The clock is read every hook_every
-- (1000) instructions, so the overshoot is up to 1000 such instructions
-- (measured: ~0.1 s here for 4 MB, ~0.2-0.7 s for 8 MB).
local a = string.rep("x", 4 * 1024 * 1024)
local b = string.rep("x", 4 * 1024 * 1024 - 1) .. "x"
local n = 0
while a == b do n = n + 1 end
return n
