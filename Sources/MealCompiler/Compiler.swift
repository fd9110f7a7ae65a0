import FoodLogCore
import MealSyntax
import Nutrition

/// Turns statements into typed operations, checking what the parser could not: nutrient names,
/// units, amounts and meal words. Statements stream through one at a time.
///
/// Invariants: the compiler never touches the diary or the food table; it carries only the
/// script's current day, and the diary's first day for `all` (its caller's answer). A statement
/// with an error yields no operation, and every error is reported (as diagnostics, like the
/// parser's). Dates in operations are always concrete.
public struct Compiler {
    /// The day `log` lines go to until a date line changes it.
    public private(set) var currentDay: CalendarDate
    /// Today, for periods such as `yesterday` and `last 7 days`.
    public let today: CalendarDate
    public private(set) var diagnostics: [Diagnostic] = []
    /// The first day with entries in the diary: `all` runs from it to today (or is today alone
    /// when nil, an empty diary).
    public var firstDay: CalendarDate?

    public init(today: CalendarDate, firstDay: CalendarDate? = nil) {
        self.today = today
        self.currentDay = today
        self.firstDay = firstDay
    }

    /// Compiles one statement; nil when it had an error (reported in ``diagnostics``).
    public mutating func compile(_ statement: Statement) -> Op? {
        let before = diagnostics.count
        let kind = compileKind(statement)
        guard diagnostics.count == before || !diagnostics[before...].contains(where: { $0.severity == .error }),
            let kind
        else { return nil }
        return Op(kind, range: statement.range)
    }

    /// Compiles a whole parsed script.
    public static func compile(
        _ script: Script, today: CalendarDate,
        firstDay: CalendarDate? = nil
    ) -> (ops: [Op], diagnostics: [Diagnostic]) {
        var compiler = Compiler(today: today, firstDay: firstDay)
        let ops = script.statements.compactMap { compiler.compile($0) }
        return (ops, compiler.diagnostics)
    }

    /// The concrete days of a period (`all`: from the diary's first day).
    func days(_ period: Period) -> DayRange { period.days(today: today, earliest: firstDay) }

    mutating func compileKind(_ statement: Statement) -> OpKind? {
        switch statement.kind {
        case .date(let word):
            currentDay = word.day(today: today)
            return .setDay(currentDay)
        case .log(let log):
            // The meal word in lowercase, made once for the check and the operation.
            let meal = log.meal?.text.lowercased()
            if let written = log.meal, let meal { checkMeal(meal, written: written) }
            checkItems(log.items)
            return .log(day: log.date?.day(today: today) ?? currentDay, meal: meal, time: log.time, items: log.items)
        case .food(let food): return compileFood(food).map(OpKind.defineFood)
        case .recipe(let recipe):
            checkItems(recipe.items)
            if let serves = recipe.serves { checkQuantity(serves) }
            return .defineRecipe(name: recipe.name.text, serves: recipe.serves?.value ?? 1, items: recipe.items)
        case .meal(let meal):
            checkItems(meal.items)
            return .defineMeal(name: meal.name.text, items: meal.items)
        case .alias(let alias):
            return .defineAlias(name: alias.alias.text, target: alias.target.text)
        case .target(let amounts, let scope, let from):
            var values: [TargetValue] = []
            for amount in amounts { if let value = targetValue(amount, scope: scope) { values.append(value) } }
            return values.count == amounts.count
                ? .setTargets(from: from?.day(today: today) ?? currentDay, scope: scope, values) : nil
        case .weight(let amount, let on):
            guard let kilograms = bodyWeight(amount) else { return nil }
            return .recordWeight(day: on?.day(today: today) ?? currentDay, kilograms: kilograms)
        case .plan(let plan):
            switch plan {
            case .use(let name, let options, let from):
                return .usePlan(
                    name: name.text, from: from?.day(today: today) ?? currentDay,
                    options: options.map { PlanOptionSetting(key: $0.key.text, value: $0.value) })
            case .off(let from): return .planOff(from: from?.day(today: today) ?? currentDay)
            case .show(let name): return .showPlan(name: name.text)
            case .reload: return .reloadPlan
            }
        case .check(let period): return .check(days(period))
        case .insight(let period): return .insight(days(period))
        case .show(let query):
            var keys: [String] = []
            for nutrient in query.nutrients {
                // Body weight is shown alone: with nutrients it is an unknown nutrient.
                if let key = query.nutrients.count == 1 ? queryKey(nutrient) : nutrientKey(nutrient) {
                    keys.append(key)
                }
            }
            guard keys.count == query.nutrients.count else { return nil }
            return .show(days(query.period), nutrients: keys, grouping: query.grouping, period: query.period)
        case .chart(let chart):
            guard let key = queryKey(chart.nutrient) else { return nil }
            return .chart(nutrient: key, days(chart.period))
        case .top(let top):
            var key = "kcal"
            if let nutrient = top.nutrient {
                guard let found = nutrientKey(nutrient) else { return nil }
                key = found
            }
            return .top(count: top.count, grouping: top.grouping, days(top.period), nutrient: key)
        case .undo: return .undo
        }
    }

    // MARK: - Checks

    /// Warns of a meal word (`word`, in lowercase) that is close to a usual one but not it.
    mutating func checkMeal(_ word: String, written meal: Written) {
        if Vocabulary.mealWords.contains(word) { return }
        if let suggestion = Suggestions.nearest(to: word, in: Vocabulary.mealWords),
            Suggestions.editDistance(word, suggestion) <= 2
        {
            diagnostics.append(DiagnosticMessages.unusualMeal(meal.text, suggestion: suggestion, meal.range))
        }
    }

    mutating func checkItems(_ items: [Item]) {
        // By index: the parts checked are read from each item without copying the item.
        for index in items.indices {
            guard let quantity = items[index].quantity else { continue }
            checkQuantity(quantity)
            // A mass is known now; other units weigh what the food says, checked when resolved.
            if SaneRanges.quantity.contains(quantity.value), items[index].unit?.kind == .mass,
                let grams = items[index].unit.flatMap({ MeasureUnit.named(lowercased: $0.canonical) })?.grams,
                !SaneRanges.itemGrams.contains(quantity.value * grams)
            {
                let written = items[index].written
                diagnostics.append(
                    DiagnosticMessages.implausibleWeight(written.text, grams: quantity.value * grams, written.range))
            }
        }
    }

    /// A quantity (of an item, `serves`, a portion) is more than zero and in ``SaneRanges/quantity``.
    /// Returns whether it is.
    @discardableResult
    mutating func checkQuantity(_ quantity: Quantity) -> Bool {
        // A written digit that is not 0 but reads as 0 was too small for a Double: implausible.
        let underflowed = quantity.value == 0 && quantity.written.text.contains { ("1"..."9").contains($0) }
        if quantity.value.isFinite, !(quantity.value > 0), !underflowed {
            diagnostics.append(DiagnosticMessages.nonPositiveAmount(quantity.written.text, quantity.written.range))
            return false
        }
        guard SaneRanges.quantity.contains(quantity.value) else {
            diagnostics.append(
                DiagnosticMessages.implausibleAmount(
                    quantity.written.text, allowed: SaneRanges.quantity.helpText,
                    quantity.written.range))
            return false
        }
        return true
    }

    /// The key of a nutrient name (`protein`, `net carbs`, `vitamin c`), or an error.
    /// The key `show weight` and `chart weight` ask for: body weight, not a nutrient.
    public static let weightKey = "weight"

    /// `weight` when a query names body weight (alone), else the nutrient's key.
    mutating func queryKey(_ written: Written) -> String? {
        written.text.lowercased() == Compiler.weightKey ? Compiler.weightKey : nutrientKey(written)
    }

    mutating func nutrientKey(_ written: Written) -> String? {
        let text = written.text.lowercased()
        if text == "net carbs" || text == "net_carbs" || text == "net carb" { return "net_carbs" }
        if let nutrient = Nutrient.named(text) { return nutrient.key }
        diagnostics.append(
            DiagnosticMessages.unknownNutrient(
                written.text,
                suggestion: Suggestions.nearest(to: text, in: Nutrient.spellings + ["net carbs"]),
                written.range))
        return nil
    }

    /// A nutrient amount converted to the nutrient's unit.
    mutating func nutrientValue(_ amount: NutrientAmount) -> (key: String, value: Double)? {
        let unitText = amount.unit?.text.lowercased()
        let isEnergyUnit = unitText.flatMap { MeasureUnit.named($0) }?.kind == .energy
        var key: String
        if let nutrient = amount.nutrient {
            guard let found = nutrientKey(nutrient) else { return nil }
            key = found
        } else if isEnergyUnit {
            key = "kcal"
        } else {
            diagnostics.append(DiagnosticMessages.missingNutrientName(amount.range))
            return nil
        }
        guard amount.value >= 0 else {  // too big is for the caller's range: a target's, a food's per 100 g
            diagnostics.append(DiagnosticMessages.nonPositiveAmount(formatNumber(amount.value), amount.range))
            return nil
        }
        // A vitamin given in IU is its own nutrient (`vit_a_iu`): IU do not convert to µg
        // without knowing the vitamin's form.
        if unitText == "iu", let base = Nutrient.named(key), base.unit != "IU",
            let inUnits = Nutrient.all.first(where: { $0.unit == "IU" && $0.name == base.name + " (IU)" })
        {
            key = inUnits.key
        }
        let targetUnit = key == "net_carbs" ? "g" : (Nutrient.named(key)?.unit ?? "g")
        guard let unitText else { return (key, amount.value) }
        if let factor = Compiler.conversion(from: unitText, to: targetUnit) { return (key, amount.value * factor) }
        diagnostics.append(
            DiagnosticMessages.wrongNutrientUnit(
                amount.unit!.text, nutrient: key, expected: targetUnit,
                amount.unit!.range))
        return nil
    }

    /// Factor from a written unit to a nutrient's unit, if they measure the same thing.
    static func conversion(from unit: String, to target: String) -> Double? {
        // Micrograms are for nutrients only, so they are not in the unit table.
        func grams(_ spelling: String) -> Double? {
            MeasureUnit.microgramSpellings.contains(spelling) ? 1e-6 : MeasureUnit.named(spelling)?.grams
        }
        if target == "kcal" { return MeasureUnit.named(unit)?.kcal }
        if target == "IU" { return unit == MeasureUnit.internationalUnitSpelling ? 1 : nil }
        guard let from = grams(unit), let to = grams(target) else { return nil }
        return from / to
    }

    /// A target: more than zero (a target cannot be cleared with 0) and in
    /// ``SaneRanges/target(unit:scope:)`` once converted to the nutrient's unit.
    mutating func targetValue(_ amount: NutrientAmount, scope: TargetScope) -> TargetValue? {
        guard let (key, value) = nutrientValue(amount) else { return nil }
        guard value > 0 else {
            diagnostics.append(
                DiagnosticMessages.nonPositiveAmount(
                    written(amount), amount.range,
                    help: "a target is more than zero; set another one to change it"))
            return nil
        }
        let unit = key == "net_carbs" ? "g" : (Nutrient.named(key)?.unit ?? "g")
        let allowed = SaneRanges.target(unit: unit, scope: scope)
        guard allowed.contains(value) else {
            diagnostics.append(
                DiagnosticMessages.targetOutOfRange(
                    written(amount), allowed: allowed.helpText + " " + unit, weekly: scope == .week,
                    amount.range))
            return nil
        }
        return TargetValue(key: key, value: value)
    }

    /// The amount as written (`0.5 g protein`).
    func written(_ amount: NutrientAmount) -> String {
        let number = amount.value > 0 && amount.value < 0.0001 ? String(amount.value) : formatNumber(amount.value)
        return DiagnosticMessages.shortened(
            number + (amount.unit.map { " " + $0.text } ?? "")
                + (amount.nutrient.map { " " + $0.text } ?? ""))
    }

    mutating func bodyWeight(_ amount: NutrientAmount) -> Double? {
        let unit = MeasureUnit.named(amount.unit?.text ?? "kg")
        // Body weight is in kilograms or pounds (grams or ounces are surely a slip).
        guard let unit, let grams = unit.grams, ["kg", "kilogram", "lb", "pound"].contains(unit.name) else {
            diagnostics.append(
                DiagnosticMessages.wrongWeightUnit(amount.unit?.text ?? "", amount.unit?.range ?? amount.range))
            return nil
        }
        let kilograms = amount.value * grams / 1000
        guard SaneRanges.bodyWeightKilograms.contains(kilograms) else {
            diagnostics.append(
                DiagnosticMessages.implausibleAmount(
                    formatNumber(amount.value),
                    allowed: SaneRanges.bodyWeightKilograms.helpText + " kg", amount.range))
            return nil
        }
        return kilograms
    }

    /// `per 1 scoop (30 g)` as written, for messages.
    func portionText(_ portion: Portion) -> String {
        "per " + formatNumber(portion.quantity.value) + (portion.unit.map { " " + $0.text } ?? "")
            + (portion.equivalent.map { " (" + formatNumber($0.value) + ($0.unit.map { " " + $0.text } ?? "") + ")" }
                ?? "")
    }

    /// `food NAME per PORTION = nutrients` → nutrients per 100 g and the named portion.
    mutating func compileFood(_ food: FoodDefinition) -> CustomFoodDefinition? {
        var grams = 100.0
        var portions: [FoodPortion] = []
        if let portion = food.portion {
            let unitWord = portion.unit?.text.lowercased()
            let unit = unitWord.flatMap { MeasureUnit.named($0) }
            if let factor = unit?.grams {
                grams = portion.quantity.value * factor
            } else if let unit, let millilitres = unit.millilitres,
                portion.equivalent == nil
            {
                grams = portion.quantity.value * millilitres  // a volume portion without a weight: water's density
                portions.append(FoodPortion(sequence: 1, amount: portion.quantity.value, unit: unit.name, grams: grams))
            } else if let equivalent = portion.equivalent {
                let equivalentUnit = equivalent.unit?.text.lowercased() ?? ""
                let measure = MeasureUnit.named(equivalentUnit)
                if let factor = measure?.grams {
                    grams = equivalent.value * factor
                } else if let millilitres = measure?.millilitres {
                    grams = equivalent.value * millilitres
                } else {
                    diagnostics.append(DiagnosticMessages.portionNeedsWeight(portion.range))
                    return nil
                }
                let name = unitWord.map { unit?.name ?? TextNormalizer.singular($0) } ?? "serving"
                portions.append(FoodPortion(sequence: 1, amount: portion.quantity.value, unit: name, grams: grams))
            } else {
                diagnostics.append(DiagnosticMessages.portionNeedsWeight(portion.range))
                return nil
            }
            guard grams > 0, portion.quantity.value > 0 else {
                diagnostics.append(DiagnosticMessages.nonPositiveAmount(portion.quantity.written.text, portion.range))
                return nil
            }
            guard checkQuantity(portion.quantity) else { return nil }
            guard SaneRanges.itemGrams.contains(grams) else {
                diagnostics.append(
                    DiagnosticMessages.implausibleWeight(portionText(portion), grams: grams, portion.range))
                return nil
            }
            if let first = portions.first, first.unit != "serving" {
                portions.append(FoodPortion(sequence: 2, amount: first.amount, unit: "serving", grams: first.grams))
            }
        }
        var per100 = Nutrients()
        var seen: [String: SourceRange] = [:]
        var failed = false
        for amount in food.nutrients {
            guard let (key, value) = nutrientValue(amount) else {
                failed = true
                continue
            }
            if let earlier = seen[key] {
                diagnostics.append(DiagnosticMessages.duplicateNutrient(key, amount.range, earlier: earlier))
                failed = true
                continue
            }
            seen[key] = amount.range
            if key == "net_carbs" {
                diagnostics.append(
                    DiagnosticMessages.derivedNutrient("net carbs", from: "carbs and fiber", amount.range))
                failed = true
                continue
            }
            guard let nutrient = Nutrient.named(key) else {
                diagnostics.append(DiagnosticMessages.unknownNutrient(key, suggestion: nil, amount.range))
                failed = true
                continue
            }
            let perHundred = value * 100 / grams
            let limit = SaneRanges.perHundredGrams(unit: nutrient.unit)
            guard perHundred <= limit else {
                diagnostics.append(
                    DiagnosticMessages.tooDense(
                        nutrient.key == "kcal" ? "energy" : nutrient.name,
                        perHundredGrams: perHundred, unit: nutrient.unit, limit: limit,
                        amount.range))
                failed = true
                continue
            }
            per100[nutrient] = perHundred
        }
        if failed { return nil }
        if per100[.kcal] == nil {
            diagnostics.append(DiagnosticMessages.missingEnergy(food.name.range))
            return nil
        }
        return CustomFoodDefinition(
            name: food.name.text, per100g: per100, portions: portions, tags: food.tags.map(\.text))
    }
}
