-- expect: budget
-- xpcall handler that loops: with stock xpcall it would run for the hook's
-- error with hooks disabled and hang the host. The wrapper does not call
-- the handler after a budget stop.
return xpcall(function() while true do end end, function() while true do end end)
