-- expect: memory
-- Deep Lua recursion that calls into the host every 1,000 frames: the host
-- functions run fine at any Lua depth (their results count against the
-- cap too), and the growing stack ends the recursion at the memory cap.
local function down(n)
  if n % 1000 == 0 then assert(foodlog.lookup("egg")) end
  return 1 + down(n + 1)
end
return down(1)
