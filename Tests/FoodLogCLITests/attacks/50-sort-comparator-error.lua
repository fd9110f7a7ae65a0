-- expect: runtime
-- A sort comparator that raises: an ordinary error with the script's line.
local t = { 3, 1, 2, 5, 4 }
table.sort(t, function(a, b) error("comparator failed") end)
return t
