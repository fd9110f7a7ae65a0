-- expect: refused
-- Poison the shared string library for later scripts.
string.format = function() return "pwned" end
return string.format("%d", 1)
