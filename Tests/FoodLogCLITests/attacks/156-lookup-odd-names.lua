-- expect: ok
-- foodlog.lookup with names a resolver may choke on: empty, only spaces,
-- NULs, invalid UTF-8, combining marks, right-to-left marks, SQL and LIKE
-- metacharacters, a 1,024-byte name (the limit), numbers as text.
local names = {
  "", "   ", "egg\0", "\0", "\255\254", "e\204\129gg", "\226\128\174egg",
  "egg'; DROP TABLE entries; --", "%_%", "egg%", "[egg]", "1e308", "-0",
  string.rep("egg ", 256), string.rep("\226\130\172", 341),
}
local found = 0
for _, name in ipairs(names) do
  if foodlog.lookup(name) then found = found + 1 end
end
return found
