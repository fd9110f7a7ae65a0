-- expect: refused
-- Library escape: read a file through io. io is a proxy whose every field
-- raises "refused: io.open is not available in the sandbox".
local fh = io.open("/etc/passwd", "r")
return fh:read("a")
