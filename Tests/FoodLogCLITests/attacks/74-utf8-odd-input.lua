-- expect: ok
-- utf8 functions on invalid input fail cleanly or report positions.
local n, pos = utf8.len("ab\xff")
assert(n == nil and pos == 3)
assert(utf8.char(0x10FFFF, 0x7FFFFFFF):len() == 10)
assert(not pcall(utf8.codepoint, "\xff"))
local cps = {}
for _, c in utf8.codes("ab\x80") do cps[#cps + 1] = c end   -- 5.4.4 accepts the stray byte
assert(not pcall(utf8.char, -1))
assert(utf8.offset("häj", 3) == 4)
assert(utf8.len(string.rep("é", 100000)) == 100000)
return #cps
