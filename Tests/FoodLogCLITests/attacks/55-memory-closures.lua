-- expect: memory
-- Many closures with upvalues.
local fs = {}
for i = 1, 1e9 do
  local v = i
  fs[i] = function() return v end
end
return #fs
