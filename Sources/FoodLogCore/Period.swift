/// An inclusive span of days.
public struct DayRange: Equatable, Sendable, CustomStringConvertible {
    public var first: CalendarDate
    public var last: CalendarDate

    public init(_ first: CalendarDate, _ last: CalendarDate) {
        self.first = first
        self.last = last
    }

    /// Number of days in the span.
    public var count: Int { last.dayNumber - first.dayNumber + 1 }

    /// Every day, in order.
    public var days: [CalendarDate] { (0..<max(0, count)).map { first.adding(days: $0) } }

    public var description: String { first == last ? first.description : "\(first)..\(last)" }
}

/// A span of days as a user names it (`today`, `last 7 days`, `2026-11-01..2026-11-07`).
public enum Period: Equatable, Sendable {
    case today
    case yesterday
    case date(CalendarDate)
    case range(CalendarDate, CalendarDate)
    case thisWeek, lastWeek, thisMonth, lastMonth
    /// `last N days` (today and the N-1 days before it).
    case lastDays(Int)
    /// `week`: the last 7 days; `month`: the last 30 days.
    case week, month
    /// Every day in the diary.
    case all

    /// The concrete days, counted from `today` (weeks start on Monday; `week` and `month` are
    /// the last 7 and 30 days; `all` starts at `earliest`). No named period reaches past today;
    /// only a date or a range the user writes can.
    public func days(today: CalendarDate, earliest: CalendarDate? = nil) -> DayRange {
        switch self {
        case .today: return DayRange(today, today)
        case .yesterday: return DayRange(today.adding(days: -1), today.adding(days: -1))
        case .date(let date): return DayRange(date, date)
        case .range(let first, let last): return DayRange(first, last)
        case .thisWeek:
            // This week and this month stop at today: the days to come have nothing to show.
            return DayRange(today.startOfWeek, today)
        case .lastWeek:
            let monday = today.startOfWeek.adding(days: -7)
            return DayRange(monday, monday.adding(days: 6))
        case .thisMonth: return DayRange(today.startOfMonth, today)
        case .lastMonth:
            let previous = today.startOfMonth.adding(days: -1)
            return DayRange(previous.startOfMonth, previous.endOfMonth)
        case .lastDays(let count): return DayRange(today.adding(days: 1 - count), today)
        case .week: return DayRange(today.adding(days: -6), today)
        case .month: return DayRange(today.adding(days: -29), today)
        case .all: return DayRange(min(earliest ?? today, today), today)
        }
    }
}
