-- expect: budget
-- A handler that loops on an ordinary error runs after unwinding, under the
-- hook.
return xpcall(function() error("x") end, function(e) while true do end end)
