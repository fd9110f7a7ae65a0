-- scripts/bench: the reference for `foodlog check --plan`. Plain lua5.4 builds, in memory, the
-- same 3,650 day views the host hands a plan (date, totals, targets, 12 items with nutrients and
-- a shared food table each, 4 meals with their items and totals) and runs the plan on each day,
-- with a minimal stand-in for the foodlog API. No data file is parsed: what is measured is
-- building the tables and running the rule, as the host does.
local plan_file, day_count = arg[1], tonumber(arg[2] or "3650")
local plans = {}
foodlog = {
  plan = function(spec) local p = { name = spec.name, options = spec.options or {} }; plans[#plans + 1] = p; return p end,
  warn = function(fmt, ...) return { level = "warn", message = string.format(fmt, ...) } end,
  fail = function(fmt, ...) return { level = "fail", message = string.format(fmt, ...) } end,
  has_tag = function(item, tag) for _, t in ipairs(item.food.tags) do if t == tag then return true end end return false end,
  option = function(day, key, default)
    local v = day.plan_options and day.plan_options[key]
    if v == nil then return default end
    return v
  end,
  -- As the prelude's foodlog.shown (Sources/CBuiltinScripts/lua/foodlog.lua).
  shown = function(x, limit)
    local function round(v) return math.floor(v + 0.5) end
    if round(x) == round(limit) and x ~= limit then return string.format("%.1f", x) end
    return string.format("%d", round(x))
  end,
}
local plan = dofile(plan_file)

-- The benchmark diary's 24 foods (scripts/bench-tools/generate.py): grams per item, and per
-- 100 g kcal, protein, carbs, fat, fiber, sugar, sodium (mg).
local foods = {
  {"eggs", 100, 143, 12.6, 0.7, 9.5, 0, 0.4, 142}, {"rice", 200, 130, 2.7, 28.2, 0.3, 0.4, 0.1, 1},
  {"coffee", 237, 1, 0.1, 0, 0, 0, 0, 2}, {"toast", 22, 291, 9, 54, 4, 3, 5, 500},
  {"milk", 244, 61, 3.2, 4.8, 3.3, 0, 5, 43}, {"banana", 118, 89, 1.1, 22.8, 0.3, 2.6, 12.2, 1},
  {"chicken", 150, 165, 31, 0, 3.6, 0, 0, 74}, {"broccoli", 156, 35, 2.4, 7.2, 0.4, 3.3, 1.4, 41},
  {"apple", 182, 52, 0.3, 13.8, 0.2, 2.4, 10.4, 1}, {"salmon", 170, 206, 22, 0, 12.4, 0, 0, 61},
  {"oatmeal", 234, 71, 2.5, 12, 1.5, 1.7, 0.3, 4}, {"peanut butter", 32, 588, 25, 20, 50, 6, 9, 17},
  {"yogurt", 245, 61, 3.5, 4.7, 3.3, 0, 4.7, 46}, {"almonds", 30, 579, 21, 21.6, 49.9, 12.5, 4.4, 1},
  {"black beans", 172, 132, 8.9, 23.7, 0.5, 8.7, 0.3, 1}, {"orange", 131, 47, 0.9, 11.8, 0.1, 2.4, 9.4, 0},
  {"cheddar", 100, 403, 24.9, 1.3, 33.1, 0, 0.5, 621}, {"olive oil", 14, 884, 0, 0, 100, 0, 0, 2},
  {"pasta", 140, 158, 5.8, 30.9, 0.9, 1.8, 0.6, 1}, {"potato", 173, 93, 2.5, 21.2, 0.1, 2.2, 1.2, 10},
  {"bacon", 23, 468, 33.9, 1.4, 35.1, 0, 0, 1717}, {"spinach", 30, 23, 2.9, 3.6, 0.4, 2.2, 0.4, 79},
  {"beer", 356, 43, 0.5, 3.6, 0, 0, 0, 4}, {"pizza", 107, 266, 11.4, 33.3, 9.7, 2.3, 3.6, 598},
}
local keys = { "kcal", "protein", "carbs", "fat", "fiber", "sugar", "sodium" }
local meals = { "breakfast", "lunch", "dinner", "snack" }
local weekdays = { "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday" }
local function rounded(x) return math.floor(x * 1000 + 0.5) / 1000 end

local function totals(sum)
  local t = {}
  for _, key in ipairs(keys) do t[key] = rounded(sum[key]) end
  t.net_carbs = rounded(math.max(0, sum.carbs - sum.fiber))
  local kcal = sum.kcal
  t.pct_protein = kcal > 0 and rounded(sum.protein * 400 / kcal) or 0
  t.pct_carbs = kcal > 0 and rounded(sum.carbs * 400 / kcal) or 0
  t.pct_fat = kcal > 0 and rounded(sum.fat * 900 / kcal) or 0
  return t
end

local function zero() return { kcal = 0, protein = 0, carbs = 0, fat = 0, fiber = 0, sugar = 0, sodium = 0 } end

local counts = { pass = 0, warn = 0, fail = 0 }
local food_tables = {}
for day_index = 0, day_count - 1 do
  local epoch = 17137 + day_index  -- 2016-12-02 as days since 1970-01-01
  local y, m, d = os.date("!%Y-%m-%d", epoch * 86400):match("(%d+)-(%d+)-(%d+)")
  local weekday = weekdays[(epoch + 3) % 7 + 1]
  local items, day_sum, meal_tables, order = {}, zero(), {}, {}
  for meal_index, meal in ipairs(meals) do
    local meal_items, meal_sum = {}, zero()
    for k = 0, 2 do
      local food = foods[(day_index * 7 + (meal_index - 1) * 3 + k) % #foods + 1]
      local grams, factor = food[2], food[2] / 100
      local nutrients = {}
      for i, key in ipairs(keys) do
        local value = food[2 + i] * factor
        nutrients[key] = rounded(value)
        day_sum[key] = day_sum[key] + value
        meal_sum[key] = meal_sum[key] + value
      end
      nutrients.fa_sat = 0
      nutrients.net_carbs = rounded(math.max(0, food[5] * factor - food[7] * factor))
      local food_table = food_tables[food[1]]
      if not food_table then
        food_table = { id = "usda:" .. food[1], name = food[1], group = "Foods", tags = {} }
        food_tables[food[1]] = food_table
      end
      local item = { name = food[1], text = food[1], grams = grams, meal = meal, source = "database",
                     nutrients = nutrients, food = food_table }
      items[#items + 1] = item
      meal_items[#meal_items + 1] = item
    end
    meal_tables[meal] = { name = meal, items = meal_items, total = totals(meal_sum) }
    order[#order + 1] = meal
  end
  meal_tables.meal_order = order
  local day = { date = y .. "-" .. m .. "-" .. d, weekday = weekday, is_weekend = weekday == "saturday" or weekday == "sunday",
                logged = true, total = totals(day_sum), target = { kcal = 2200, protein = 160 }, items = items,
                meals = meal_tables, plan_options = plan.options }
  local verdicts = plan.check(day) or {}
  local status = "pass"
  for _, v in ipairs(verdicts) do
    if v.level == "fail" then status = "fail" elseif status == "pass" then status = "warn" end
  end
  counts[status] = counts[status] + 1
end
print(string.format("%d pass, %d warn, %d fail", counts.pass, counts.warn, counts.fail))
