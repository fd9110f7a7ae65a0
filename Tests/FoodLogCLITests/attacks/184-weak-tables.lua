-- expect: ok
-- Weak tables (__mode) are allowed: entries disappear at collection
-- time, which the script cannot force (no collectgarbage). Nothing here
-- runs at collection time (no __gc), so no code runs without the hook.
local cache = setmetatable({}, { __mode = "kv" })
for i = 1, 30000 do cache[{}] = {} end
local strong = {}
for i = 1, 1000 do strong[i] = {}; cache[strong[i]] = i end
local n = 0
for k, v in pairs(cache) do n = n + 1 end
return n >= 1000
