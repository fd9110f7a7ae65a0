-- expect: budget
-- foodlog.warn formats with string.format: %s of a table whose __tostring
-- loops runs under the budget, not in the host.
foodlog.warn("%s", setmetatable({}, { __tostring = function() while true do end end }))
