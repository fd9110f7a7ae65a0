-- expect: refused
-- debug breaks every sandbox: sethook removes the budget, getregistry
-- exposes _LOADED (real io/os), setupvalue rewrites host closures.
debug.sethook()
local reg = debug.getregistry()
return reg._LOADED.os.execute("id")
