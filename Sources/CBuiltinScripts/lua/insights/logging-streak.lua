-- logging-streak: "N days in a row" of logging, looking back over the
-- previous 30 days with foodlog.days. Priority 1; 2 on a milestone (7, 14,
-- 21, 30 days) or when today is not logged yet and a streak is at stake.

-- Date arithmetic without `os`: days since 1970-01-01 (proleptic Gregorian).
local function day_number(date)
  local y, m, d = string.match(date, "^(%d%d%d%d)%-(%d%d)%-(%d%d)$")
  y, m, d = tonumber(y), tonumber(m), tonumber(d)
  if m <= 2 then y = y - 1 end
  local era = y // 400
  local yoe = y - era * 400
  local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
  local doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
  return era * 146097 + doe - 719468
end

local function date_string(n)
  n = n + 719468
  local era = n // 146097
  local doe = n - era * 146097
  local yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
  local doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
  local mp = (5 * doy + 2) // 153
  local d = doy - (153 * mp + 2) // 5 + 1
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400 + (m <= 2 and 1 or 0)
  return string.format("%04d-%02d-%02d", y, m, d)
end

local WINDOW = 30
local MILESTONES = { [7] = true, [14] = true, [21] = true, [30] = true }

foodlog.insight("logging-streak", function(day)
  local today = day_number(day.date)
  local logged = {}
  for _, d in ipairs(foodlog.days(date_string(today - WINDOW), date_string(today - 1))) do
    if d.logged then logged[d.date] = true end
  end
  local before = 0                      -- consecutive logged days ending yesterday
  while before < WINDOW and logged[date_string(today - before - 1)] do
    before = before + 1
  end

  if not day.logged then
    if before < 3 then return nil end
    return { emoji = "🔥", title = "Keep your streak going",
             body = before == WINDOW and "Over a month of daily logging; log today to keep it going."
               or string.format("%d days in a row before today; log today to make it %d.", before, before + 1),
             priority = 2 }
  end
  local streak = before + 1
  if streak < 3 then return nil end
  local count = before == WINDOW and string.format("%d+", WINDOW + 1) or tostring(streak)
  return { emoji = "🔥", title = string.format("%s days in a row", count),
           body = string.format("You have logged %s days in a row. Steady logging is what makes the numbers useful.", count),
           priority = MILESTONES[streak] and 2 or 1 }
end)
