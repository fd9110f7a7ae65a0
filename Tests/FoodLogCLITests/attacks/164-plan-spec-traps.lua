-- expect: budget
-- foodlog.plan reads the spec through metamethods (it is Lua code in the
-- API prelude): a spec whose name field loops is stopped by the budget
-- like any script code, with the script's own line.
foodlog.plan(setmetatable({}, { __index = function(t, k)
  if k == "name" then while true do end end
end }))
