-- expect: runtime
-- error() with absurd levels: the position lookup walks off the stack and
-- gives no position; the host still names the script.
local ok = pcall(error, "deep", math.maxinteger)
assert(not ok)
pcall(error, "neg", math.mininteger)
error("level two", 2)
