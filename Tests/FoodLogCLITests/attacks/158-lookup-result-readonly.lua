-- expect: refused
-- A lookup result is a read-only view: its fields, tags and per100g cannot
-- be changed (so the next script, or the next day, sees the same food),
-- not even with rawset or table.insert.
local egg = assert(foodlog.lookup("egg"))
assert(not pcall(table.insert, egg.tags, "candy"))
assert(not pcall(rawset, egg.per100g, "kcal", 0))
assert(not pcall(setmetatable, egg, {}))
egg.per100g.kcal = 0
