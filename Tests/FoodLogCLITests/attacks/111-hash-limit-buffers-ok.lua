-- expect: ok
-- Strings whose buffers are exactly 24 * 2^k bytes (the size of a large
-- hash part) are not tables: string.rep, upper, format and table.concat of
-- 3 MiB and 6 MiB results work, also after a buffer was refused for memory.
local s = string.rep("abc", 1 << 20)
assert(#s == 3 * 2^20)
assert(#s:upper() == #s)
assert(#string.format("%s%s", s, s) == 6 * 2^20)
local parts = {}
for i = 1, 3 do parts[i] = string.rep("x", 1 << 20) end
assert(#table.concat(parts) == 3 * 2^20)
assert(not pcall(string.rep, s, 100))
return #s:lower()
