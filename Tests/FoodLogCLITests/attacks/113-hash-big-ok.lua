-- expect: ok
-- Tables with many keys are fine up to the hash part limit: 60,000 string
-- keys, 60,000 sparse integer keys, and a plain array of a million
-- elements (the array part has no key limit, only the memory cap).
local words, sparse, array = {}, {}, {}
for i = 1, 60000 do words["w" .. i] = i end
for i = 1, 60000 do sparse[i * 7919] = i end
for i = 1, 1000000 do array[i] = i end
local n = 0
for _ in pairs(words) do n = n + 1 end
return n + #array
