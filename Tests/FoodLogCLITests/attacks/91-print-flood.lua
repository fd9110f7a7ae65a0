-- expect: budget
-- print() goes to a host log capped at 64 KiB ("…[truncated]"); printing
-- forever is charged per byte and stopped by the budget.
local line = string.rep("spam ", 200)
while true do print(line) end
