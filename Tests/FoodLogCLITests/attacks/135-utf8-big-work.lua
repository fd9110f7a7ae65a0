-- expect: budget
-- utf8.len, utf8.codepoint and utf8.char over megabytes, again and again:
-- each C call is charged by the bytes it reads or writes, so the loop ends
-- on the instruction budget, not after minutes.
local s = string.rep("\226\130\172", 1000000)
while true do
  utf8.len(s)
  utf8.offset(s, -1)
  utf8.len(s, 1, -1, true)
end
