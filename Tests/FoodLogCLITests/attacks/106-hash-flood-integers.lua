-- expect: memory
-- HANG in stock Lua 5.4.4: integer keys hash as key mod (nodes - 1 | 1), so
-- multiples of 2^19 - 1 all share one chain once the hash part has 2^19
-- nodes. Growing to that size rehashes every key with a lookup that walks
-- the chain: O(n^2) work inside one VM instruction, where the count hook
-- cannot fire (minutes for 2^18 keys). A table's hash part is limited to
-- 65,536 keys, which bounds that work to well under a second.
local M = (1 << 19) - 1
local t = {}
for i = 1, (1 << 18) + 1000 do t[i * M] = true end
