-- expect: refused
-- Code loading from the file system.
return dofile("/etc/passwd")
