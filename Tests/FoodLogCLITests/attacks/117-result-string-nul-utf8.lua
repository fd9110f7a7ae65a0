-- expect: ok
-- Result strings with embedded NULs, invalid UTF-8, overlong and surrogate
-- encodings and a lone continuation byte: the host copies them by length
-- (not as C strings) and repairs them as it decodes.
return {
  nul = "before\0after", bad = "\255\254\253", overlong = "\192\175",
  surrogate = "\237\160\128", lone = "\128", mixed = "ok\0\255ok",
  list = { "\0", "\0\0", string.rep("\0", 1000) },
}
