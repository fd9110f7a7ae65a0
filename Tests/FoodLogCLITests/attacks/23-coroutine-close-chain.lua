-- expect: refused
-- Debian 5.4.4 CRASHER (fixed upstream in 5.4.5, 1e64c139): a chain of
-- coroutine.close called from __close handlers overflows the C stack and
-- segfaults plain lua5.4. Here it is refused at the first coroutine use.
local N = 20000
local cos = {}
for i = 1, N do
  cos[i] = coroutine.create(function()
    local x <close> = setmetatable({}, { __close = function()
      local nxt = cos[i + 1]
      if nxt then coroutine.close(nxt) end
    end })
    coroutine.yield()
  end)
  coroutine.resume(cos[i])
end
coroutine.close(cos[1])
return "survived"
