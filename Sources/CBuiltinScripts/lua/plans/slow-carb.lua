-- Slow-Carb: no white starches, no dairy, no fruit, legumes at most meals,
-- one cheat day a week.
--
-- Built-in plan (`plan slow-carb`). Food kinds come from food tags:
-- white-starch (bread, rice, pasta, potato, cereal), dairy (eggs are tagged
-- `egg`, not `dairy`, so they are fine), fruit and legume. Custom foods are
-- judged by the tags their author gave them. The rules themselves are
-- `foodlog.slow_carb`, shared with 4-Hour Body.

local plan = foodlog.plan {
  name = "Slow-Carb",
  description = table.concat({
    "No white starches, no dairy, no fruit; legumes at most meals; one cheat day.",
    "- fail: any item tagged white-starch (bread, rice, pasta, potatoes, cereal)",
    "- fail: any item tagged dairy (milk, cheese, yogurt, butter...; eggs are fine)",
    "- fail: any item tagged fruit (fruit juices included)",
    "- warn: fewer than half of the day's meals contain a legume",
    "- cheat day (option cheat_day, default saturday): no rule applies, the day is",
    "  compliant; 'plan slow-carb with cheat_day none' has no cheat day",
    "- warn: nothing logged that day",
    "Each failing item is named, with its grams and meal.",
  }, "\n"),
  options = { cheat_day = "saturday" },
}

local slow_carb = foodlog.slow_carb

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local out = {}
  local cheat, problem = slow_carb.cheat_day(day)
  if cheat == day.weekday then return out end   -- cheat day: anything goes
  out[#out + 1] = problem
  slow_carb.forbidden_foods(day, out)
  slow_carb.legumes(day, out)
  return out
end

return plan
