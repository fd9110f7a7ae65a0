-- expect: ok
-- String comparison with embedded NULs of different lengths (l_strcmp
-- compares chunk by chunk with strcoll, stepping over each NUL): results
-- follow the bytes and then the length, never reading past the end.
assert("a\0b" < "a\0c")
assert("a\0" > "a")
assert("\0\0\0" < "\0\0\0\0")
assert(not ("x\0y" < "x\0y"))
local long = string.rep("\0", 100000)
assert(long < long .. "\0")
assert(not (long .. "a" < long))
return "a\0" <= "a\0\0"
