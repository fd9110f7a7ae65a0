-- expect: ok
-- host: conversion
-- Returning the script's environment: _G holds itself, so conversion stops
-- at the cycle instead of walking the sandbox's globals forever.
x = 1
return _G
