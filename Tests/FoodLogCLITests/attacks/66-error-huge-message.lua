-- expect: runtime
-- An 8 MB error message: the host keeps the first 2000 bytes plus
-- "…[truncated]" and a traceback.
error(string.rep("x", 8 * 1024 * 1024))
