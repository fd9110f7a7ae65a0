-- expect: runtime
-- foodlog.days with impossible ranges: reversed, longer than 366 days,
-- impossible dates, years 0 and 9999, NULs and numbers; all errors, and
-- nothing is read from the diary for them.
local bad = {
  { "2026-11-29", "2026-11-01" }, { "2020-01-01", "2026-01-01" },
  { "2026-02-30", "2026-03-01" }, { "0000-01-01", "0000-01-02" },
  { "2026-11-01\0", "2026-11-02" }, { 20261101, 20261102 },
  { "9999-12-30", "9999-12-31" }, { "-2026-01-01", "2026-01-01" },
}
for i, r in ipairs(bad) do
  local ok, days = pcall(foodlog.days, r[1], r[2])
  assert(not ok or #days <= 366, "case " .. i)
end
return foodlog.days("2026-13-01", "2026-13-02")
