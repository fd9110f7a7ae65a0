---@meta foodlog
-- LuaLS annotations for the foodlog Lua API (plans, insight rules, estimators).
--
-- Editors with the Lua language server complete `foodlog.*` and the day view
-- from this file. Point the server at it, e.g. in `.luarc.json`:
--
--   { "workspace.library": ["grammar/lua"], "runtime.version": "Lua 5.4",
--     "diagnostics.globals": ["foodlog"] }
--
-- This file is documentation only: it is never loaded by foodlog. See
-- grammar/lua/README.md for the reference and the sandbox's rules.

---------------------------------------------------------------------------
-- Nutrients
---------------------------------------------------------------------------

---Nutrient totals for a day, a meal or one item. Mass in grams except sodium
---(milligrams); energy in kcal. In `day.total` and `meal.total` every field is
---a number (0 when nothing contributes).
---@class DayTotals
---@field kcal number energy, kcal
---@field protein number grams
---@field carbs number grams (total carbohydrate)
---@field fat number grams
---@field fiber number grams
---@field sugar number grams
---@field sodium number milligrams
---@field net_carbs number grams: carbs minus fiber
---@field pct_protein number percent of kcal from protein (0–100)
---@field pct_carbs number percent of kcal from carbs (0–100)
---@field pct_fat number percent of kcal from fat (0–100)

---The day's targets: the active plan's `targets` with the user's `target`
---statements on top. A field is nil when no target is set for it.
---@class DayTargets
---@field kcal number?
---@field protein number?
---@field carbs number?
---@field fat number?
---@field fiber number?
---@field sugar number?
---@field sodium number? milligrams
---@field net_carbs number?
---@field pct_protein number?
---@field pct_carbs number?
---@field pct_fat number?

---Nutrients of one item as logged (its grams, not per 100 g). Fields the food
---table has no value for are nil.
---@class Nutrients
---@field kcal number?
---@field protein number?
---@field carbs number?
---@field fat number?
---@field fiber number?
---@field sugar number?
---@field sodium number? milligrams
---@field net_carbs number?

---Nutrients per 100 g, as returned by an estimator or found by `foodlog.lookup`.
---@class Per100g
---@field kcal number
---@field protein number grams
---@field carbs number grams
---@field fat number grams
---@field fiber number? grams
---@field sugar number? grams
---@field sodium number? milligrams
---@field group string? food group shown for an estimate, e.g. "Beverages"

---------------------------------------------------------------------------
-- Foods, items, meals, days
---------------------------------------------------------------------------

---@alias FoodTag
---| "dairy" | "egg" | "fruit" | "vegetable" | "legume" | "nuts" | "meat" | "poultry"
---| "fish" | "grain" | "white-starch" | "bread" | "rice" | "pasta" | "potato"
---| "cereal" | "sweets" | "beverage" | "alcohol" | "fat-oil" | "fast-food" | "prepared"
---| string  # custom foods carry their author's own tags

---The food an item resolved to.
---@class Food
---@field id string stable id of the food (database id, or the custom food/recipe/meal name)
---@field name string full name, e.g. "Egg, whole, raw, fresh"
---@field group string food group, e.g. "Dairy and Egg Products", "Sweets", "Custom foods"
---@field tags FoodTag[] food-kind tags (see the FoodTag alias)

---@alias ItemSource
---| "custom"    # a food the user defined with `food`
---| "recipe"    # a recipe the user defined with `recipe`
---| "meal"      # a saved meal the user defined with `meal`
---| "database"  # the built-in food table
---| "estimate"  # an estimator guessed it (no exact food was found)
---| "imported"  # `foodlog import cronometer` wrote it (nutrients as the file gave them)
---| "quick-add" # `log 500 kcal`: energy only, no food

---One logged item.
---@class Item
---@field name string the food name as logged, e.g. "rice" for `200g rice`
---@field food_name string the resolved food's name, e.g. "Rice, white, long-grain, regular, cooked, enriched" (= food.name)
---@field text string the item's text in the log statement, e.g. "200g rice"
---@field grams number the item's weight in grams
---@field meal string? the meal slot ("breakfast", "lunch", ...), nil if none was given
---@field time string? "HH:MM" when the item has a time (`at HH:MM`), else nil
---@field source ItemSource where the nutrients came from
---@field nutrients Nutrients the item's nutrients (for its grams)
---@field food Food the food it resolved to

---One meal slot of a day.
---@class Meal
---@field name string the slot name, e.g. "breakfast"
---@field items Item[] its items, in logging order
---@field total DayTotals the meal's totals

---A read-only view of one day. Every table in it is read-only: iterate arrays
---with `ipairs` and maps through `day.meal_order`, not with `#` or `pairs`.
---@class Day
---@field date string "YYYY-MM-DD"
---@field weekday "monday"|"tuesday"|"wednesday"|"thursday"|"friday"|"saturday"|"sunday"
---@field is_weekend boolean true on saturday and sunday
---@field total DayTotals what was eaten
---@field target DayTargets the day's own targets: an `on weekends` / `on weekdays` one where set, else the daily one (fields nil when unset)
---@field week_target DayTargets? the weekly targets in force (`per week`); nil without one
---@field week_total DayTotals? what was eaten from the week's Monday through the day; nil without a weekly target
---@field items Item[] every item, in logging order
---@field meals table<string, Meal> meal slot name → meal
---@field meal_order string[] meal slot names in the order each was first logged that day
---@field weight number? body weight in kg (from `weight`), nil when none is known
---@field logged boolean true when at least one item was logged
---@field plan_options table<string, any> the plan's `options` merged with the user's overrides

---------------------------------------------------------------------------
-- Plans, verdicts, insights
---------------------------------------------------------------------------

---One finding of a plan check.
---@class Verdict
---@field level "warn"|"fail" "fail" breaks the plan (exit code 1 for `check`); "warn" is advice
---@field message string the formatted message

---What a plan script passes to `foodlog.plan`.
---@class PlanSpec
---@field name string display name, e.g. "Keto"
---@field description string the rules, precisely; `plan show NAME` prints it
---@field targets DayTargets? targets the plan sets (the user's `target` statements win)
---@field options table<string, any>? tunable parameters with their defaults; seen as `day.plan_options`

---The plan table returned by `foodlog.plan`. Define `check` on it and end the
---script with `return plan`.
---@class Plan: PlanSpec
---@field check fun(day: Day): Verdict[]? called once per day; nil or an empty list means compliant

---One brief insight for a day.
---@class Insight
---@field emoji string one emoji, e.g. "🥚"
---@field title string at most 30 characters
---@field body string at most 120 characters
---@field priority integer higher wins; ties go to the rule whose name sorts first

---A food as found by `foodlog.lookup`.
---@class FoodInfo
---@field id string
---@field name string
---@field group string
---@field tags FoodTag[]
---@field per100g Per100g

---------------------------------------------------------------------------
-- The host API
---------------------------------------------------------------------------

---The host API. Read-only: scripts cannot add or replace its functions.
---@class foodlog
foodlog = {}

---Declares a diet plan and returns its table. Define `plan.check` on it and
---end the script with `return plan`.
---
---```lua
---local plan = foodlog.plan { name = "Atkins", description = "net carbs ≤ 20 g" }
---function plan.check(day) ... end
---return plan
---```
---@param spec PlanSpec
---@return Plan plan
function foodlog.plan(spec) end

---Makes a warn-level verdict; the message is `string.format(fmt, ...)`. The host
---records the script and line where the verdict was made.
---@param fmt string a `string.format` format (`%d` needs a whole number: round first)
---@param ... any
---@return Verdict
function foodlog.warn(fmt, ...) end

---Makes a fail-level verdict; the message is `string.format(fmt, ...)`. The host
---records the script and line where the verdict was made.
---@param fmt string a `string.format` format (`%d` needs a whole number: round first)
---@param ... any
---@return Verdict
function foodlog.fail(fmt, ...) end

---Registers an insight rule. `fn` gets the day and returns nil (nothing to
---say) or one insight; among all rules that answer, the highest priority wins
---(ties: alphabetical by name).
---@param name string unique rule name, e.g. "protein-gap"
---@param fn fun(day: Day): Insight?
function foodlog.insight(name, fn) end

---Registers an estimator, asked for a food name no exact food matched. Return
---nil to pass, or nutrients per 100 g; the item is then logged with source
---"estimate".
---@param fn fun(name: string): Per100g?
function foodlog.estimator(fn) end

---Looks a food up through the resolver chain (custom foods, recipes, meals,
---the food table). Read-only; nil when nothing matches.
---@param name string
---@return FoodInfo?
function foodlog.lookup(name) end

---Day views for earlier days between `from` and `to` inclusive ("YYYY-MM-DD"),
---at most 366 days. Read-only. Do not assume every date is present: key them
---by `d.date` and check `d.logged`.
---@param from string "YYYY-MM-DD"
---@param to string "YYYY-MM-DD"
---@return Day[]
function foodlog.days(from, to) end

---A numeric plan option: `day.plan_options[key]`, or `default` when it is not set.
---Raises "option KEY must be a non-negative number, got …" (at the caller's line)
---when the value set is not a non-negative number.
---@param day Day
---@param key string
---@param default number
---@return number
function foodlog.option(day, key, default) end

---True when the item's food carries the tag (`item.food.tags` contains it).
---@param item Item
---@param tag FoodTag
---@return boolean
function foodlog.has_tag(item, tag) end

---The nearest whole number; halves round up (`foodlog.round(2.5) == 3`).
---@param x number
---@return integer
function foodlog.round(x) end

---A number for a message next to its limit: one decimal when the whole number
---would read the same as the rounded limit (`shown(20.4, 20) == "20.4"`), else
---the whole number (`shown(23.6, 20) == "24"`).
---@param x number
---@param limit number
---@return string
function foodlog.shown(x, limit) end

---An item for a message: grams, name and meal, e.g. "200 g rice (lunch)".
---@param item Item
---@return string
function foodlog.describe(item) end

---The Slow-Carb rules, shared by the built-in Slow-Carb and 4-Hour Body plans.
---@class foodlog.slow_carb
foodlog.slow_carb = {}

---The cheat day from option `cheat_day` (nil: "saturday"; false or "none": no
---cheat day): its lower-case name or nil, and a warning when the option holds
---something else.
---@param day Day
---@return string? weekday
---@return Verdict? warning
function foodlog.slow_carb.cheat_day(day) end

---Appends to `out` one fail per item tagged white-starch, dairy or fruit, naming
---the item (`foodlog.describe`) and every rule it breaks.
---@param day Day
---@param out Verdict[]
function foodlog.slow_carb.forbidden_foods(day, out) end

---Appends to `out` a warning when fewer than half of the day's meals contain an
---item tagged legume.
---@param day Day
---@param out Verdict[]
function foodlog.slow_carb.legumes(day, out) end
