-- expect: refused
-- Debian 5.4.4-3 CRASHER: __concat that grows the stack during a 3+ operand
-- concatenation leaves luaV_concat with a stale pointer (segfault / glibc
-- abort in plain lua5.4). __concat is refused by setmetatable.
local function deep(n) if n == 0 then return 0 end return 1 + deep(n - 1) end
local t = setmetatable({}, { __concat = function(a, b) deep(5000); return "x" end })
for i = 1, 200 do
  local s = "a" .. "b" .. t .. "c" .. "d" .. t .. "e"
end
return "survived"
