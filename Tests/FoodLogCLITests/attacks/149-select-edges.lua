-- expect: runtime
-- select with negative and huge indices: counted from the end, or an
-- error, never a read outside the arguments.
assert(select(-1, 1, 2, 3) == 3)
assert(select("#") == 0)
assert(select(math.maxinteger, 1) == nil)
assert(not pcall(select, -4, 1, 2, 3))
assert(not pcall(select, 0, 1))
return select(math.mininteger, 1, 2)
