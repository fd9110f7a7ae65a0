-- expect: budget
-- pcall cannot swallow the budget: once exhausted the hook re-arms with
-- count 1 and raises on every instruction.
while true do
  pcall(function() while true do end end)
end
