-- expect: memory
-- Asking for a year of day views again and again and keeping them all: the
-- host builds them under the script's memory cap (host-built data counts),
-- so the script ends with a memory error, not the process.
local keep = {}
while true do
  keep[#keep + 1] = foodlog.days("2025-11-29", "2026-11-28")
end
