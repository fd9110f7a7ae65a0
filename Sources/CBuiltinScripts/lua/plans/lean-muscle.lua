-- Lean Muscle: enough protein for your body weight, kcal close to target.
--
-- Built-in plan (`plan lean-muscle`). The protein minimum scales with the
-- body weight logged with `weight` (`day.weight`); the kcal target comes from
-- the user's `target` statements.

local plan = foodlog.plan {
  name = "Lean Muscle",
  description = table.concat({
    "Protein for your body weight, kcal close to your target.",
    "- fail: protein under 1.6 g per kg of body weight (option protein_per_kg)",
    "- warn: no body weight logged (\"log your weight\"); protein is then not checked",
    "- fail: kcal more than 10% above or below the kcal target (option kcal_tolerance, %)",
    "- warn: no kcal target set (a weekly target counts a seventh per day)",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { protein_per_kg = 1.6, kcal_tolerance = 10 },
}

local round, shown = foodlog.round, foodlog.shown

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local per_kg = foodlog.option(day, "protein_per_kg", 1.6)
  local tolerance = foodlog.option(day, "kcal_tolerance", 10)
  local total = day.total
  local out = {}

  if day.weight == nil then
    out[#out + 1] = foodlog.warn("log your weight: protein needs it (%g g/kg)", per_kg)
  else
    local need = per_kg * day.weight
    local protein = total.protein or 0
    if protein < need then
      out[#out + 1] = foodlog.fail("protein %s g, under the %d g minimum (%g g/kg at %g kg)",
        shown(protein, need), round(need), per_kg, math.floor(day.weight * 10 + 0.5) / 10)
    end
  end

  local kcal_target, named = foodlog.kcal_target(day)
  if kcal_target == nil then
    out[#out + 1] = foodlog.warn("no kcal target set")
  else
    local kcal = total.kcal or 0
    local dev = (kcal - kcal_target) / kcal_target * 100
    if math.abs(dev) > tolerance then
      out[#out + 1] = foodlog.fail("%d kcal, %s%% %s the %s (±%g%% allowed)",
        round(kcal), shown(math.abs(dev), tolerance), dev > 0 and "over" or "under", named, tolerance)
    end
  end
  return out
end

return plan
