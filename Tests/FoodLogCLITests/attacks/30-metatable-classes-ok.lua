-- expect: ok
-- Ordinary OOP must keep working with the guarded setmetatable/getmetatable.
local Point = {}
Point.__index = Point
Point.__tostring = function(p) return "(" .. p.x .. "," .. p.y .. ")" end
Point.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Point.__add = function(a, b) return Point.new(a.x + b.x, a.y + b.y) end
function Point.new(x, y) return setmetatable({ x = x, y = y }, Point) end
function Point:len2() return self.x * self.x + self.y * self.y end
local a, b = Point.new(1, 2), Point.new(3, 4)
assert(getmetatable(a) == Point)                -- the user's own table
assert(tostring(a + b) == "(4,6)")
assert(a + b == Point.new(4, 6))
assert(b:len2() == 25)
function Point:dot(o) return self.x * o.x + self.y * o.y end  -- methods added later work
assert(a:dot(b) == 11)
Point.__lt = function(p, q) return p:len2() < q:len2() end     -- metamethod added later...
local c = Point.new(0, 1)                                       -- ...is seen by new objects
assert(c < b)
local guarded = setmetatable({}, { __metatable = "mine" })
assert(getmetatable(guarded) == "mine")
assert(not pcall(setmetatable, guarded, {}))
assert(setmetatable(a, nil) == a and getmetatable(a) == nil)
local weak = setmetatable({}, { __mode = "k" })
weak[{}] = 1
return tostring(a + b)
