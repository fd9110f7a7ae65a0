-- estimates-share: at least a third of the day's items (and at least 2) are
-- estimates rather than known foods. Priority 1.

foodlog.insight("estimates-share", function(day)
  if not day.logged then return nil end
  local items, estimated, kcal = 0, 0, 0
  for _, item in ipairs(day.items) do
    items = items + 1
    if item.source == "estimate" then
      estimated = estimated + 1
      kcal = kcal + (item.nutrients and item.nutrients.kcal or 0)
    end
  end
  if estimated < 2 or estimated * 3 < items then return nil end
  return {
    emoji = "🔍",
    title = "Many estimated items",
    body = string.format("%d of %d items (%d kcal) are estimates; define them with `food` for exact numbers.",
      estimated, items, math.floor(kcal + 0.5)),
    priority = 1,
  }
end)
