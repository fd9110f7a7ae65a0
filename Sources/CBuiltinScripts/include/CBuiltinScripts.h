#ifndef FOODLOG_CBUILTINSCRIPTS_H
#define FOODLOG_CBUILTINSCRIPTS_H
/// The `foodlog` API prelude (lua/foodlog.lua), run first in every sandbox (NUL-terminated).
const char *foodlog_prelude_source(void);
/// Number of built-in Lua scripts (plans and insight rules) embedded in the binary.
int foodlog_builtin_count(void);
/// "plans" or "insights".
const char *foodlog_builtin_kind(int index);
/// The script's name without ".lua" ("keto", "protein-gap").
const char *foodlog_builtin_name(int index);
/// The script's text (NUL-terminated).
const char *foodlog_builtin_source(int index);
#endif
