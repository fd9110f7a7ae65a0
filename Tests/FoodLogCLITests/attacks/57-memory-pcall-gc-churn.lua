-- expect: timeout
-- Fill the heap with many small live objects, then let every iteration fail
-- an allocation inside the VM: each failure runs an emergency full GC over
-- the whole heap before LUA_ERRMEM. Only a few VM instructions per GC, so
-- the wall clock, not the budget, must stop it, within one GC of 2 s.
local keep = {}
pcall(function()
  for i = 1, 1e9 do keep[i] = { i } end
end)
for i = #keep, #keep - 60000, -1 do keep[i] = nil end    -- ~4 MB of headroom
local big = string.rep("b", 1024 * 1024)
while true do
  pcall(function() return big .. big .. big .. big .. big .. big .. big .. big end)
end
