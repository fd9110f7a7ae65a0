-- high-sodium: over 2300 mg sodium (or over the sodium target when one is set),
-- naming the item that brought the most. Priority 3.

-- At most `n` characters (UTF-8 aware), with an ellipsis when cut.
local function clip(s, n)
  if (utf8.len(s) or #s) <= n then return s end
  return string.sub(s, 1, (utf8.offset(s, n) or n + 1) - 1) .. "…"
end

foodlog.insight("high-sodium", function(day)
  if not day.logged then return nil end
  local limit = (day.target and day.target.sodium) or 2300
  local sodium = day.total.sodium or 0
  if sodium <= limit then return nil end
  local top, top_mg = nil, 0
  for _, item in ipairs(day.items) do
    local mg = item.nutrients and item.nutrients.sodium or 0
    if mg > top_mg then top, top_mg = item, mg end   -- first of equals wins
  end
  local body = string.format("%d mg sodium, over %d mg.", math.floor(sodium + 0.5), math.floor(limit + 0.5))
  if top then
    body = body .. string.format(" Most came from %s (%d mg).", clip(top.name, 40), math.floor(top_mg + 0.5))
  end
  return { emoji = "🧂", title = "High sodium", body = body, priority = 3 }
end)
