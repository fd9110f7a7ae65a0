-- expect: runtime
-- table.unpack of a huge range: "too many results to unpack".
return select("#", table.unpack({}, 1, 1e8))
