-- expect: budget
-- Copying and validating a huge metatable is C work: charged per entry.
local mt = {}
for i = 1, 20000 do mt["__m" .. i] = i end
while true do setmetatable({}, mt) end
