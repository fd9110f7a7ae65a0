-- expect: budget
-- Catching an error object and converting it with tostring runs its
-- __tostring as normal script code: counted.
local ok, err = pcall(error, setmetatable({}, { __tostring = function() while true do end end }))
return tostring(err)
