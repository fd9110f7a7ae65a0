-- expect: memory
-- String doubling reaches the cap after a few steps.
local s = "x"
while true do s = s .. s end
