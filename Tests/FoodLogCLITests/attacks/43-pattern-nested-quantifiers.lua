-- expect: refused
-- Nested lazy quantifiers: work grows like n^4.
local s = string.rep("a", 1000)
return s:match(".-.-.-.-b")
