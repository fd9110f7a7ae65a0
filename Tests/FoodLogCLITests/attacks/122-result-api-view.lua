-- expect: ok
-- Returning host views (the foodlog API, the string library, a lookup
-- result): the host reads through the view to its real table with raw
-- access; functions carry no data and are dropped.
return { api = foodlog, string = string, math = math, egg = foodlog.lookup("egg") }
