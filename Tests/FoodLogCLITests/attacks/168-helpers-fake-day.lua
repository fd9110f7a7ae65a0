-- expect: budget
-- The API helpers (option, has_tag, describe, slow_carb.*) given a fake
-- day whose fields loop or raise: they are Lua code running under the
-- budget; the loop is stopped there.
local fake = setmetatable({}, { __index = function(t, k)
  if k == "items" then while true do end end
end })
assert(foodlog.option({ plan_options = { x = 2 } }, "x", 1) == 2)
assert(not pcall(foodlog.option, { plan_options = { x = -1 } }, "x", 1))
assert(foodlog.has_tag({}, "x") == false)
foodlog.slow_carb.forbidden_foods(fake, {})
