-- expect: runtime
-- print of a value whose __tostring raises, then of one returning a
-- non-string: both errors, printed nothing half-way, no address.
print("before")
local ok = pcall(print, setmetatable({}, { __tostring = function() error("boom") end }))
assert(not ok)
print(setmetatable({}, { __tostring = function() return nil end }))
