-- expect: memory
-- Empty string but a non-empty separator: n-1 separators.
return #string.rep("", 1e12, ",")
