-- expect: memory
-- Float keys hash predictably too (from frexp of the number), so they could
-- be made to collide the same way. The hash part limit does not depend on
-- the key type: 300,000 float keys stop at 65,536.
local t = {}
for i = 1, 300000 do t[i * 1048575 + 0.5] = i end
