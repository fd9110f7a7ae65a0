import FoodLogCore

extension Parser {
    // day = DATE | "today" | "yesterday" ;
    /// True when `token` starts a day: a date, `today` or `yesterday`.
    mutating func startsDay(_ token: Token) -> Bool {
        token.kind == .date || isWord(token, .today) || isWord(token, .yesterday)
    }

    /// The day at the current token (after ``startsDay(_:)`` said there is one), consumed.
    mutating func parseDay() throws -> DayWord {
        let day: DayWord
        if current.kind == .date {
            day = .date(dateValue(current))
        } else if currentIs(.today) {
            day = .today
        } else if currentIs(.yesterday) {
            day = .yesterday
        } else {
            try failAtCurrent { DiagnosticMessages.expected("a date (YYYY-MM-DD, today or yesterday)", found: $0, $1) }
        }
        advance()
        return day
    }

    /// A day after `on` or `from`.
    mutating func expectDay() throws -> DayWord {
        try parseDay()
    }

    /// True when the current token is a date line: a date, or `today` / `yesterday` alone.
    mutating func atDateLine() -> Bool {
        if current.kind == .date { return true }
        guard currentIs(.today) || currentIs(.yesterday) else { return false }
        let next = peek().kind
        return next == .newline || next == .semicolon || next == .end
    }

    // time = TIME [ "am" | "pm" ] | NUMBER ( "am" | "pm" ) | "noon" | "midnight" ;
    /// True when `token` (after `at`) starts a time of day: `16:30`, `7:30 am`, `7pm`, `7 pm`,
    /// `noon`, `midnight`. A number counts only when `am` or `pm` follows it, so `at 2` stays
    /// part of a name.
    mutating func startsTime(_ token: Token) -> Bool {
        switch token.kind {
        case .time: return true
        case .word: return isWord(token, .noon) || isWord(token, .midnight)
        case .number:
            // The token after the peeked one, lexed on a copy of the lexer (nothing is consumed).
            var probe = lexer
            return isMeridiem(probe.next())
        default: return false
        }
    }

    /// The time of day at the current token (after ``startsTime(_:)``), consumed with its
    /// `am`/`pm`. A 12-hour time must have an hour from 1 to 12 (`13pm` is `invalid-time`).
    mutating func parseTime() throws -> ClockTime {
        let start = current.range.start
        if currentIs(.noon) || currentIs(.midnight) {
            let time = ClockTime(hour: currentIs(.noon) ? 12 : 0, minute: 0)
            advance()
            return time
        }
        var hour: Int
        var minute = 0
        if current.kind == .time {
            let minutes = Int(current.value)
            (hour, minute) = (minutes / 60, minutes % 60)
        } else {
            hour = current.value == current.value.rounded() && current.value < 100 ? Int(current.value) : -1
        }
        advance()
        guard isMeridiem(current) else { return ClockTime(hour: hour, minute: minute) }
        let afternoon = lowercasedWord(current).hasPrefix("p")
        let range = SourceRange(start, current.range.end)
        advance()
        guard (1...12).contains(hour) else {
            try fail(DiagnosticMessages.invalidTime(text(range), range))
        }
        if hour == 12 { hour = 0 }
        return ClockTime(hour: hour + (afternoon ? 12 : 0), minute: minute)
    }

    /// `am`, `pm`, `a.m.`-less spellings only: `am`, `pm` in any case.
    mutating func isMeridiem(_ token: Token) -> Bool {
        isWord(token, .am) || isWord(token, .pm)
    }
}
