-- expect: conversion
-- One 8 MiB string referenced 400 times: converting it would copy 3.2 GB
-- into the host. Results may hold at most 1 MiB of text, counted per copy.
local big = string.rep("x", 8 * 1024 * 1024)
local t = {}
for i = 1, 400 do t[i] = big end
return t
