-- expect: runtime
-- The utf8 library at its edges: the largest code point Lua encodes
-- (2^31-1), negative and too large ones, lax decoding, offsets far outside
-- the string, invalid bytes in utf8.codes and utf8.len.
assert(#utf8.char(0x7FFFFFFF) == 6)
assert(not pcall(utf8.char, 0x80000000))
assert(not pcall(utf8.char, -1))
assert(utf8.codepoint("\253\191\191\191\191\191", 1, 1, true) == 0x7FFFFFFF)
assert(not pcall(utf8.codepoint, "\237\160\128"))
assert(utf8.len("\255") == nil)
assert(utf8.offset("abc", math.maxinteger) == nil)
assert(not pcall(utf8.offset, "abc", 1, math.maxinteger))
assert(not pcall(utf8.codepoint, "abc", 1, math.maxinteger))
for _, c in utf8.codes("ok\255") do end
