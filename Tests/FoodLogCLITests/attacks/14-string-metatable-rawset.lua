-- expect: refused
-- rawset bypasses __newindex, so rawset itself refuses read-only proxies.
local mt = getmetatable("")
rawset(mt, "__index", { len = function() return -1 end })
return ("abc"):len()
