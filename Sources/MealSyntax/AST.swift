import FoodLogCore

/// A piece of the script exactly as the user wrote it: its text and where it is.
public struct Written: Equatable, Sendable, CustomStringConvertible {
    /// The source text (for quoted names: without the quotes).
    public var text: String
    public var range: SourceRange

    public init(_ text: String, _ range: SourceRange) {
        self.text = text
        self.range = range
    }

    public var description: String { text }
}

/// A quantity as written (`1 1/2`, `½`, `a dozen`, `200`) and its value.
public struct Quantity: Equatable, Sendable {
    public var value: Double
    /// The user's spelling, kept for the review.
    public var written: Written

    public init(value: Double, written: Written) {
        self.value = value
        self.written = written
    }
}

/// A unit word as written (`g`, `cups`, `fl oz`, `slices`); its meaning is decided later.
public struct UnitWord: Equatable, Sendable {
    /// The canonical spelling from ``MeasureUnit`` (`cup` for `cups`).
    public var canonical: String
    public var kind: UnitKind
    public var written: Written

    public init(canonical: String, kind: UnitKind, written: Written) {
        self.canonical = canonical
        self.kind = kind
        self.written = written
    }
}

/// A food's name as written: its words (single-spaced) or a quoted string.
public struct FoodName: Equatable, Sendable {
    /// The name; for unquoted names the words joined by single spaces.
    public var text: String
    /// True when the user quoted it (then it is matched as a whole).
    public var quoted: Bool
    public var range: SourceRange

    public init(text: String, quoted: Bool, range: SourceRange) {
        self.text = text
        self.quoted = quoted
        self.range = range
    }

    /// True when ``text`` is the source's bytes over ``range`` (its words were written with
    /// single spaces), so a word's offset in the text is its offset in the source.
    public var isFaithful: Bool { text.utf8.count == range.end - range.start }
}

/// One food item: `[quantity] [unit] [of] name [, note | (note)]`.
public struct Item: Equatable, Sendable {
    /// The whole item exactly as written, for the review.
    public var written: Written
    /// Absent means one of the food's natural unit.
    public var quantity: Quantity?
    public var unit: UnitWord?
    public var name: FoodName
    /// Words after a comma that only describe preparation (`grilled`), or a parenthesised note.
    public var note: Written?
    /// True when a bare `and` joined this item to the previous one (`mac and cheese` may be one
    /// food; the resolver decides).
    public var joinedByAnd: Bool
    /// A size or spoon adjective before the unit (`small` in `2 small tins`, `heaped` in
    /// `1 heaped tsp`); its canonical spelling is the size's name or the adjective.
    public var size: UnitWord?
    /// True when a comma (not `and` or `+`) stood before this item: a segment without a
    /// quantity may then be a note on the previous item (the resolver decides).
    public var joinedByComma: Bool
    /// The container or piece a stated weight or volume is the size of, whose word the amount
    /// replaced (`can` in `1 (15 oz) can`, `bottle` in `a 500ml bottle of`).
    public var package: UnitWord?
    /// True for an ingredient line of a `recipe`: weighed as the cook weighs it out, so meat
    /// and fish are raw and rice and pasta dry unless the line says cooked (grammar/foods.md,
    /// "The form a recipe line means").
    public var isRecipeLine: Bool

    public init(
        written: Written, quantity: Quantity?, unit: UnitWord?, name: FoodName, note: Written?,
        joinedByAnd: Bool = false, size: UnitWord? = nil, joinedByComma: Bool = false, package: UnitWord? = nil,
        isRecipeLine: Bool = false
    ) {
        self.package = package
        self.isRecipeLine = isRecipeLine
        self.written = written
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.note = note
        self.joinedByAnd = joinedByAnd
        self.size = size
        self.joinedByComma = joinedByComma
    }
}

extension SourceRange {
    mutating func move(by delta: Int) {
        start += delta
        end += delta
    }
}

extension Item {
    /// The item with every range moved `delta` bytes (an item read from a piece of a line).
    func moved(by delta: Int) -> Item {
        var item = self
        item.written.range.move(by: delta)
        item.quantity?.written.range.move(by: delta)
        item.unit?.written.range.move(by: delta)
        item.size?.written.range.move(by: delta)
        item.name.range.move(by: delta)
        item.note?.range.move(by: delta)
        return item
    }
}

/// `log items [@meal] [at HH:MM] [on DATE]`.
public struct LogStatement: Equatable, Sendable {
    public var items: [Item]
    public var meal: Written?
    public var time: ClockTime?
    public var date: DayWord?

    public init(items: [Item], meal: Written? = nil, time: ClockTime? = nil, date: DayWord? = nil) {
        self.items = items
        self.meal = meal
        self.time = time
        self.date = date
    }
}

/// An amount with a number and a unit word, e.g. `24 g protein`, `120 kcal`, `72.4 kg`.
public struct NutrientAmount: Equatable, Sendable {
    public var value: Double
    public var unit: Written?
    /// The nutrient's name words (`protein`, `net carbs`); empty for bare `kcal`.
    public var nutrient: Written?
    public var range: SourceRange

    public init(value: Double, unit: Written?, nutrient: Written?, range: SourceRange) {
        self.value = value
        self.unit = unit
        self.nutrient = nutrient
        self.range = range
    }
}

/// The reference amount of a custom food: `per 1 scoop (30 g)`, `per 100 g`.
public struct Portion: Equatable, Sendable {
    public var quantity: Quantity
    public var unit: Written?
    /// The portion's weight or volume in parentheses: `(30 g)`.
    public var equivalent: NutrientAmount?
    public var range: SourceRange

    public init(quantity: Quantity, unit: Written?, equivalent: NutrientAmount?, range: SourceRange) {
        self.quantity = quantity
        self.unit = unit
        self.equivalent = equivalent
        self.range = range
    }
}

/// `food NAME [per PORTION] [[tags]] = nutrients`.
public struct FoodDefinition: Equatable, Sendable {
    public var name: FoodName
    public var portion: Portion?
    public var tags: [Written]
    public var nutrients: [NutrientAmount]

    public init(name: FoodName, portion: Portion?, tags: [Written], nutrients: [NutrientAmount]) {
        self.name = name
        self.portion = portion
        self.tags = tags
        self.nutrients = nutrients
    }
}

/// `recipe NAME [serves N] = items`.
public struct RecipeDefinition: Equatable, Sendable {
    public var name: FoodName
    public var serves: Quantity?
    public var items: [Item]

    public init(name: FoodName, serves: Quantity?, items: [Item]) {
        self.name = name
        self.serves = serves
        self.items = items
    }
}

/// `meal NAME = items`.
public struct MealDefinition: Equatable, Sendable {
    public var name: FoodName
    public var items: [Item]

    public init(name: FoodName, items: [Item]) {
        self.name = name
        self.items = items
    }
}

/// `alias NAME = NAME`.
public struct AliasDefinition: Equatable, Sendable {
    public var alias: FoodName
    public var target: FoodName

    public init(alias: FoodName, target: FoodName) {
        self.alias = alias
        self.target = target
    }
}

/// `cheat_day sunday` after `plan NAME with`: the option's key and value, as written.
public struct PlanOptionWritten: Equatable, Sendable {
    public var key: Written
    public var value: PlanOptionValue
    public var range: SourceRange

    public init(key: Written, value: PlanOptionValue, range: SourceRange) {
        self.key = key
        self.value = value
        self.range = range
    }
}

/// `plan …` forms.
public enum PlanStatement: Equatable, Sendable {
    /// `plan keto` or `plan "plans/my-cut.lua"`, optionally `with OPTION VALUE, …` and `from DATE`.
    case use(FoodName, options: [PlanOptionWritten] = [], from: DayWord?)
    /// `plan show NAME`.
    case show(FoodName)
    /// `plan reload`.
    case reload
    /// `plan off`.
    case off(from: DayWord?)
}

/// How a `show` query groups its rows.
public enum Grouping: String, Equatable, Sendable {
    case day, meal, food
}

/// `show [period] [nutrients] [by day|meal|food]`.
public struct ShowQuery: Equatable, Sendable {
    public var period: Period
    public var nutrients: [Written]
    public var grouping: Grouping?

    public init(period: Period, nutrients: [Written], grouping: Grouping?) {
        self.period = period
        self.nutrients = nutrients
        self.grouping = grouping
    }
}

/// `chart NUTRIENT [period]`.
public struct ChartQuery: Equatable, Sendable {
    public var nutrient: Written
    public var period: Period

    public init(nutrient: Written, period: Period) {
        self.nutrient = nutrient
        self.period = period
    }
}

/// `top [N] foods|meals [period] [by NUTRIENT]`.
public struct TopQuery: Equatable, Sendable {
    public var count: Int
    public var grouping: Grouping
    public var period: Period
    public var nutrient: Written?

    public init(count: Int, grouping: Grouping, period: Period, nutrient: Written?) {
        self.count = count
        self.grouping = grouping
        self.period = period
        self.nutrient = nutrient
    }
}

/// What a statement says.
public enum StatementKind: Equatable, Sendable {
    /// A bare date line (a date, `today` or `yesterday`): the day for what follows.
    case date(DayWord)
    case log(LogStatement)
    case food(FoodDefinition)
    case recipe(RecipeDefinition)
    case meal(MealDefinition)
    case alias(AliasDefinition)
    /// `target 2200 kcal, 160 g protein [per week | on weekends | on weekdays] [from DATE]`.
    case target([NutrientAmount], scope: TargetScope, from: DayWord?)
    /// `weight 72.4 kg [on DATE]`.
    case weight(NutrientAmount, on: DayWord?)
    case plan(PlanStatement)
    case check(Period)
    case insight(Period)
    case show(ShowQuery)
    case chart(ChartQuery)
    case top(TopQuery)
    case undo
}

/// One statement and the bytes it spans.
public struct Statement: Equatable, Sendable {
    public var kind: StatementKind
    public var range: SourceRange

    public init(_ kind: StatementKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A parsed script: the statements that parsed, in order, and every diagnostic.
public struct Script: Equatable, Sendable {
    public var statements: [Statement]
    public var diagnostics: [Diagnostic]
    /// Diagnostics beyond ``Parser/diagnosticLimit`` that were counted but not kept.
    public var droppedDiagnostics = 0

    public init(statements: [Statement], diagnostics: [Diagnostic]) {
        self.statements = statements
        self.diagnostics = diagnostics
    }

    /// True when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension StatementKind {
    /// The period a query names (`show`, `chart`, `top`, `check`, `insight`); nil otherwise.
    public var period: Period? {
        switch self {
        case .check(let period), .insight(let period): return period
        case .show(let query): return query.period
        case .chart(let query): return query.period
        case .top(let query): return query.period
        default: return nil
        }
    }
}
