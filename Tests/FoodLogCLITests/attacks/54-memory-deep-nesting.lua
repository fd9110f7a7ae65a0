-- expect: memory
-- Deeply nested tables: a million small tables.
local t = {}
for i = 1, 1e9 do t = { t } end
return t
