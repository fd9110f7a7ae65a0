-- expect: refused
-- table.move with destinations at the integer edge (Lua refuses wrap
-- around), negative sources (refused by the guard), and a huge overlapping
-- move inside a real array. Reading from index 0 (outside the array) is
-- refused by the guard, though Lua itself would read a nil there.
local t = { 1, 2, 3 }
assert(not pcall(table.move, t, 1, 3, math.maxinteger))
assert(not pcall(table.move, t, math.mininteger, 1, 1))
assert(not pcall(table.move, t, -2, 3, 1))
local big = {}
for i = 1, 100000 do big[i] = i end
table.move(big, 1, 100000, 2)
assert(big[100001] == 100000)
table.move(t, 1, 3, math.maxinteger - 2)
return table.move(t, 0, 3, 1)
