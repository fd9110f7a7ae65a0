-- expect: runtime
-- Terminal control sequences in print output and in the error message
-- (set the window title, clear the screen, colour): the host shows them
-- with every control character replaced by U+FFFD, never as raw bytes.
print("\27]0;pwned\7\27[2J\27[31mred")
error("\27[1A\27[2K\27]0;title\7gone", 0)
