-- my-cut.lua: a personal cutting plan (the example from the Lua API design).
--
-- Use it from a .meal file or the REPL:   plan "scripts/plans/my-cut.lua"
-- Check a week with it:                   foodlog check --plan scripts/plans/my-cut.lua last 7 days
--
-- The targets below become the day's targets while the plan is active; a
-- `target` statement of your own still overrides them.

local plan = foodlog.plan {
  name = "My cut",
  description = table.concat({
    "1,900 kcal, high protein, no sweets on weekdays.",
    "- warn: protein under 90% of the protein target (170 g)",
    "- fail: kcal more than 10% over the kcal target (1,900 kcal)",
    "- fail: anything tagged sweets, Monday to Friday",
  }, "\n"),
  targets = { kcal = 1900, protein = 170, fat = 60 },
}

-- `day` is a read-only view of one day; return a list of verdicts (empty = compliant).
function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local out = {}
  local total, target = day.total, day.target

  if target.protein and total.protein < 0.9 * target.protein then
    -- string.format's %d needs a whole number: round first
    out[#out + 1] = foodlog.warn("protein short by %d g", math.floor(target.protein - total.protein + 0.5))
  end

  if target.kcal and total.kcal > 1.1 * target.kcal then
    out[#out + 1] = foodlog.fail("%d kcal, over the %d kcal target by more than 10%%",
      math.floor(total.kcal + 0.5), math.floor(target.kcal + 0.5))
  end

  if not day.is_weekend then
    for _, item in ipairs(day.items) do
      if foodlog.has_tag(item, "sweets") then
        out[#out + 1] = foodlog.fail("%s on a weekday", item.name)
      end
    end
  end
  return out
end

return plan
