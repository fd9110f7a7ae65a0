-- protein-gap.lua: a user-written insight rule (compare the built-in
-- `protein-gap`). It suggests a concrete snack sized to the gap.
--
-- An insight rule returns nil (nothing to say) or one short insight; of all
-- the rules that answer, the highest priority wins (ties: by name).

local SNACKS = {             -- { grams of protein, suggestion }, smallest first
  { 12, "two eggs" },
  { 25, "a tin of tuna" },
  { 40, "a chicken breast" },
}

foodlog.insight("my-protein-gap", function(day)
  local target = day.target.protein
  if not day.logged or not target then return nil end
  local gap = target - day.total.protein
  if gap <= 10 then return nil end

  local snack = SNACKS[#SNACKS][2] .. " or two"
  for _, s in ipairs(SNACKS) do
    if s[1] >= gap then snack = s[2]; break end
  end
  return {
    emoji = "🍳",
    title = "Protein to go",
    body = string.format("%d g to go: %s would close it.", math.floor(gap + 0.5), snack),
    priority = 2,
  }
end)
