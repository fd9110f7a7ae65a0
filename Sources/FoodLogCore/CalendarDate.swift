/// A calendar date (`2026-11-29`) in the proleptic Gregorian calendar.
///
/// The one home of date facts: the ISO text form, validity, day arithmetic and weekdays.
/// Every `YYYY-MM-DD` the program reads (scripts, arguments, the diary, Lua, `FOODLOG_TODAY`)
/// goes through ``init(iso:)``.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A date from its parts (not checked: see ``isValid``).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (four, two and two ASCII digits); nil for any other shape
    /// or a day that does not exist (`2026-02-30`).
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
        guard isValid else { return nil }
    }

    /// True when the day exists.
    public var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= CalendarDate.daysIn(month: month, year: year)
    }

    /// Days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD` (zero-padded; a negative part keeps its sign).
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Days since 1970-01-01 (negative before).
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
    public var weekdayName: String { CalendarDate.weekdayNames[isoWeekday - 1] }

    /// `monday` … `sunday`, Monday first.
    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Saturday or Sunday.
    public var isWeekend: Bool { isoWeekday >= 6 }

    /// The Monday of this date's week (weeks start on Monday, as `this week` does).
    public var startOfWeek: CalendarDate { adding(days: 1 - isoWeekday) }

    /// The first day of this date's month.
    public var startOfMonth: CalendarDate { CalendarDate(year: year, month: month, day: 1) }

    /// The last day of this date's month.
    public var endOfMonth: CalendarDate {
        CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
    }
}

/// A clock time (`16:30`).
public struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
