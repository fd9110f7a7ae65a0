/// The kinds of token the lexer produces.
public enum TokenKind: UInt8, Sendable, Equatable {
    /// A run of letters, digits and `' - & %` starting with a letter (`rice`, `2%`, `o'clock`).
    case word
    /// An integer or decimal (`200`, `1.5`).
    case number
    /// A written fraction (`1/2`).
    case fraction
    /// A vulgar fraction character (`½`).
    case unicodeFraction
    /// A calendar date `YYYY-MM-DD`.
    case date
    /// A clock time `HH:MM`.
    case time
    /// A double-quoted name.
    case string
    /// `@word`.
    case mealTag
    case comma, semicolon, plus, equals, leftParen, rightParen, leftBracket, rightBracket
    /// `..` between two dates.
    case dotDot
    case newline
    case end
    /// Bytes the lexer could not use; it has already reported them.
    case invalid
}

/// One token: its kind, its bytes in the source and, for numbers, its value.
public struct Token: Equatable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// Numeric value of `number`, `fraction` and `unicodeFraction` tokens.
    public var value: Double
    /// True when whitespace or a line start comes right before this token (`200 g` vs `200g`).
    public var spaceBefore: Bool

    public init(kind: TokenKind, range: SourceRange, value: Double = 0, spaceBefore: Bool = true) {
        self.kind = kind
        self.range = range
        self.value = value
        self.spaceBefore = spaceBefore
    }
}

/// A calendar date as written (`2026-11-29`), validated by the lexer.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// True when the day exists in the proleptic Gregorian calendar.
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

    /// `YYYY-MM-DD`.
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            func pad(_ value: Int, _ width: Int) -> String {
                let text = String(value)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        // The common case, written digit by digit: a ten-byte small string, no allocation.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, at index: Int) { buffer[index] = UInt8(truncatingIfNeeded: 0x30 + value) }
            put(year / 1000, at: 0)
            put(year / 100 % 10, at: 1)
            put(year / 10 % 10, at: 2)
            put(year % 10, at: 3)
            buffer[4] = 0x2D
            put(month / 10, at: 5)
            put(month % 10, at: 6)
            buffer[7] = 0x2D
            put(day / 10, at: 8)
            put(day % 10, at: 9)
            return 10
        }
    }
}

/// A clock time as written (`16:30`).
public struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
