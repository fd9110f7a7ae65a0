-- expect: runtime
-- foodlog.fail with a format that is not a string, with %p (refused inside
-- the API), and with missing arguments: errors placed at the caller's line.
assert(not pcall(foodlog.fail, {}))
assert(not pcall(foodlog.fail, "%d", "x"))
local ok, e = pcall(foodlog.fail, "%p", {})
assert(not ok and tostring(e):find("refused", 1, true))
foodlog.fail("%s %s", "only one")
