-- expect: memory
-- The same collision flood with float keys, whose hash (frexp of the
-- number) is just as predictable: keys k + 0.5 for k a multiple of the
-- node count minus one land together. The hash part limit applies to every
-- key type.
local t = {}
for i = 1, 300000 do t[i * 1048575 + 0.5] = i end
