-- expect: ok
-- Numbers the host must carry without trapping: NaN, both infinities,
-- -0.0, 2^63 (a float no Int64 holds), the integer extremes, and the
-- smallest subnormal. Conversion keeps integer and float apart.
return {
  nan = 0/0, inf = math.huge, ninf = -math.huge, negzero = -0.0,
  big = 2^63, huge = 1e308 * 10, maxint = math.maxinteger,
  minint = math.mininteger, tiny = 4.9e-324, [2^53] = "float key",
  [0/0 ~= 0/0 and 1 or 2] = "nan is not a key",
}
