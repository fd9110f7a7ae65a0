-- expect: refused
-- Library escape: read the host's environment (secrets, HOME).
return os.getenv("HOME")
