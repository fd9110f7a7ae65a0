-- expect: ok
-- __gc added to the user's metatable AFTER setmetatable never reaches the
-- VM: it sees a frozen copy. Garbage is produced to drive GC cycles; if the
-- finalizer ran, the host would hang (hooks are off in finalizers).
local mt = {}
for i = 1, 200 do setmetatable({}, mt) end
mt.__gc = function() while true do end end
assert(not pcall(setmetatable, {}, mt))       -- new objects with this mt: refused now
for i = 1, 1e5 do local garbage = { i } end
return "no finalizer ran"
