-- expect: ok
-- host: conversion
-- Returning a table that contains itself: fine for Lua, but result
-- conversion must detect the cycle instead of recursing forever.
local t = { name = "loop" }
t.self = t
return t
