-- expect: ok
-- print of NULs, invalid UTF-8, lone surrogates, a carriage return that
-- would overwrite the line, BOMs and bidi overrides: control characters and
-- reordering marks are replaced by U+FFFD (the terminal never gets them raw).
print("a\0b", "\255\254", "\237\160\128", "line\rover", "\239\187\191", "\226\128\174rtl")
print(("\1\2\3\4\5\6\7\8\11\12\14\15\16\31\127"):rep(3))
return true
