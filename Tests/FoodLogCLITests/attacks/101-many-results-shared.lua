-- expect: conversion
-- 100,000 values sharing one 4 MiB string: the result is refused at the
-- first copy past 1 MiB, not after copying 400 GB.
local big = string.rep("y", 4 * 1024 * 1024)
local t = {}
for i = 1, 100000 do t[i] = { message = big } end
return t
