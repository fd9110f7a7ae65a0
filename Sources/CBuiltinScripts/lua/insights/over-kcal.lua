-- over-kcal: the day's kcal is more than 10% over the kcal target.
-- Needs a kcal target (`target 2200 kcal`). Priority 4: the most urgent insight.

foodlog.insight("over-kcal", function(day)
  local target = day.target and day.target.kcal
  if not day.logged or target == nil or target <= 0 then return nil end
  local kcal = day.total.kcal or 0
  if kcal <= target * 1.10 then return nil end
  return {
    emoji = "🍽️",
    title = "Over your kcal target",
    body = string.format("%d kcal, %d over your %d kcal target (+%d%%).",
      math.floor(kcal + 0.5), math.floor(kcal - target + 0.5), math.floor(target + 0.5),
      math.floor((kcal - target) / target * 100 + 0.5)),
    priority = 4,
  }
end)
