/// The days a target is for: every day (the default), a whole week, or only weekends or
/// weekdays. The raw value is what the diary stores.
public enum TargetScope: String, CaseIterable, Sendable {
    /// Each day (`target 2200 kcal`, `per day`).
    case day
    /// Each week's total, Monday to Sunday (`per week`).
    case week
    /// Saturday and Sunday, in place of the daily target (`on weekends`).
    case weekends
    /// Monday to Friday, in place of the daily target (`on weekdays`).
    case weekdays

    /// How a script says it after the amounts; nil for the default, `day`.
    public var phrase: String? {
        switch self {
        case .day: nil
        case .week: "per week"
        case .weekends: "on weekends"
        case .weekdays: "on weekdays"
        }
    }
}

/// One `target` setting as the diary keeps it: from a day on, a nutrient's value for a scope.
public struct TargetSetting: Equatable, Sendable {
    public var day: CalendarDate
    public var nutrient: String
    public var scope: TargetScope
    public var value: Double

    public init(day: CalendarDate, nutrient: String, scope: TargetScope, value: Double) {
        self.day = day
        self.nutrient = nutrient
        self.scope = scope
        self.value = value
    }
}

/// Which targets hold on a day, from the target settings.
///
/// Each scope keeps its own history: for a nutrient and scope, the latest setting on or before
/// the day holds. A day's target is its weekend (Saturday, Sunday) or weekday (Monday to
/// Friday) target when one is set, else its daily one; a weekly target is a budget for the
/// week's total. Walk days in order with ``advance(to:)`` (or ask ``targets(on:from:)`` once).
public struct TargetSchedule: Sendable {
    private var settings: [TargetSetting]
    private var next = 0
    /// The settings in force at the last day advanced to, by scope then nutrient.
    private var current: [TargetScope: [String: Double]] = [:]

    /// `settings` in any order; ties on a day keep their order (the later one wins).
    public init(_ settings: [TargetSetting]) {
        self.settings = settings.enumerated().sorted { left, right in
            left.element.day != right.element.day ? left.element.day < right.element.day : left.offset < right.offset
        }.map(\.element)
    }

    /// Takes in the settings up to and including `day` (days must not go backwards).
    public mutating func advance(to day: CalendarDate) {
        while next < settings.count, settings[next].day <= day {
            current[settings[next].scope, default: [:]][settings[next].nutrient] = settings[next].value
            next += 1
        }
    }

    /// The targets for `day` itself, by nutrient: its weekend or weekday target, else the daily one.
    /// Call after ``advance(to:)`` with the same day.
    public func daily(on day: CalendarDate) -> [String: Double] {
        var targets = current[.day] ?? [:]
        // Without weekend or weekday settings this is the daily dictionary itself, not a copy.
        if let specific = current[day.isWeekend ? .weekends : .weekdays], !specific.isEmpty {
            targets.merge(specific) { _, specific in specific }
        }
        return targets
    }

    /// The weekly targets in force, by nutrient (compared with the total from Monday on).
    public var weekly: [String: Double] { current[.week] ?? [:] }

    /// The settings in force, by scope (what a chart's heading names).
    public func inForce(_ scope: TargetScope) -> [String: Double] { current[scope] ?? [:] }

    /// The daily and weekly targets of one day.
    public static func targets(on day: CalendarDate, from settings: [TargetSetting])
        -> (daily: [String: Double], weekly: [String: Double])
    {
        var schedule = TargetSchedule(settings)
        schedule.advance(to: day)
        return (schedule.daily(on: day), schedule.weekly)
    }
}
