-- expect: syntax
-- Jump to an undefined label is a compile-time error.
do goto nowhere end
