-- expect: refused
-- rawset on the environment follows the same rule as assignment.
rawset(_G, "pairs", function() return next, {}, nil end)
return true
