-- expect: memory
-- string.format("%s") of many large strings at once: the output buffer
-- grows under the memory cap.
local s = string.rep("y", 4 * 1024 * 1024)
local fmt = string.rep("%s", 20)
return #string.format(fmt, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s)
