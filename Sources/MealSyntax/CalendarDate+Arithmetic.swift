extension CalendarDate {
    /// Days since 1970-01-01 (negative before), proleptic Gregorian.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int { ((dayNumber % 7) + 7 + 3) % 7 + 1 }

    /// `monday` … `sunday`.
    public var weekdayName: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][isoWeekday - 1]
    }

    /// The first day of this date's month.
    public var startOfMonth: CalendarDate { CalendarDate(year: year, month: month, day: 1) }

    /// The last day of this date's month.
    public var endOfMonth: CalendarDate {
        CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
    }
}

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

extension Period {
    /// The concrete days of a period, counted from `today` (weeks start on Monday; `week` and
    /// `month` are the last 7 and 30 days; `all` is bounded by `earliest`).
    public func days(today: CalendarDate, earliest: CalendarDate? = nil) -> DayRange {
        switch self {
        case .today: return DayRange(today, today)
        case .yesterday: return DayRange(today.adding(days: -1), today.adding(days: -1))
        case .date(let date): return DayRange(date, date)
        case .range(let first, let last): return DayRange(first, last)
        case .thisWeek:
            let monday = today.adding(days: 1 - today.isoWeekday)
            return DayRange(monday, monday.adding(days: 6))
        case .lastWeek:
            let monday = today.adding(days: 1 - today.isoWeekday - 7)
            return DayRange(monday, monday.adding(days: 6))
        case .thisMonth: return DayRange(today.startOfMonth, today.endOfMonth)
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
