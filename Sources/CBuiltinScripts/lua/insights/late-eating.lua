-- late-eating: items logged with a time after 21:00. Items without a time
-- are not counted. Priority 1.

local LATE = 21 * 60   -- minutes after midnight

local function minutes(time)
  if type(time) ~= "string" then return nil end
  local h, m = string.match(time, "^(%d%d?):(%d%d)")
  if not h then return nil end
  return tonumber(h) * 60 + tonumber(m)
end

foodlog.insight("late-eating", function(day)
  if not day.logged then return nil end
  local count, kcal, last, last_time = 0, 0, -1, nil
  for _, item in ipairs(day.items) do
    local t = minutes(item.time)
    if t and t > LATE then
      count = count + 1
      kcal = kcal + (item.nutrients and item.nutrients.kcal or 0)
      if t > last then last, last_time = t, item.time end
    end
  end
  if count == 0 then return nil end
  return {
    emoji = "🌙",
    title = "Late eating",
    body = string.format("%d %s after 21:00 (%d kcal), the last at %s.",
      count, count == 1 and "item" or "items", math.floor(kcal + 0.5), string.sub(last_time, 1, 5)),
    priority = 1,
  }
end)
