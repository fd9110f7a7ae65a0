-- expect: runtime
-- An error object whose __tostring loops: stock lua.c calls __tostring in
-- its message handler and hangs. The host never calls it:
-- "(error object is a table value)".
error(setmetatable({}, { __tostring = function() while true do end end }))
