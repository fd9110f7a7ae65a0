-- scripts/bench: runs a plan rule over day views loaded from a Lua data file, in plain lua5.4,
-- with a minimal stand-in for the foodlog API (the comparison for `foodlog check --plan`).
local plan_file, data_file = arg[1], arg[2]
local plans = {}
foodlog = {
  plan = function(spec) local p = { name = spec.name, options = spec.options or {} }; plans[#plans + 1] = p; return p end,
  warn = function(fmt, ...) return { level = "warn", message = string.format(fmt, ...) } end,
  fail = function(fmt, ...) return { level = "fail", message = string.format(fmt, ...) } end,
  has_tag = function(item, tag) for _, t in ipairs(item.food.tags) do if t == tag then return true end end return false end,
  option = function(day, key, default)
    local v = day.plan_options and day.plan_options[key]
    if v == nil then return default end
    if type(v) ~= "number" or v < 0 then error("option " .. key .. " must be a non-negative number", 2) end
    return v
  end,
}
local plan = dofile(plan_file)
local days = dofile(data_file)
local counts = { pass = 0, warn = 0, fail = 0 }
for _, day in ipairs(days) do
  day.plan_options = plan.options
  local verdicts = plan.check(day) or {}
  local status = "pass"
  for _, v in ipairs(verdicts) do
    if v.level == "fail" then status = "fail" elseif status == "pass" then status = "warn" end
  end
  counts[status] = counts[status] + 1
end
print(string.format("%d pass, %d warn, %d fail", counts.pass, counts.warn, counts.fail))
