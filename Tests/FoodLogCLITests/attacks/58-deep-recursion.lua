-- expect: memory
-- Unbounded Lua recursion: the stack grows by reallocation (old and new
-- blocks coexist), so the 32 MiB cap is reached before Lua's 1,000,000-slot
-- "stack overflow". Either way an error, not a crash.
local function f(n) return 1 + f(n + 1) end
return f(1)
