-- expect: budget
-- gsub callback that loops: Lua code called from C, counted by the hook.
return ("abc"):gsub(".", function(c) while true do end end)
