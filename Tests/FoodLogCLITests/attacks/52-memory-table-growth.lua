-- expect: memory
-- Unbounded table growth stops at the 32 MiB cap.
local t = {}
for i = 1, 1e9 do t[i] = i end
return #t
