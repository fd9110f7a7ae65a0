-- 4-Hour Body: the Slow-Carb rules plus a high-protein first meal.
--
-- Built-in plan (`plan 4-hour-body`). The Slow-Carb rules are
-- `foodlog.slow_carb`, shared with the Slow-Carb plan. Food kinds come from
-- food tags; eggs are tagged `egg`, not `dairy`, so they are fine.

local plan = foodlog.plan {
  name = "4-Hour Body",
  description = table.concat({
    "Slow-Carb plus at least 30 g protein in the first meal of the day.",
    "- fail: any item tagged white-starch (bread, rice, pasta, potatoes, cereal)",
    "- fail: any item tagged dairy (milk, cheese, yogurt, butter...; eggs are fine)",
    "- fail: any item tagged fruit (fruit juices included)",
    "- fail: the first meal slot logged that day (day.meal_order[1]) has under 30 g protein",
    "  (option first_meal_protein, grams)",
    "- warn: fewer than half of the day's meals contain a legume",
    "- cheat day (option cheat_day, default saturday): no rule applies, the day is",
    "  compliant; 'plan 4-hour-body with cheat_day none' has no cheat day",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { cheat_day = "saturday", first_meal_protein = 30 },
}

local slow_carb = foodlog.slow_carb

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local out = {}
  local cheat, problem = slow_carb.cheat_day(day)
  if cheat == day.weekday then return out end   -- cheat day: anything goes
  out[#out + 1] = problem
  slow_carb.forbidden_foods(day, out)

  -- 4-Hour Body: protein in the first meal.
  local minimum = foodlog.option(day, "first_meal_protein", 30)
  local first = day.meal_order[1]
  if first then
    local meal = day.meals[first]
    local protein = meal and meal.total and meal.total.protein or 0
    if protein < minimum then
      out[#out + 1] = foodlog.fail("first meal (%s) has %s g protein, under %d g",
        first, foodlog.shown(protein, minimum), foodlog.round(minimum))
    end
  end

  slow_carb.legumes(day, out)
  return out
end

return plan
