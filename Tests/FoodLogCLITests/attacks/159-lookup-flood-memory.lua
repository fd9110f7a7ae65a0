-- expect: memory
-- Keeping every lookup result: what the host builds for the script counts
-- against its memory cap, so hoarding them ends as a memory error.
local keep = {}
local names = { "egg", "rice", "banana", "milk", "bread" }
local i = 0
while true do
  i = i + 1
  keep[i] = foodlog.lookup(names[i % 5 + 1])
  keep[-i] = string.rep("k", 4096) .. i
end
