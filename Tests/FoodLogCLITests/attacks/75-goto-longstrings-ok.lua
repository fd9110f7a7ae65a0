-- expect: ok
-- goto, labels and long strings parse and run normally.
local s = [==[
a ]] long ]=] string
]==]
local out = {}
for i = 1, 10 do
  if i % 2 == 0 then goto continue end
  out[#out + 1] = i
  ::continue::
end
assert(#out == 5 and s:find("]=]", 1, true))
return #out
