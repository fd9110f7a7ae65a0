-- expect: runtime
-- Numeric for loops at the integer edge end (5.4 precomputes the count),
-- a float loop that would never end is stopped by the budget elsewhere,
-- and a zero step is an error.
local n = 0
for i = math.maxinteger - 2, math.maxinteger do n = n + 1 end
for i = math.mininteger, math.mininteger + 2 do n = n + 1 end
for i = math.maxinteger, math.maxinteger - 1, math.mininteger do n = n + 1 end
for i = 1, 0 do n = n + 100 end
assert(n == 7)
for i = 1, 10, 0 do end
