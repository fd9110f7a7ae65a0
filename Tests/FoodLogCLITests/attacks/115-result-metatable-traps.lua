-- expect: ok
-- A result whose metatable lies and throws: __index and __newindex raise,
-- __pairs loops forever, __len raises, __tostring loops. The host converts
-- with raw access only, so none of them runs.
local function loop() while true do end end
local trap = {
  __index = function() error("host read through __index") end,
  __newindex = function() error("host wrote through __newindex") end,
  __pairs = function() loop() end,
  __len = function() error("host called __len") end,
  __tostring = loop, __eq = loop, __lt = loop, __le = loop, __call = loop,
  __close = loop, __name = "Trap",
}
local inner = setmetatable({ 1, 2, 3 }, trap)
return setmetatable({ inner = inner, list = { inner, inner } }, trap)
