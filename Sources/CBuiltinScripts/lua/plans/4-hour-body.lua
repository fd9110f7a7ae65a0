-- 4-Hour Body: the Slow-Carb rules plus a high-protein first meal.
--
-- Built-in plan (`plan 4-hour-body`). Self-contained: the Slow-Carb logic is
-- repeated here (plans cannot require each other). Food kinds come from food
-- tags; eggs are tagged `egg`, not `dairy`, so they are fine.

local plan = foodlog.plan {
  name = "4-Hour Body",
  description = table.concat({
    "Slow-Carb plus at least 30 g protein in the first meal of the day.",
    "- fail: any item tagged white-starch (bread, rice, pasta, potatoes, cereal)",
    "- fail: any item tagged dairy (milk, cheese, yogurt, butter...; eggs are fine)",
    "- fail: any item tagged fruit (fruit juices included)",
    "- fail: the first meal slot logged that day (day.meal_order[1]) has under 30 g protein",
    "  (option first_meal_protein, grams)",
    "- warn: fewer than half of the day's meals contain a legume",
    "- cheat day (option cheat_day, default saturday): no rule applies, the day is",
    "  compliant; set cheat_day = \"none\" to have no cheat day",
    "- warn: nothing logged that day",
  }, "\n"),
  options = { cheat_day = "saturday", first_meal_protein = 30 },
}

local WEEKDAYS = {
  monday = true, tuesday = true, wednesday = true, thursday = true,
  friday = true, saturday = true, sunday = true,
}

local FORBIDDEN = {
  { tag = "white-starch", rule = "no white starches" },
  { tag = "dairy",        rule = "no dairy" },
  { tag = "fruit",        rule = "no fruit" },
}

local function round(x) return math.floor(x + 0.5) end

-- "200 g rice (lunch)"
local function describe(item)
  local s = item.name
  if item.grams then s = string.format("%d g %s", round(item.grams), s) end
  if item.meal then s = s .. " (" .. item.meal .. ")" end
  return s
end

local function cheat_day(opts)
  local v = opts.cheat_day
  if v == nil then return "saturday" end
  if v == false or v == "none" then return nil end
  if type(v) == "string" and WEEKDAYS[string.lower(v)] then return string.lower(v) end
  return nil, foodlog.warn("unknown cheat_day %q, no cheat day taken", tostring(v))
end

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local opts = day.plan_options or {}
  local out = {}
  local cheat, problem = cheat_day(opts)
  if cheat == day.weekday then return out end   -- cheat day: anything goes
  out[#out + 1] = problem

  -- Slow-Carb: forbidden foods, one verdict per item.
  for _, item in ipairs(day.items) do
    local broken = {}
    for _, f in ipairs(FORBIDDEN) do
      if foodlog.has_tag(item, f.tag) then broken[#broken + 1] = f.rule end
    end
    if #broken > 0 then
      out[#out + 1] = foodlog.fail("%s: %s", describe(item), table.concat(broken, ", "))
    end
  end

  -- 4-Hour Body: protein in the first meal.
  local minimum = foodlog.option(day, "first_meal_protein", 30)
  local first = day.meal_order[1]
  if first then
    local meal = day.meals[first]
    local protein = meal and meal.total and meal.total.protein or 0
    if protein < minimum then
      local shown = round(protein) >= minimum and string.format("%.1f", protein)
        or string.format("%d", round(protein))
      out[#out + 1] = foodlog.fail("first meal (%s) has %s g protein, under %d g",
        first, shown, round(minimum))
    end
  end

  -- Slow-Carb: legumes at most meals.
  local meals, with_legume = 0, 0
  for _, slot in ipairs(day.meal_order) do
    meals = meals + 1
    local meal = day.meals[slot]
    for _, item in ipairs(meal and meal.items or {}) do
      if foodlog.has_tag(item, "legume") then
        with_legume = with_legume + 1
        break
      end
    end
  end
  if meals > 0 and with_legume * 2 < meals then
    out[#out + 1] = foodlog.warn("legumes in %d of %d meals; have them at most meals",
      with_legume, meals)
  end
  return out
end

return plan
