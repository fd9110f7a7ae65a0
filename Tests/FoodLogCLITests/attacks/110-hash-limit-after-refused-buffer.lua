-- expect: memory
-- The hash part limit tells a string buffer from a hash part by what was
-- allocated just before (a buffer follows its box). A buffer whose
-- allocation was refused must not let the next block, a huge hash part of
-- colliding keys, pass as a buffer: the flood still ends at the limit.
local M = (1 << 17) - 1
local t = {}
for i = 1, (1 << 16) - 8 do t[i * M] = true end
local big = string.rep("y", 10 * 1024 * 1024)
local filler = {}
for i = 1, 1 << 20 do filler[i] = i end          -- 16 MiB: a 10 MiB buffer no longer fits
for i = (1 << 16) - 7, (1 << 16) + 8 do
  assert(not pcall(table.concat, { big }))       -- its first buffer is refused
  t[i * M] = true
end
