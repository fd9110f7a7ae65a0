-- Slow-Carb: no white starches, no dairy, no fruit, legumes at most meals,
-- one cheat day a week.
--
-- Built-in plan (`plan slow-carb`). Food kinds come from food tags:
-- white-starch (bread, rice, pasta, potato, cereal), dairy (eggs are tagged
-- `egg`, not `dairy`, so they are fine), fruit and legume. Custom foods are
-- judged by the tags their author gave them.

local plan = foodlog.plan {
  name = "Slow-Carb",
  description = table.concat({
    "No white starches, no dairy, no fruit; legumes at most meals; one cheat day.",
    "- fail: any item tagged white-starch (bread, rice, pasta, potatoes, cereal)",
    "- fail: any item tagged dairy (milk, cheese, yogurt, butter...; eggs are fine)",
    "- fail: any item tagged fruit (fruit juices included)",
    "- warn: fewer than half of the day's meals contain a legume",
    "- cheat day (option cheat_day, default saturday): no rule applies, the day is",
    "  compliant; set cheat_day = \"none\" to have no cheat day",
    "- warn: nothing logged that day",
    "Each failing item is named, with its grams and meal.",
  }, "\n"),
  options = { cheat_day = "saturday" },
}

local WEEKDAYS = {
  monday = true, tuesday = true, wednesday = true, thursday = true,
  friday = true, saturday = true, sunday = true,
}

-- Forbidden food kinds, checked in this order; one verdict per item.
local FORBIDDEN = {
  { tag = "white-starch", rule = "no white starches" },
  { tag = "dairy",        rule = "no dairy" },
  { tag = "fruit",        rule = "no fruit" },
}

-- "200 g rice (lunch)"
local function describe(item)
  local s = item.name
  if item.grams then s = string.format("%d g %s", math.floor(item.grams + 0.5), s) end
  if item.meal then s = s .. " (" .. item.meal .. ")" end
  return s
end

-- The cheat day's name, or nil when there is none; a warning for a bad value.
local function cheat_day(opts)
  local v = opts.cheat_day
  if v == nil then return "saturday" end
  if v == false or v == "none" then return nil end
  if type(v) == "string" and WEEKDAYS[string.lower(v)] then return string.lower(v) end
  return nil, foodlog.warn("unknown cheat_day %q, no cheat day taken", tostring(v))
end

function plan.check(day)
  if not day.logged then return { foodlog.warn("nothing logged") } end
  local out = {}
  local cheat, problem = cheat_day(day.plan_options or {})
  if cheat == day.weekday then return out end   -- cheat day: anything goes
  out[#out + 1] = problem

  for _, item in ipairs(day.items) do
    local broken = {}
    for _, f in ipairs(FORBIDDEN) do
      if foodlog.has_tag(item, f.tag) then broken[#broken + 1] = f.rule end
    end
    if #broken > 0 then
      out[#out + 1] = foodlog.fail("%s: %s", describe(item), table.concat(broken, ", "))
    end
  end

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
