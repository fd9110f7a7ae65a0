-- expect: budget
-- The budget error unwinds through a looping __close handler: the handler
-- runs after Lua restored hooks, and the re-armed hook stops it too.
local x <close> = setmetatable({}, { __close = function() while true do end end })
while true do end
