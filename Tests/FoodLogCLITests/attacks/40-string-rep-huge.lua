-- expect: memory
-- A 1 GiB string against a 32 MiB cap fails before anything is copied.
local s = string.rep("x", 2 ^ 30)
return #s
