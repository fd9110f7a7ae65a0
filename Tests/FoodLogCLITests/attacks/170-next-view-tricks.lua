-- expect: runtime
-- next() on a view with keys the view does not hold (a key of the real
-- table, a light-userdata-like value, a number): Lua's own "invalid key to
-- 'next'" as for an empty table, never the real table.
assert(next(string) == nil)
assert(not pcall(next, string, "format"))
return next(math, 1)
