-- expect: refused
-- GC steering: stop the collector and grow until the host swaps.
collectgarbage("stop")
return collectgarbage("count")
