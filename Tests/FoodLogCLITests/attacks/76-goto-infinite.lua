-- expect: budget
-- A goto loop is an ordinary VM loop: counted.
::top::
goto top
