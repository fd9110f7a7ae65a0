-- Keto: very low net carbs, most energy from fat.
--
-- Built-in plan (`plan keto`). Net carbs are carbs minus fiber
-- (`day.total.net_carbs`); the fat share is the percent of kcal from fat
-- (`day.total.pct_fat`).

local plan = foodlog.plan {
  name = "Keto",
  description = table.concat({
    "Ketogenic: very low net carbs, at least 70% of kcal from fat.",
    "- fail: net carbs (carbs minus fiber) over 25 g (option net_carbs_max, grams)",
    "- fail: under 70% of kcal from fat (option min_pct_fat, percent; days with 0 kcal pass)",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { net_carbs_max = 25, min_pct_fat = 70 },
}

local shown = foodlog.shown

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local carb_limit = foodlog.option(day, "net_carbs_max", 25)
  local fat_min = foodlog.option(day, "min_pct_fat", 70)
  local total = day.total
  local out = {}

  local net = total.net_carbs or ((total.carbs or 0) - (total.fiber or 0))
  if net > carb_limit then
    out[#out + 1] = foodlog.fail("net carbs %s g, over the %g g limit", shown(net, carb_limit), carb_limit)
  end

  local kcal = total.kcal or 0
  local pct_fat = total.pct_fat or (kcal > 0 and (total.fat or 0) * 9 / kcal * 100) or 0
  if kcal > 0 and pct_fat < fat_min then   -- a day of black coffee has no fat share
    out[#out + 1] = foodlog.fail("fat %s%% of kcal, under the %g%% minimum", shown(pct_fat, fat_min), fat_min)
  end
  return out
end

return plan
