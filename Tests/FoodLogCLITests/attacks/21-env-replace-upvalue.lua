-- expect: refused
-- Replacing _ENV with a table that falls back to the sandbox globals does
-- not make the libraries writable.
local real = _ENV
_ENV = setmetatable({}, { __index = real })
string.rep = function() return "" end
return true
