-- expect: runtime
-- __index function that indexes itself: Lua -> C -> Lua recursion ends in
-- "C stack overflow", an ordinary error.
local t = setmetatable({}, { __index = function(t, k) return t[k .. "x"] end })
return t.a
