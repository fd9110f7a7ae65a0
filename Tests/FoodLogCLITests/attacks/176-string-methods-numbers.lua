-- expect: runtime
-- Methods on values without a metatable: numbers, booleans, nil. The
-- string metatable is locked and nothing else has one.
assert(("x"):rep(3) == "xxx")
assert(not pcall(function() return (5):rep(2) end))
assert(getmetatable("") ~= nil)
assert(not pcall(setmetatable, "", {}))
return (true):upper()
