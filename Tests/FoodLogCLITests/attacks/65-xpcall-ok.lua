-- expect: ok
-- xpcall semantics kept: results on success, handler result on error.
assert(not pcall(xpcall, print, nil))                     -- handler must be a function
local ok2, a2, b2 = xpcall(function(x, y) return x + y, x * y end, function(e) return e end, 2, 3)
assert(ok2 and a2 == 5 and b2 == 6)
local ok3, msg = xpcall(function() error({ code = 7 }) end, function(e) return e.code end)
assert(not ok3 and msg == 7)
local ok4, msg4 = xpcall(function() error("boom") end, function(e) error("handler broke") end)
assert(not ok4)
return msg
