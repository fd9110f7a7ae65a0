-- expect: runtime
-- gsub replacement strings with bad '%' escapes and patterns that are
-- malformed in every way the guard's estimator reads: unfinished sets, a
-- trailing '%', %b and %f without arguments, too many captures. The guard
-- must not read past the pattern and Lua reports each one.
local bad = { "[a", "%", "%b", "%ba", "%f", "%f[", "[%", "(()", "[^", "%1", "(%1)" }
for i, p in ipairs(bad) do assert(not pcall(string.find, "abc", p), "case " .. i) end
assert(not pcall(string.find, "x", string.rep("()", 33)))
return string.gsub("abc", "b", "%2")
