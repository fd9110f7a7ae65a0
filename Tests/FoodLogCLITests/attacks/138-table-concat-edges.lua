-- expect: memory
-- table.concat with i..j ranges past the array (an error at the first
-- hole), numbers of every shape, then a huge separator repeated: the result
-- grows under the memory cap.
assert(not pcall(table.concat, { 1, 2 }, ",", 1, math.maxinteger))
assert(not pcall(table.concat, { 1, {}, 3 }))
assert(table.concat({ 0/0 == 0/0 and 1 or 2, math.mininteger, -0.0, 1e300 }, " ") ~= "")
local parts = {}
for i = 1, 64 do parts[i] = i end
return #table.concat(parts, string.rep("-", 1024 * 1024))
