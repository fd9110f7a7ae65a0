-- Standard: a balanced day close to the user's own targets.
--
-- Built-in plan (`plan standard`). The targets come from the user's `target`
-- statements; this plan sets none of its own. Only targets that are set are
-- checked. Tolerances are options (`kcal_tolerance`, `macro_tolerance`, in %).

local plan = foodlog.plan {
  name = "Standard",
  description = table.concat({
    "A balanced day close to your own targets (set them with `target`).",
    "- fail: kcal more than 10% above or below the kcal target",
    "- fail: protein, carbs or fat more than 15% above or below its target",
    "  (each macro is checked only when you set a target for it)",
    "- fail: the week so far (from Monday) more than 10% over a weekly kcal target,",
    "  or, on Sunday, the week more than 10% under it",
    "- warn: no kcal target set (neither daily nor weekly)",
    "- warn: nothing logged that day",
    "Options: kcal_tolerance = 10, macro_tolerance = 15 (percent).",
  }, "\n"),
  options = { kcal_tolerance = 10, macro_tolerance = 15 },
}

local round = foodlog.round

-- "1495 kcal" / "protein 41 g"
local function amount(what, x)
  if what == "kcal" then return string.format("%d kcal", round(x)) end
  return string.format("%s %d g", what, round(x))
end

-- Checks one quantity against its target; returns a verdict or nil.
local function within(what, actual, target, tolerance)
  if target == nil or target <= 0 then return nil end
  actual = actual or 0
  local dev = (actual - target) / target * 100
  if math.abs(dev) <= tolerance then return nil end
  local unit = what == "kcal" and "kcal" or "g"
  return foodlog.fail("%s, %s%% %s the %d %s target (±%g%% allowed)", amount(what, actual),
    foodlog.shown(math.abs(dev), tolerance), dev > 0 and "over" or "under", round(target), unit, tolerance)
end

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local kcal_tol = foodlog.option(day, "kcal_tolerance", 10)
  local macro_tol = foodlog.option(day, "macro_tolerance", 15)
  local total, target = day.total, day.target or {}
  local out = {}

  local weekly = day.week_target and day.week_target.kcal
  if target.kcal == nil and weekly == nil then
    out[#out + 1] = foodlog.warn("no kcal target set")
  elseif target.kcal ~= nil then
    out[#out + 1] = within("kcal", total.kcal, target.kcal, kcal_tol)
  end
  if weekly ~= nil and weekly > 0 then
    -- A weekly budget: over it at any point fails; under it only once the week is over.
    local so_far = day.week_total.kcal
    local dev = (so_far - weekly) / weekly * 100
    if dev > kcal_tol or (day.weekday == "sunday" and -dev > kcal_tol) then
      out[#out + 1] = foodlog.fail("%d kcal this week, %s%% %s the %d kcal weekly target (±%g%% allowed)",
        round(so_far), foodlog.shown(math.abs(dev), kcal_tol), dev > 0 and "over" or "under", round(weekly), kcal_tol)
    end
  end
  for _, macro in ipairs({ "protein", "carbs", "fat" }) do
    local v = within(macro, total[macro], target[macro], macro_tol)
    if v then out[#out + 1] = v end
  end
  return out
end

return plan
