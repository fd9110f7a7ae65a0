-- expect: runtime
-- __index chains that loop stop at MAXTAGLOOP (2000) with an error.
local a, b = {}, {}
setmetatable(a, { __index = b })
setmetatable(b, { __index = a })
return a.missing
