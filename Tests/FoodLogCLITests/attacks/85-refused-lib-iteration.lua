-- expect: refused
-- Iterating or calling a refused library is refused as well.
for k, v in pairs(os) do print(k, v) end
return true
