-- expect: ok
-- pcall recursion: each level is a C call; at the C-stack limit the
-- innermost pcall returns false and everything unwinds normally.
local depth = 0
local function f()
  depth = depth + 1
  return pcall(f)
end
local ok = f()
assert(depth > 100)
return depth
