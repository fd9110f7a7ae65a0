-- expect: runtime
-- Lua itself turns error("not enough memory") into a memory error. The host
-- classifies by what its allocator refused, not by the text: after a real
-- refusal that the script caught, the forged one is still a plain error.
pcall(string.rep, "x", 1e9)
error("not enough memory", 0)
