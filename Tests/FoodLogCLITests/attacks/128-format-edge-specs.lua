-- expect: runtime
-- string.format specs at the edges of Lua 5.4.4's checks: widths and
-- precisions of two digits are fine, three are refused ("invalid
-- conversion"), as are unknown conversions, a lone '%' and '%' plus NUL.
local s = string.format("%99.99f|%-99d|%+.99e|%#o|%5.2s|%c", 1e308, 1, 1e-300, 8, "abc", 65)
assert(#s > 400)
for _, bad in ipairs({ "%100d", "%.100f", "%", "%\0", "%y", "%10q", "%#s", "%ll" }) do
  assert(not pcall(string.format, bad, 1))
end
return string.format("%1$s", 1)
