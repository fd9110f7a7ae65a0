-- expect: refused
-- Library escape: dlopen a C library and call system().
local system = package.loadlib("libc.so.6", "system")
return system("id")
