-- expect: runtime
-- to-be-closed variables with values that cannot be closed, a __close that
-- raises a table, and 'break' out of a loop with a to-be-closed variable
-- (a 5.4.4 bug closes it at the wrong level; it must not crash).
local closed = 0
for i = 1, 3 do
  local c <close> = setmetatable({}, { __close = function() closed = closed + 1 end })
  if i == 2 then break end
end
assert(closed >= 1)
local ok = pcall(function()
  local x <close> = setmetatable({}, { __close = function() error({}) end })
end)
assert(not ok)
local bad <close> = {}
