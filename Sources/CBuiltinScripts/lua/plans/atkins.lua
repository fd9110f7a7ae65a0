-- Atkins (induction phase): at most 20 g net carbs a day.
--
-- Built-in plan (`plan atkins`). Net carbs are carbs minus fiber, as the host
-- computes them for `day.total.net_carbs`.

local plan = foodlog.plan {
  name = "Atkins",
  description = table.concat({
    "Atkins induction (phase 1): very low carb.",
    "- fail: net carbs (carbs minus fiber) over 20 g (option net_carbs_max, grams)",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { net_carbs_max = 20 },
}

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local limit = foodlog.option(day, "net_carbs_max", 20)
  local total = day.total
  local net = total.net_carbs or ((total.carbs or 0) - (total.fiber or 0))
  if net > limit then
    return { foodlog.fail("net carbs %s g, over the %g g limit", foodlog.shown(net, limit), limit) }
  end
  return {}
end

return plan
