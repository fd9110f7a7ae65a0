-- The `foodlog` API: the trusted prelude every sandbox runs first, as the
-- chunk "foodlog-api". The host passes three functions written in Swift and
-- keeps the registries this returns; scripts see `api` as the read-only
-- global `foodlog`. Reference: grammar/lua/README.md.
--
-- Verdicts made here (by the Slow-Carb helpers) carry the line of the plan
-- that called the helper: the host skips this chunk's frames.

local make_verdict, lookup_host, days_host = ...
local plans, insights, estimators = {}, {}, {}
-- Every verdict foodlog.warn and foodlog.fail made: check(day) may return only these.
local verdicts = setmetatable({}, { __mode = "k" })
local api = {}

-- Registration ---------------------------------------------------------------

function api.plan(spec)
  if type(spec) ~= "table" then error("foodlog.plan expects a table {name=, description=, ...}", 2) end
  if type(spec.name) ~= "string" then error("foodlog.plan: name must be a string", 2) end
  local where = make_verdict("warn", "")
  local plan = { name = spec.name, description = spec.description, targets = spec.targets or {},
                 options = spec.options or {}, line = where.line }
  plans[#plans + 1] = plan
  return plan
end

local function verdict(level, fmt, ...)
  local v = make_verdict(level, string.format(fmt, ...))
  verdicts[v] = true
  return v
end

function api.warn(fmt, ...) return verdict("warn", fmt, ...) end
function api.fail(fmt, ...) return verdict("fail", fmt, ...) end

function api.insight(name, fn)
  if type(name) ~= "string" or type(fn) ~= "function" then
    error("foodlog.insight(name, fn) expects a name and a function", 2)
  end
  local where = make_verdict("warn", "")
  insights[#insights + 1] = { name = name, fn = fn, script = where.script }
end

function api.estimator(fn)
  if type(fn) ~= "function" then error("foodlog.estimator(fn) expects a function", 2) end
  local where = make_verdict("warn", "")
  estimators[#estimators + 1] = { fn = fn, script = where.script }
end

-- Host data ------------------------------------------------------------------

-- The host functions themselves, so their errors name the caller's line.
api.lookup = lookup_host
api.days = days_host

-- Helpers for rules ------------------------------------------------------------

function api.option(day, key, default)
  local opts = day and day.plan_options
  local v = opts and opts[key]
  if v == nil then return default end
  if type(v) ~= "number" or v < 0 then
    error(string.format("option %s must be a non-negative number, got %s", key, tostring(v)), 2)
  end
  return v
end

function api.has_tag(item, tag)
  local food = item and item.food
  local tags = food and food.tags
  if not tags then return false end
  for _, t in ipairs(tags) do if t == tag then return true end end
  return false
end

-- The nearest whole number (halves round up).
local function round(x) return math.floor(x + 0.5) end
api.round = round

-- A number for a message next to its limit: one decimal when the whole
-- number would read the same as the rounded limit (20.4 against 20), else
-- the whole number.
function api.shown(x, limit)
  if round(x) == round(limit) and x ~= limit then return string.format("%.1f", x) end
  return string.format("%d", round(x))
end

-- The day's kcal target and its name for a message: the daily target when one
-- is set ("2200 kcal target"), else a seventh of the weekly one ("2000 kcal
-- daily share of the 14000 kcal weekly target"); nil when neither is set.
function api.kcal_target(day)
  local daily = day.target and day.target.kcal
  if daily ~= nil and daily > 0 then return daily, string.format("%d kcal target", round(daily)) end
  local weekly = day.week_target and day.week_target.kcal
  if weekly ~= nil and weekly > 0 then
    return weekly / 7, string.format("%d kcal daily share of the %d kcal weekly target",
      round(weekly / 7), round(weekly))
  end
  return nil
end

-- "200 g rice (lunch)": an item for a message.
function api.describe(item)
  local s = item.name
  if item.grams then s = string.format("%d g %s", round(item.grams), s) end
  if item.meal then s = s .. " (" .. item.meal .. ")" end
  return s
end

-- The Slow-Carb rules, shared by the Slow-Carb and 4-Hour Body plans ---------

local slow_carb = {}

local WEEKDAYS = {
  monday = true, tuesday = true, wednesday = true, thursday = true,
  friday = true, saturday = true, sunday = true,
}

-- Forbidden food kinds, checked in this order.
local FORBIDDEN = {
  { tag = "white-starch", rule = "no white starches" },
  { tag = "dairy",        rule = "no dairy" },
  { tag = "fruit",        rule = "no fruit" },
}

-- The cheat day from option cheat_day (nil: saturday; false or "none": no
-- cheat day): its lower-case name or nil, and a warning for a bad value.
function slow_carb.cheat_day(day)
  local v = (day.plan_options or {}).cheat_day
  if v == nil then return "saturday" end
  if v == false or v == "none" then return nil end
  if type(v) == "string" and WEEKDAYS[string.lower(v)] then return string.lower(v) end
  return nil, api.warn("unknown cheat_day %q, no cheat day taken", tostring(v))
end

-- Appends to `out` one fail per item of a forbidden kind, naming every rule it breaks.
function slow_carb.forbidden_foods(day, out)
  for _, item in ipairs(day.items) do
    local broken = {}
    for _, f in ipairs(FORBIDDEN) do
      if api.has_tag(item, f.tag) then broken[#broken + 1] = f.rule end
    end
    if #broken > 0 then
      out[#out + 1] = api.fail("%s: %s", api.describe(item), table.concat(broken, ", "))
    end
  end
end

-- Appends to `out` a warning when fewer than half of the day's meals hold a legume.
function slow_carb.legumes(day, out)
  local meals, with_legume = 0, 0
  for _, slot in ipairs(day.meal_order) do
    meals = meals + 1
    local meal = day.meals[slot]
    for _, item in ipairs(meal and meal.items or {}) do
      if api.has_tag(item, "legume") then
        with_legume = with_legume + 1
        break
      end
    end
  end
  if meals > 0 and with_legume * 2 < meals then
    out[#out + 1] = api.warn("legumes in %d of %d meals; have them at most meals", with_legume, meals)
  end
end

api.slow_carb = slow_carb

return api, { plans = plans, insights = insights, estimators = estimators, verdicts = verdicts }
