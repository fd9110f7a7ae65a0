-- expect: ok
-- host: conversion
-- Text limits count keys too: 9 keys of 128 KiB each (1.1 MiB of key text,
-- values tiny).
local t = {}
for i = 1, 9 do t[string.rep(string.char(64 + i), 128 * 1024)] = i end
return t
