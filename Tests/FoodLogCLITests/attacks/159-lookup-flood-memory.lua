-- expect: memory
-- Keeping every lookup result: what the host builds for the script counts
-- against its memory cap, so hoarding them ends as a memory error. (The
-- padding makes the cap come well before the instruction budget, which host
-- lookups are charged to: with 4 KiB the two limits were within a few percent.)
local keep = {}
local names = { "egg", "rice", "banana", "milk", "bread" }
local i = 0
while true do
  i = i + 1
  keep[i] = foodlog.lookup(names[i % 5 + 1])
  keep[-i] = string.rep("k", 8192) .. i
end
