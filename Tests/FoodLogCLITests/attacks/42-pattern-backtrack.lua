-- expect: refused
-- Backtracking in the C matcher (no hook): 'a.-b' on 30,000 a's takes
-- seconds in stock Lua. The pattern gate estimates the work and refuses.
local s = string.rep("a", 30000)
return s:find("a.-b")
