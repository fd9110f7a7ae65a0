-- expect: timeout
-- Near the hash part limit: 40,000 integer keys in one collision chain, then
-- endless lookups of a missing key that walk the whole chain inside one VM
-- instruction each. The hook still fires every 1,000 instructions, so the
-- time limit stops it close to the 2 s deadline.
local M = (1 << 16) - 1
local t = {}
for i = 1, 40000 do t[i * M] = true end
local probe = 40077 * M
while true do local _ = t[probe] end
