-- expect: runtime
-- An ordinary runtime error: "90-runtime-error-line.lua:5: attempt to index a nil value".
local day = nil
local x = 1
return day.total
