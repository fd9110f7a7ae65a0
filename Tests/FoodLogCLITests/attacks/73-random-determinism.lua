-- expect: ok
-- math.random is a seeded xorshift, reseeded per call: the same sequence
-- every run and on every machine. randomseed is deterministic too.
local t = {}
for i = 1, 5 do t[i] = math.random(1000) end
local first = table.concat(t, " ")
assert(first == "813 684 281 306 768", "sequence changed: " .. first)
math.randomseed(42)
local a = { math.random(100), math.random(100), math.random() }
math.randomseed(42)
local b = { math.random(100), math.random(100), math.random() }
assert(a[1] == b[1] and a[2] == b[2] and a[3] == b[3])
math.randomseed()
local x = math.random(1 << 40)
math.randomseed()
assert(math.random(1 << 40) == x)
for i = 1, 1000 do
  local v = math.random(-3, 3)
  assert(v >= -3 and v <= 3 and math.type(v) == "integer")
  local f = math.random()
  assert(f >= 0 and f < 1)
end
assert(not pcall(math.random, 2, 1))
return first
