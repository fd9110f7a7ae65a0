-- expect: refused
-- string.format('%p') prints addresses.
return string.format("%p", {})
