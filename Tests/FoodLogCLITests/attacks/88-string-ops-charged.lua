-- expect: budget
-- Big C string operations in a loop are charged to the budget (and the
-- clock is checked on every call), so 1000 VM instructions between hooks
-- cannot hide seconds of C work.
local s = string.rep("abc", 2 * 1024 * 1024)
while true do
  local u = s:upper()
end
