import FoodLogCore

/// A day as a statement names it: a date, or `today` / `yesterday` (counted from the day the
/// script runs; the compiler turns it into a date).
public enum DayWord: Equatable, Sendable, CustomStringConvertible {
    case date(CalendarDate)
    case today
    case yesterday

    /// The date this names when the script runs on `today`.
    public func day(today: CalendarDate) -> CalendarDate {
        switch self {
        case .date(let date): return date
        case .today: return today
        case .yesterday: return today.adding(days: -1)
        }
    }

    /// `2026-11-29`, `today`, `yesterday`.
    public var description: String {
        switch self {
        case .date(let date): return date.description
        case .today: return "today"
        case .yesterday: return "yesterday"
        }
    }
}
