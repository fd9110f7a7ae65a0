-- expect: runtime
-- string.byte of a whole 1 MB string returns a million values: Lua refuses
-- "string slice too long" before filling the stack; string.char of many
-- arguments is charged by output.
local s = string.rep("a", 1000000)
local codes = { string.byte(s, 1, 100000) }
assert(#codes == 100000)
assert(#string.char(table.unpack(codes)) == 100000)
return string.byte(s, 1, -1)
