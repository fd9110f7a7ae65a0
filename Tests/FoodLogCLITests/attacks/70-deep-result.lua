-- expect: ok
-- host: conversion
-- A result nested 40 levels deep exceeds the conversion depth (32).
local t = {}
local cur = t
for i = 1, 40 do cur.next = {}; cur = cur.next end
return t
