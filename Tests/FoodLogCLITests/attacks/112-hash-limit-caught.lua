-- expect: ok
-- Reaching the hash part limit is a memory error a script may catch; the
-- table keeps what it had, and the script goes on.
local t = {}
local ok, e = pcall(function() for i = 1, 100000 do t["k" .. i] = i end end)
assert(not ok)
local n = 0
for _ in pairs(t) do n = n + 1 end
assert(n == 65536, n)
return n
