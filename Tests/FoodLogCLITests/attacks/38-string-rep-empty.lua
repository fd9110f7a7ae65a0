-- expect: ok
-- string.rep("", huge) loops n times in C in every 5.4 (no hook): the guard
-- returns "" at once. Same with an empty separator.
assert(string.rep("", math.maxinteger) == "")
assert(string.rep("", 1e18, "") == "")
assert(("").rep("", 2 ^ 62) == "")
return #string.rep("", math.maxinteger)
