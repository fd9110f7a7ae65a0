-- expect: refused
-- 5.1 leftovers and GC steering stubs raise "refused".
for _, name in ipairs({ "setfenv", "getfenv", "newproxy", "module", "warn" }) do
  local ok, err = pcall(_G[name])
  assert(not ok and err:find("refused: " .. name, 1, true), name)
end
return newproxy(true)
