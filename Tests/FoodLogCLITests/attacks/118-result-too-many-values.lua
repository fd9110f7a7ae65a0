-- expect: ok
-- host: conversion
-- 10,001 values in one flat result: the value count is checked before
-- anything more is copied.
local t = {}
for i = 1, 10001 do t[i] = i end
return t
