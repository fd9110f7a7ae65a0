-- expect: budget
-- gsub with a replacement table whose __index loops forever: the lookup
-- runs Lua code (hooked) for each match, so the budget stops it.
local repl = setmetatable({}, { __index = function(t, k) while true do end end })
return string.gsub("hello world", "%w+", repl)
