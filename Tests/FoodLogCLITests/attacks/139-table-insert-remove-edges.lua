-- expect: runtime
-- table.insert and table.remove at positions outside the list, with wrong
-- argument counts, and remove on an empty table at a huge position.
local t = { 1, 2, 3 }
assert(not pcall(table.insert, t, 0, "x"))
assert(not pcall(table.insert, t, 5, "x"))
assert(not pcall(table.insert, t, math.maxinteger, "x"))
assert(not pcall(table.insert, t, 1, 2, 3))
assert(not pcall(table.remove, t, math.maxinteger))
assert(table.remove({}, 0) == nil)
assert(table.remove(t, #t + 1) == nil)
return table.insert(t, math.mininteger, "x")
