-- expect: memory
-- string.rep with a separator: the result size counts the separators too;
-- larger than the remaining memory allowance -> memory error before copying.
return #string.rep("x", 2 ^ 40, ",")
