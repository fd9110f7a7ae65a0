-- expect: refused
-- Overwriting a sandbox global from the script's environment.
tostring = function() return "pwned" end
return tostring(1)
