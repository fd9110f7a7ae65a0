import FoodLogCore
import MealSyntax
import Nutrition

/// A target value: a nutrient key (`kcal`, `protein`, `net_carbs`) and its amount in the
/// nutrient's own unit.
public struct TargetValue: Equatable, Sendable {
    public var key: String
    public var value: Double

    public init(key: String, value: Double) {
        self.key = key
        self.value = value
    }
}

/// A custom food as compiled: nutrients per 100 g and its named portions.
public struct CustomFoodDefinition: Equatable, Sendable {
    public var name: String
    public var per100g: Nutrients
    public var portions: [FoodPortion]
    public var tags: [String]
}

/// What the interpreter does: a closed set of typed operations. Every operation has its dates
/// made concrete (the script's current day, `on DATE`, a period counted from today).
public enum OpKind: Equatable, Sendable {
    case setDay(CalendarDate)
    case log(day: CalendarDate, meal: String?, time: ClockTime?, items: [Item])
    case defineFood(CustomFoodDefinition)
    case defineRecipe(name: String, serves: Double, items: [Item])
    case defineMeal(name: String, items: [Item])
    case defineAlias(name: String, target: String)
    case setTargets(from: CalendarDate, scope: TargetScope = .day, [TargetValue])
    case recordWeight(day: CalendarDate, kilograms: Double)
    case usePlan(name: String, from: CalendarDate, options: [PlanOptionSetting] = [])
    case planOff(from: CalendarDate)
    case showPlan(name: String)
    case reloadPlan
    case check(DayRange)
    case insight(DayRange)
    case show(DayRange, nutrients: [String], grouping: Grouping?, period: Period)
    case chart(nutrient: String, DayRange)
    case top(count: Int, grouping: Grouping, DayRange, nutrient: String)
    case undo
}

/// One operation and the source range of the statement it came from.
public struct Op: Equatable, Sendable {
    public var kind: OpKind
    public var range: SourceRange

    public init(_ kind: OpKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
