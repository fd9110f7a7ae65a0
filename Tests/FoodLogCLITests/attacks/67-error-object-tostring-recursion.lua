-- expect: runtime
-- A table error object whose __tostring recurses: never called by the host.
local e = setmetatable({}, {})
getmetatable(e).__tostring = function(x) return tostring(x) end
error(setmetatable({}, { __tostring = function(x) return tostring(x) end }))
