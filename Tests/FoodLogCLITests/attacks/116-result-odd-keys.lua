-- expect: ok
-- Keys the host has no use for: tables, functions, booleans, floats,
-- negative and huge integers, NaN-free float keys, keys with NULs and
-- invalid UTF-8. They are skipped or kept as text, never crash conversion.
local t = {}
t[{}] = 1
t[print] = 2
t[true] = 3
t[1.5] = 4
t[-1] = 5
t[0] = 6
t[math.maxinteger] = 7
t[math.mininteger] = 8
t["a\0b"] = 9
t["\255\254"] = 10
t["\192\128"] = 11
t[1] = "first"
t[3] = "after a hole"
return t
