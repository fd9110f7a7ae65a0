-- expect: syntax
-- goto into the scope of a local, a label defined twice: compile errors;
-- the loop made of goto elsewhere in the corpus is bounded by the budget.
do
  goto inside
  local x = 1
  ::inside::
  print(x)
end
