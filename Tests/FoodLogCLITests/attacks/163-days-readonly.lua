-- expect: refused
-- Day views from foodlog.days are read-only all the way down: items,
-- totals, foods. Writing is refused, so no rule can change what another
-- rule (or the host) sees.
local days = foodlog.days("2026-11-28", "2026-11-29")
local today = days[#days]
assert(type(today) == "table")
assert(not pcall(function() today.total.kcal = 0 end))
assert(not pcall(rawset, today, "logged", false))
days[1] = nil
