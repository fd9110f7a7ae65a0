#include "CBuiltinScripts.h"

// The built-in plans and insight rules, embedded from lua/ (the same public API users write against),
// and lua/foodlog.lua, the prelude that defines that API.
// Adding a script: put it under lua/plans or lua/insights and list it below.
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char prelude[] = {
#embed "lua/foodlog.lua"
, 0};

static const char script_0[] = {
#embed "lua/plans/4-hour-body.lua"
, 0};
static const char script_1[] = {
#embed "lua/plans/atkins.lua"
, 0};
static const char script_2[] = {
#embed "lua/plans/bulk.lua"
, 0};
static const char script_3[] = {
#embed "lua/plans/keto.lua"
, 0};
static const char script_4[] = {
#embed "lua/plans/lean-muscle.lua"
, 0};
static const char script_5[] = {
#embed "lua/plans/slow-carb.lua"
, 0};
static const char script_6[] = {
#embed "lua/plans/standard.lua"
, 0};
static const char script_7[] = {
#embed "lua/insights/estimates-share.lua"
, 0};
static const char script_8[] = {
#embed "lua/insights/high-sodium.lua"
, 0};
static const char script_9[] = {
#embed "lua/insights/late-eating.lua"
, 0};
static const char script_10[] = {
#embed "lua/insights/logging-streak.lua"
, 0};
static const char script_11[] = {
#embed "lua/insights/low-fiber.lua"
, 0};
static const char script_12[] = {
#embed "lua/insights/over-kcal.lua"
, 0};
static const char script_13[] = {
#embed "lua/insights/protein-gap.lua"
, 0};
static const char script_14[] = {
#embed "lua/insights/under-kcal.lua"
, 0};

static const struct { const char *kind; const char *name; const char *source; } scripts[] = {
    {"plans", "4-hour-body", script_0},
    {"plans", "atkins", script_1},
    {"plans", "bulk", script_2},
    {"plans", "keto", script_3},
    {"plans", "lean-muscle", script_4},
    {"plans", "slow-carb", script_5},
    {"plans", "standard", script_6},
    {"insights", "estimates-share", script_7},
    {"insights", "high-sodium", script_8},
    {"insights", "late-eating", script_9},
    {"insights", "logging-streak", script_10},
    {"insights", "low-fiber", script_11},
    {"insights", "over-kcal", script_12},
    {"insights", "protein-gap", script_13},
    {"insights", "under-kcal", script_14},
};

const char *foodlog_prelude_source(void) { return prelude; }
int foodlog_builtin_count(void) { return (int)(sizeof scripts / sizeof scripts[0]); }
const char *foodlog_builtin_kind(int index) { return scripts[index].kind; }
const char *foodlog_builtin_name(int index) { return scripts[index].name; }
const char *foodlog_builtin_source(int index) { return scripts[index].source; }
