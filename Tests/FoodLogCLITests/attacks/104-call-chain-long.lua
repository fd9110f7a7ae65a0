-- expect: refused
-- The same C loop without a cycle: 200,000 tables, each callable through
-- the next one's __call. Each step of the chain is one more retry inside
-- luaD_precall (and one more slot shifted). A non-function __call is
-- refused, so a chain is at most one step long.
local first = {}
local current = first
for i = 1, 200000 do
  local nxt = {}
  setmetatable(current, { __call = nxt })
  current = nxt
end
setmetatable(current, { __call = function() return "end" end })
return first()
