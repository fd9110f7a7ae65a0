-- expect: runtime
-- An uncaught error object with a __tostring that never ends: the message
-- handler names it by type and never calls __tostring.
error(setmetatable({}, { __tostring = function() while true do end end }))
