-- expect: memory
-- Mutual recursion, same as above.
local even, odd
function even(n) return 1 + odd(n + 1) end
function odd(n) return 1 + even(n + 1) end
return even(0)
