-- expect: refused
-- rawset on a library proxy.
rawset(table, "insert", function() end)
return true
