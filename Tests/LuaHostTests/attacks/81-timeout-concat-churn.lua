-- expect: timeout
-- Each iteration copies 4 MB in one instruction (and frees it again).
local s = string.rep("x", 4 * 1024 * 1024)
while true do
  local t = s .. "y"
end
