-- expect: runtime
-- foodlog.lookup with arguments that are not strings: a number (no
-- conversion), a table with __tostring, nil, none. Each is an error
-- naming the function; the last is raised.
assert(not pcall(foodlog.lookup, 42))
assert(not pcall(foodlog.lookup, setmetatable({}, { __tostring = function() return "egg" end })))
assert(not pcall(foodlog.lookup, nil))
return foodlog.lookup()
