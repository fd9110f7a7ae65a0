-- expect: refused
-- ("").dump reaches the REAL string table through the string metatable's
-- __index, not the proxy: it must be removed there too.
local dump = ("").dump
return dump(function() return 1 end)
