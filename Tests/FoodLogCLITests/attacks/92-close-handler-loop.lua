-- expect: budget
-- A to-be-closed variable whose __close loops: __close runs as ordinary
-- Lua with hooks enabled, so it is counted.
do
  local x <close> = setmetatable({}, { __close = function() while true do end end })
end
return true
