-- expect: ok
-- A plan declaration with hostile values (NaN and infinite targets, a
-- cyclic options table, huge strings): declaring it is fine; the host
-- only reads it when the plan is used, and then checks every value.
local opts = { a = 1 }
opts.self = opts
local plan = foodlog.plan {
  name = string.rep("N", 100000), description = "x",
  targets = { kcal = 0/0, protein = math.huge, fat = -1 },
  options = opts,
}
function plan.check(day) return { plan } end
return "declared"
