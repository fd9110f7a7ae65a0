-- Bulk: a kcal surplus over target and enough protein to build on it.
--
-- Built-in plan (`plan bulk`). The kcal target comes from the user's `target`
-- statements (set it at maintenance); the protein minimum scales with the
-- body weight logged with `weight`.

local plan = foodlog.plan {
  name = "Bulk",
  description = table.concat({
    "Eat a surplus: at least 10% over your kcal target, with enough protein.",
    "- fail: kcal under the kcal target + 10% (option surplus, %)",
    "- warn: no kcal target set (a weekly target counts a seventh per day)",
    "- fail: protein under 1.6 g per kg of body weight (option protein_per_kg)",
    "- warn: no body weight logged (\"log your weight\"); protein is then not checked",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { surplus = 10, protein_per_kg = 1.6 },
}

local round, shown = foodlog.round, foodlog.shown

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local surplus = foodlog.option(day, "surplus", 10)
  local per_kg = foodlog.option(day, "protein_per_kg", 1.6)
  local total = day.total
  local out = {}

  local kcal_target, named = foodlog.kcal_target(day)
  if kcal_target == nil then
    out[#out + 1] = foodlog.warn("no kcal target set")
  else
    local need = kcal_target * (1 + surplus / 100)
    local kcal = total.kcal or 0
    if kcal < need then
      out[#out + 1] = foodlog.fail("%s kcal, under the %d kcal bulk minimum (%s + %g%%)",
        shown(kcal, need), round(need), named, surplus)
    end
  end

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
  return out
end

return plan
