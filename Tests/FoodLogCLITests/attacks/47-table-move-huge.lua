-- expect: refused
-- table.move over a huge empty range loops ~2^40 times in C.
return table.move({}, 1, 2 ^ 40, 2)
