-- under-kcal: something is logged but the day is under 75% of the kcal target.
-- Needs a kcal target. Priority 2 (often just a day still in progress).

foodlog.insight("under-kcal", function(day)
  local target = day.target and day.target.kcal
  if not day.logged or target == nil or target <= 0 then return nil end
  local kcal = day.total.kcal or 0
  if kcal >= target * 0.75 then return nil end
  return {
    emoji = "🪫",
    title = "Well under your kcal target",
    body = string.format("%d of %d kcal (%d%%). Log anything missing, or add a meal.",
      math.floor(kcal + 0.5), math.floor(target + 0.5), math.floor(kcal / target * 100 + 0.5)),
    priority = 2,
  }
end)
