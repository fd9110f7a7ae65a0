-- expect: refused
-- Library escape: run a process.
return os.execute("id > /tmp/pwned")
