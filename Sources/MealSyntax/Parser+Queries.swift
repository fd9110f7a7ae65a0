import FoodLogCore

extension Parser {
    // show = "show" [ period ] [ nutrient { "," nutrient } ] [ "by" ( "day" | "meal" | "food" ) ] ;
    mutating func parseShow() throws -> StatementKind {
        advance()
        let period = try parseOptionalPeriod()
        var nutrients: [Written] = []
        if current.kind == .word, !currentIs(.by) {
            nutrients.append(try parseNutrientName())
            while current.kind == .comma {
                advance()
                try skipContinuation()
                nutrients.append(try parseNutrientName())
            }
        }
        var grouping: Grouping?
        if accept(.by) { grouping = try parseGrouping() }
        return .show(ShowQuery(period: period, nutrients: nutrients, grouping: grouping))
    }

    // chart = "chart" nutrient [ period ] ;
    mutating func parseChart() throws -> StatementKind {
        advance()
        let nutrient = try parseNutrientName()
        let period = try parseOptionalPeriod(default: .lastDays(30))
        return .chart(ChartQuery(nutrient: nutrient, period: period))
    }

    // top = "top" [ NUMBER ] ( "foods" | "meals" ) [ period ] [ "by" nutrient ] ;
    mutating func parseTop() throws -> StatementKind {
        advance()
        var count = 10
        if current.kind == .number {
            guard current.value >= 1, current.value == current.value.rounded(), current.value <= 10_000 else {
                try fail(DiagnosticMessages.expected("a whole number of rows", found: describe(current), current.range))
            }
            count = Int(current.value)
            advance()
        }
        let grouping: Grouping
        if currentIs(.foods) || currentIs(.food) {
            grouping = .food
        } else if currentIs(.meals) || currentIs(.meal) {
            grouping = .meal
        } else {
            try failAtCurrent { DiagnosticMessages.expected("'foods' or 'meals'", found: $0, $1) }
        }
        advance()
        let period = try parseOptionalPeriod()
        var nutrient: Written?
        if accept(.by) { nutrient = try parseNutrientName() }
        return .top(TopQuery(count: count, grouping: grouping, period: period, nutrient: nutrient))
    }

    mutating func parseGrouping() throws -> Grouping {
        let word = text(current).lowercased()
        switch word {
        case "day", "days":
            advance()
            return .day
        case "meal", "meals":
            advance()
            return .meal
        case "food", "foods":
            advance()
            return .food
        default:
            try failAtCurrent { DiagnosticMessages.expected("'day', 'meal' or 'food'", found: $0, $1) }
        }
    }

    /// Nutrient words up to `,`, `by`, a period or the end (`protein`, `net carbs`, `vitamin c`).
    mutating func parseNutrientName() throws -> Written {
        let start = current.range.start
        var end = start
        while current.kind == .word, !currentIs(.by), !startsPeriod(current) {
            end = current.range.end
            advance()
        }
        guard end > start else {
            try failAtCurrent { DiagnosticMessages.expected("a nutrient such as 'protein'", found: $0, $1) }
        }
        let range = SourceRange(start, end)
        return Written(text(range).lowercased(), range)
    }

    mutating func startsPeriod(_ token: Token) -> Bool {
        if token.kind == .date { return true }
        guard token.kind == .word else { return false }
        return isWord(token, .today) || isWord(token, .yesterday) || isWord(token, .this)
            || isWord(token, .last) || isWord(token, .week) || isWord(token, .month) || isWord(token, .all)
    }

    mutating func parseOptionalPeriod(default fallback: Period = .today) throws -> Period {
        startsPeriod(current) ? try parsePeriod() : fallback
    }

    // period = "today" | "yesterday" | DATE [ ".." DATE ] | ( "this" | "last" ) ( "week" | "month" )
    //        | "last" NUMBER ( "days" | "weeks" ) | "week" | "month" | "all" ;
    mutating func parsePeriod() throws -> Period {
        if current.kind == .date {
            let first = dateValue(current)
            advance()
            guard current.kind == .dotDot else { return .date(first) }
            advance()
            let dateToken = current
            let last = try expectDate()
            if last < first { try fail(DiagnosticMessages.reversedRange(dateToken.range)) }
            return .range(first, last)
        }
        let word = text(current).lowercased()
        advance()
        switch word {
        case "today": return .today
        case "yesterday": return .yesterday
        case "week": return .week
        case "month": return .month
        case "all": return .all
        case "this":
            if accept(.week) { return .thisWeek }
            if accept(.month) { return .thisMonth }
            try failAtCurrent { DiagnosticMessages.expected("'week' or 'month'", found: $0, $1) }
        default:  // "last"
            if accept(.week) { return .lastWeek }
            if accept(.month) { return .lastMonth }
            guard current.kind == .number, current.value >= 1, current.value == current.value.rounded(),
                current.value <= 36_500
            else {
                try failAtCurrent { DiagnosticMessages.expected("'week', 'month' or a number of days", found: $0, $1) }
            }
            let count = Int(current.value)
            advance()
            if accept(.days) || accept(.day) { return .lastDays(count) }
            if accept(.weeks) || accept(.week) { return .lastDays(count * 7) }
            try failAtCurrent { DiagnosticMessages.expected("'days' or 'weeks'", found: $0, $1) }
        }
    }
}
