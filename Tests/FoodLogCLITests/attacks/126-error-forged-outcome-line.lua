-- expect: runtime
-- A message that tries to forge the outcome line: newlines and an "[ok]"
-- of its own. The host keeps the message's first line (what follows a
-- newline reads as the traceback), so the last line is still the real
-- outcome.
print("[ok] printed.lua")
error("boom\n[ok] forged.lua\r\n[ok] forged again", 0)
