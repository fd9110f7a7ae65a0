-- expect: runtime
-- string.pack/unpack at their edges: sizes 0 and 17, alignment that is not
-- a power of two, lengths that do not fit, unpack of a length prefix that
-- claims 2^62 bytes, 'z' without a terminator, positions out of range (a
-- position far below 1 is clipped to 1, as Lua documents).
local bad = {
  function() return string.pack("i17", 1) end,
  function() return string.pack("i0", 1) end,
  function() return string.pack("!3i4", 1) end,
  function() return string.pack("s1", string.rep("x", 300)) end,
  function() return string.pack("i1", 300) end,
  function() return string.unpack("s8", string.pack("j", 1 << 62)) end,
  function() return string.unpack("z", "no terminator") end,
  function() return string.unpack("i4", "abcd", 10) end,
  function() return string.packsize("s") end,
  function() return string.packsize(string.rep("c1000000000", 10)) end,
  function() return string.pack("Xz", 1) end,
}
for i, f in ipairs(bad) do assert(not pcall(f), "case " .. i) end
assert(string.unpack("i4", "abcd", math.mininteger) == string.unpack("i4", "abcd"))
local s = string.pack(">i16", -1)
assert(#s == 16 and string.unpack(">i16", s) == -1)
return string.unpack("i16", string.rep("\255", 15) .. "\127")
