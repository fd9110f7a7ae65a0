-- expect: runtime
-- Budget, timeout and cancel come from the count hook's own flag.
error("97-forged-stop-text.lua:5: instruction budget exceeded", 0)
