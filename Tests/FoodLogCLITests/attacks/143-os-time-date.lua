-- expect: refused
-- os.time and os.date would give scripts a clock (and os.date("%c")
-- strftime surprises); both are refused like the rest of os.
local ok = pcall(os.date, "%Y")
assert(not ok)
return os.time()
