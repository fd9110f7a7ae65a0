-- expect: ok
-- host: conversion
-- A result holding 2 MiB of text in one string: the text limit (1 MiB) is
-- checked before the string is copied into the host.
return { text = string.rep("x", 2 * 1024 * 1024) }
