-- expect: refused
-- _ENV games: a local _ENV with an __index that answers every name, an
-- upvalue _ENV of nil, a <const> _ENV (CVE-2022-28805's shape, patched in
-- Debian), then reaching the real globals through a fake _ENV: the
-- sandbox's names are only reachable read-only, and os stays refused.
local assert = assert
do
  local _ENV = setmetatable({}, { __index = function(_, k) return k end })
  assert(os == "os" and io == "io")
end
do
  local _ENV <const> = { x = 1 }
  assert(x == 1)
end
local ok = pcall(function() local _ENV = nil; return print end)
assert(not ok)
local env = setmetatable({}, { __index = _G })
local f = function() local _ENV = env; return os.getenv end
return f()
