-- expect: refused
-- Bytecode: Lua 5.4 has no verifier; crafted bytecode (e.g. GETUPVAL 0 200)
-- segfaults. load itself is refused, text or binary.
local evil = "\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64"
local f = load(evil, "=x", "b")
return f()
