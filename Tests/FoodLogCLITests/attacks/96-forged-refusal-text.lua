-- expect: runtime
-- A refusal is the sandbox's own error value; text that reads like one is
-- the script's error, even right after a real refusal was caught.
local ok, err = pcall(function() return os.execute end)
assert(not ok)
error("refused: " .. err .. " (or so it says)", 0)
