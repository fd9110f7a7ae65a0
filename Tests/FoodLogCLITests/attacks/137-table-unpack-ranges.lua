-- expect: runtime
-- table.unpack over ranges that overflow or are far too large: the guard's
-- charge is capped and Lua refuses "too many results" without looping.
assert(not pcall(table.unpack, {}, 1, 1e7))
assert(not pcall(table.unpack, {}, math.mininteger, math.maxinteger))
assert(select("#", table.unpack({}, math.maxinteger, math.maxinteger)) == 1)
assert(select("#", table.unpack({}, 0, -1)) == 0)
assert(select("#", table.unpack({}, 1, 100000)) == 100000)
return table.unpack({}, -5, math.maxinteger)
