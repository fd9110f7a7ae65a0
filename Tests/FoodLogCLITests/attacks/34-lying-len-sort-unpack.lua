-- expect: refused
-- table.sort / table.unpack on a table whose __index invents elements:
-- only plain tables are accepted.
local fake = setmetatable({}, {
  __len = function() return 1e8 end,
  __index = function(_, i) return i end,
})
local ok = pcall(table.unpack, fake)
table.sort(fake)
return ok
