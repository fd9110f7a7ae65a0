-- expect: ok
-- %q of every kind of value: integers at the extremes, NaN and the
-- infinities, floats needing hex, strings with NULs, control bytes and
-- invalid UTF-8, and a 1 MB string of quotes (charged by output). A table
-- has no literal form.
local parts = {
  string.format("%q", math.maxinteger), string.format("%q", 0/0),
  string.format("%q", math.huge), string.format("%q", -math.huge),
  string.format("%q", 0.1), string.format("%q", "a\0b\r\n\"\\\255"),
}
local big = string.format("%q", string.rep('"', 1000000))
assert(#big == 2000002)
assert(not pcall(string.format, "%q", {}))
return #table.concat(parts)
