-- expect: runtime
-- Error objects that are not strings: nil, a function, a boolean, a table
-- whose __index raises. Each is caught once (the host stays calm), and the
-- last one is raised uncaught.
for _, v in ipairs({ false, print, true, 0/0, math.mininteger }) do
  local ok, e = pcall(error, v)
  assert(not ok and rawequal(e, v) or (e ~= e))
end
local ok, e = pcall(error)
assert(not ok and e == nil)
error(setmetatable({}, { __index = function() error("read!") end }), 2)
