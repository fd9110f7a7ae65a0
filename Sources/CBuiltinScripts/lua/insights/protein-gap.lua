-- protein-gap: the day's protein is well short of the protein target.
-- Needs a protein target (`target 160 g protein`). Priority 3.

foodlog.insight("protein-gap", function(day)
  local target = day.target and day.target.protein
  if not day.logged or target == nil or target <= 0 then return nil end
  local gap = target - (day.total.protein or 0)
  if gap <= 20 then return nil end
  return {
    emoji = "🥚",
    title = "Protein gap",
    body = string.format("%d g short of your %d g protein target: eggs, fish, chicken or lentils close it.",
      math.floor(gap + 0.5), math.floor(target + 0.5)),
    priority = 3,
  }
end)
