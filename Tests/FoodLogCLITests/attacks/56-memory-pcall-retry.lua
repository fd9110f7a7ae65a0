-- expect: budget
-- Catching memory errors with pcall and retrying: each attempt fails fast
-- (guards raise before copying), and the loop is stopped by the budget.
local keep = string.rep("k", 8 * 1024 * 1024)   -- needs 2x while built
while true do
  pcall(string.rep, "x", 64 * 1024 * 1024)
end
