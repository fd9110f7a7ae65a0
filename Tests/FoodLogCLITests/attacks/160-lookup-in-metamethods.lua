-- expect: budget or timeout
-- Host calls from inside metamethods, comparators and gsub callbacks: the
-- host function runs inside a C frame inside Lua; the budget still counts
-- the work around it and stops the whole chain. The host's lookups take time
-- the budget does not count, so on a busy machine the time limit may come
-- first: either stops it.
local t = setmetatable({}, { __index = function(_, k)
  for _ = 1, 500 do end
  return foodlog.lookup(k)
end })
local list = {}
for i = 1, 50 do list[i] = ({ "egg", "rice", "milk" })[i % 3 + 1] end
while true do
  table.sort(list, function(a, b)
    local fa, fb = t[a], t[b]
    return (fa and fa.name or a) < (fb and fb.name or b)
  end)
  string.gsub("egg rice milk", "%a+", function(w) return t[w] and "" end)
end
