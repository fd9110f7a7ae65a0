-- expect: ok
-- __close handlers that run while the script returns its result: they may
-- change the returned table (already chosen) but the host converts it only
-- after the call has fully finished.
local result = { n = 1 }
do
  local guard <close> = setmetatable({}, { __close = function() result.n = 2; result.self = nil end })
end
local function f()
  local late <close> = setmetatable({}, { __close = function() result.extra = string.rep("x", 10) end })
  return result
end
return f()
