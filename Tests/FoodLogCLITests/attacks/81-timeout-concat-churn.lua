-- expect: timeout
-- Each iteration copies 2 MB in one instruction (and frees it again).
local s = string.rep("x", 2 * 1024 * 1024)
while true do
  local t = s .. "y"
end
