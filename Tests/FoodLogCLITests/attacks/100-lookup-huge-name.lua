-- expect: runtime
-- A 5-million-mark grapheme would keep the resolver's text work busy for
-- seconds where the hook cannot fire; lookup names are at most 1,024 bytes.
return foodlog.lookup("a" .. string.rep("\204\129", 5000000))
