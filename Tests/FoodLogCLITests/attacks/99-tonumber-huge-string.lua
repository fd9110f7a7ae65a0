-- expect: refused
-- tonumber converts in one C call the hook cannot interrupt; strings longer
-- than any numeral (4096 bytes) are refused.
local s = string.rep("z", 12 * 1000 * 1000)
return tonumber(s, 36)
