-- expect: ok
-- Legitimate use of globals: new globals are allowed and stay in this
-- script's environment; sandbox globals cannot be replaced; _ENV tricks
-- only affect this script.
local assert = assert                      -- the private _ENV below has no globals
helper_total = 0
function add(x) helper_total = helper_total + x end
add(2); add(3)
assert(_G.helper_total == 5)
assert(not pcall(function() pairs = nil end))
assert(not pcall(function() _G.string = {} end))
assert(not pcall(setmetatable, _G, {}))
assert(getmetatable(_G) == "locked")
assert(_G._G == _G)
_G = nil                                   -- only hides this env's own _G
assert(_G == nil and string.upper("a") == "A")
do
  local _ENV = { x = 1 }                   -- a private env: no globals at all
  y = x + 1
  assert(y == 2)
end
assert(y == nil)
return helper_total
