-- expect: ok
-- Patterns a rule would use, on realistic subjects, pass the gate.
local line = "oats 40g; milk 200ml; banana 1; honey 10g"
local items = {}
for name, qty, unit in line:gmatch("(%a+) (%d+)(%a*)") do
  items[#items + 1] = name .. "=" .. qty .. unit
end
assert(#items == 4 and items[2] == "milk=200ml")
assert(("  Greek yogurt  "):match("^%s*(.-)%s*$") == "Greek yogurt")
local big = string.rep("kcal,", 100000)                  -- 500 KB subject
assert(big:find("protein", 1, true) == nil)               -- plain find
local count = select(2, big:gsub(",", ";"))
assert(count == 100000)
assert(big:match("%d+") == nil and big:find("kcal") == 1)
return #items
