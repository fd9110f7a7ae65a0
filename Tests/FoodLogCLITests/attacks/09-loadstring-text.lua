-- expect: refused
-- Even text chunks cannot be compiled at run time (5.1-style loadstring
-- and 5.4 load): a fresh chunk would get the real globals as _ENV.
local f = loadstring and loadstring("return 1") or load("return 1")
return f()
