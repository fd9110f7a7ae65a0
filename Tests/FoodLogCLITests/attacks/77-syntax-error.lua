-- expect: syntax
-- A syntax error names the script and line.
local x = = 1
