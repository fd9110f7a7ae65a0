-- expect: memory
-- A pack format that asks for hundreds of megabytes of padding in one C
-- call: the buffer grows under the memory cap and fails as memory.
return #string.pack(string.rep("x", 1000) .. string.rep("c100000000", 4), "a", "b", "c", "d")
