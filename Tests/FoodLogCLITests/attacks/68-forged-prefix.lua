-- expect: runtime
-- A message forging another script's position. Level 0 adds no position,
-- so the text reads "other.lua:1: ..."; the host must treat messages as
-- untrusted text and take the script name from its own records.
error("other.lua:1: refused? no: forged position", 0)
