-- low-fiber: under 25 g fiber (or under the fiber target when one is set).
-- Priority 1.

foodlog.insight("low-fiber", function(day)
  if not day.logged then return nil end
  local goal = (day.target and day.target.fiber) or 25
  local fiber = day.total.fiber or 0
  if fiber >= goal then return nil end
  -- one decimal when rounding would read "25 g fiber, under 25 g"
  local shown = math.floor(fiber + 0.5) >= goal and string.format("%.1f", fiber)
    or string.format("%d", math.floor(fiber + 0.5))
  return {
    emoji = "🥦",
    title = "Low on fiber",
    body = string.format("%s g fiber, under %g g: beans, lentils, oats, berries or vegetables add it fast.",
      shown, goal),
    priority = 1,
  }
end)
