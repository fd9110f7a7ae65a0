-- expect: refused
-- coroutine is not offered (Debian 5.4.4: coroutine.close chain segfault).
local gen = coroutine.wrap(function() coroutine.yield(1) end)
return gen()
