-- weekday-no-sweets.lua: sweets only on the days you allow (weekends by default).
--
--   plan "scripts/plans/weekday-no-sweets.lua"
--   foodlog check --plan scripts/plans/weekday-no-sweets.lua this week
--
-- Shows plan options: `options.sweet_days` lists the days sweets are fine,
-- and `day.plan_options` gives the value in force (with the user's overrides).

local plan = foodlog.plan {
  name = "Weekday no sweets",
  description = table.concat({
    "No sweets on weekdays.",
    "- fail: an item tagged sweets on a day not in sweet_days",
    "  (option sweet_days, default \"saturday sunday\")",
    "- warn: more than 300 kcal of sweets on an allowed day (option max_sweet_kcal)",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { sweet_days = "saturday sunday", max_sweet_kcal = 300 },
}

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local opts = day.plan_options or {}
  local allowed = {}
  for name in string.gmatch(string.lower(opts.sweet_days or "saturday sunday"), "%a+") do
    allowed[name] = true
  end

  local out, sweet_kcal = {}, 0
  for _, item in ipairs(day.items) do
    if foodlog.has_tag(item, "sweets") then
      sweet_kcal = sweet_kcal + (item.nutrients.kcal or 0)
      if not allowed[day.weekday] then
        out[#out + 1] = foodlog.fail("%s on a %s", item.name, day.weekday)
      end
    end
  end

  local limit = opts.max_sweet_kcal or 300
  if allowed[day.weekday] and sweet_kcal > limit then
    out[#out + 1] = foodlog.warn("%d kcal of sweets, over %g kcal", math.floor(sweet_kcal + 0.5), limit)
  end
  return out
end

return plan
