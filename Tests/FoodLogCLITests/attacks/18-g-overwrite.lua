-- expect: refused
-- Same through _G (which is the script's own environment).
_G.print = function() end
return true
