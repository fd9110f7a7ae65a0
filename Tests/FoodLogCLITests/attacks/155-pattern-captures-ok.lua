-- expect: ok
-- Everyday patterns on moderate text still pass the gate: position
-- captures, frontiers, balanced matches, anchored trims, gmatch loops.
local text = string.rep("(a [b] c) ", 200)
local n = 0
for w in text:gmatch("%b()") do n = n + 1 end
assert(n == 200)
assert(("  trim me  "):match("^%s*(.-)%s*$") == "trim me")
assert(select(2, text:gsub("%f[%w]%w+", "")) == 600)
assert(("key=value"):find("()=()") == 4)
return n
