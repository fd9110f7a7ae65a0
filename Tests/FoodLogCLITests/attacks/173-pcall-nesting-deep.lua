-- expect: runtime
-- pcall(pcall(pcall(...))) 300 deep through the sandbox's C pcall: each
-- level is a C call; Lua's C-stack limit ends it with an error ("C stack
-- overflow"), caught or not, with no crash.
local args = {}
for i = 1, 300 do args[i] = pcall end
args[301] = error
args[302] = "bottom"
assert(pcall(table.unpack(args)) ~= nil)
local function nest(n)
  if n == 0 then return error("deep") end
  return select(2, xpcall(nest, function(e) error(e) end, n - 1))
end
pcall(nest, 250)
local function rec(n) return tostring(setmetatable({}, { __tostring = function() return rec(n + 1) end })) end
return rec(1)
