-- expect: ok
-- Day views (sealed as the host builds them, sharing one metatable) keep
-- their real tables out of reach: raw access sees an empty table, writes of
-- every kind are refused, and reading, pairs and # see the real contents.
local day = foodlog.days("2026-11-29", "2026-11-29")[1]
local item = day.items[1]
for _, view in ipairs({ day, day.total, day.items, item, item.nutrients, item.food, item.food.tags, day.meals }) do
  assert(next(view) == nil and rawget(view, 1) == nil and rawlen(view) == 0)
  local ok, message = pcall(next, view, "date")
  assert(not ok and message:find("invalid key to 'next'"), message)
  assert(not pcall(rawset, view, "x", 1) and not pcall(function() view.x = 1 end))
  assert(not pcall(table.insert, view, 1) and not pcall(setmetatable, view, nil))
  assert(getmetatable(view) == "locked")
  for k, v in pairs(view) do assert(type(k) == "string" or type(k) == "number") end
end
assert(not pcall(function() day.total.kcal = 0 end) and not pcall(function() item.grams = 0 end))
assert(day.date == "2026-11-29" and #day.items == 1 and item.grams > 0 and item.nutrients.kcal > 0)
local n = 0
for k, v in pairs(day) do n = n + 1 end
assert(n >= 8 and table.concat(day.meal_order, ",") == "breakfast")
return n
