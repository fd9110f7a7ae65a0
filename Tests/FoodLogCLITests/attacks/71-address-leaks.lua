-- expect: ok
-- tostring/print/string.format('%s') must not reveal heap addresses.
local function check(s, what)
  if tostring(s):find("0x") or tostring(s):find("%x%x%x%x%x%x%x%x") then
    error("address leak via " .. what .. ": " .. tostring(s))
  end
end
check(tostring({}), "tostring(table)")
check(tostring(print), "tostring(function)")
check(tostring(function() end), "tostring(closure)")
check(string.format("%s %s", {}, print), "format %s")
check(tostring(string), "tostring(library)")
check(tostring(os), "tostring(os proxy)")
assert(tostring({}) == "table" and tostring(print) == "function")
assert(tostring(setmetatable({}, { __tostring = function() return "T" end })) == "T")
assert(tostring(setmetatable({}, { __name = "Secret" })) == "table")
print({}, print)
return "no leak"
