-- expect: refused
-- string.dump + load = arbitrary bytecode. dump is gone from the real table.
local bc = string.dump(function() return 1 end)
return #bc
