-- expect: budget
-- ipairs over a table whose __index invents a value for every index: the
-- loop never reaches a nil, and each step is VM work the budget counts.
local t = setmetatable({}, { __index = function(_, i) return i end })
for i, v in ipairs(t) do end
