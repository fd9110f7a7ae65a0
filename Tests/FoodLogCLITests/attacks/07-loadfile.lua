-- expect: refused
-- Code loading from the file system (and loadfile accepts bytecode by default).
local chunk = loadfile("/tmp/evil.luac", "b")
return chunk()
