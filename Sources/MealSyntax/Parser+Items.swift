import FoodLogCore

extension Parser {
    // log = "log" item-list ;   modifiers may stand before, between or after items
    mutating func parseLog() throws -> StatementKind {
        advance()  // 'log'
        var modifiers = LogModifiers()
        try parseModifiers(into: &modifiers)
        guard startsItem(current) else {
            try failAtCurrent { DiagnosticMessages.expectedItem(found: $0, $1) }
        }
        let items = try parseItemList(modifiers: &modifiers)
        // Built once, whole: filling a LogStatement as parsing went copied it twice.
        return .log(LogStatement(items: items, meal: modifiers.meal, time: modifiers.time, date: modifiers.date))
    }

    /// `@meal`, `at HH:MM` and `on DATE`, as they are met around a log's items.
    struct LogModifiers {
        var meal: Written?
        var time: ClockTime?
        var date: DayWord?
    }

    // item-list = item { ( "," [ "and" ] | "and" | "+" ) item } ;
    /// Items of a `log` (where `@meal`, `at`, `on` may appear between items, collected into
    /// `log`) or of a recipe or meal definition (`allowModifiers: false`).
    mutating func parseItemList(modifiers log: inout LogModifiers, allowModifiers: Bool = true) throws -> [Item] {
        var items: [Item] = []
        var joinedByAnd = false
        while true {
            var item = try parseItem()
            item.joinedByAnd = joinedByAnd
            if current.kind == .comma, let note = scanNoteSegment() {
                let range = SourceRange(item.written.range.start, note.range.end)
                item.note = note
                item.written = Written(text(range), range)
            }
            items.append(item)
            try parseModifiers(into: &log, allowed: allowModifiers)
            joinedByAnd = false
            if current.kind == .comma {
                advance()
                try skipContinuation()
                if currentIs("and") {
                    advance()
                    try skipContinuation()
                }
            } else if current.kind == .plus || currentIs("and") {
                joinedByAnd = currentIs("and")
                advance()
                try skipContinuation()
            } else {
                return items
            }
            try parseModifiers(into: &log, allowed: allowModifiers)
            guard startsItem(current) else {
                try failAtCurrent { DiagnosticMessages.expectedItem(found: $0, $1) }
            }
        }
    }

    /// True when a token can begin an item.
    mutating func startsItem(_ token: Token) -> Bool {
        switch token.kind {
        case .word: return !isWord(token, "and")
        case .number, .fraction, .unicodeFraction, .string: return true
        default: return false
        }
    }

    // modifier = "@" word | "at" TIME | "on" DATE ;
    mutating func parseModifiers(into log: inout LogModifiers, allowed: Bool = true) throws {
        while true {
            if current.kind == .mealTag {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if log.meal != nil { try fail(DiagnosticMessages.duplicateModifier("@meal", current.range)) }
                let range = SourceRange(current.range.start + 1, current.range.end)
                log.meal = Written(text(range), range)
                advance()
            } else if currentIs("at"), startsTime(peek()) {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if log.time != nil { try fail(DiagnosticMessages.duplicateModifier("at", current.range)) }
                advance()
                log.time = try parseTime()
            } else if currentIs("on"), startsDay(peek()) {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if log.date != nil { try fail(DiagnosticMessages.duplicateModifier("on", current.range)) }
                advance()
                log.date = try parseDay()
            } else {
                return
            }
        }
    }

    // item = [ quantity ] [ unit ] [ "of" ] name [ "(" note ")" ] ;
    mutating func parseItem() throws -> Item {
        let start = current.range.start
        let quantity = try parseQuantity()
        let quantityRange = quantity?.written.range
        var unit: UnitWord?
        if current.kind == .word, !currentIs("of") {
            unit = try parseUnit(afterQuantity: quantityRange)
        }
        if quantityRange != nil || unit != nil, currentIs("of") { advance() }
        let name = try parseFoodName()
        var note: Written?
        if current.kind == .leftParen {
            note = try parseParenthesisedNote()
        }
        let range = SourceRange(start, previous.range.end)
        return Item(written: Written(text(range), range), quantity: quantity, unit: unit, name: name, note: note)
    }

    // quantity = number [ fraction | unicode-fraction ] [ "dozen" ] | fraction | unicode-fraction
    //          | "half" [ "a" | "an" ] | ( "a" | "an" ) [ "dozen" | "half" ] | number-word [ "dozen" ] ;
    mutating func parseQuantity() throws -> Quantity? {
        let start = current.range.start
        var value: Double
        switch current.kind {
        case .number:
            value = current.value
            advance()
            if current.kind == .fraction, current.spaceBefore {
                value += current.value
                advance()
            } else if current.kind == .unicodeFraction {
                value += current.value
                advance()
            }
        case .fraction, .unicodeFraction:
            value = current.value
            advance()
        case .word:
            guard let wordValue = quantityWordValue(current) else { return nil }
            // A lone quantity word is a name ("log a"), so look ahead before committing.
            let next = peek()
            guard
                next.kind == .word || next.kind == .string || next.kind == .number || next.kind == .fraction
                    || next.kind == .unicodeFraction
            else { return nil }
            if isWord(next, "and") { return nil }
            value = wordValue
            let isHalf = currentIs("half")
            let isArticle = currentIs("a") || currentIs("an")
            advance()
            if isHalf, currentIs("a") || currentIs("an") {
                advance()
            } else if isArticle, currentIs("half") {
                value = 0.5
                advance()
            }
        default:
            return nil
        }
        if currentIs("dozen"), peek().kind == .word || peek().kind == .string {
            value *= 12
            advance()
        }
        let range = SourceRange(start, previous.range.end)
        return Quantity(value: value, written: Written(text(range), range))
    }

    mutating func quantityWordValue(_ token: Token) -> Double? {
        guard token.kind == .word, token.range.length <= 6 else { return nil }
        return Vocabulary.quantityValues[lowercasedWord(token)]
    }

    // unit = unit-word | "fl" "oz" | "fluid" ( "ounce" | "ounces" ) | "extra" "large" ;
    mutating func parseUnit(afterQuantity quantity: SourceRange?) throws -> UnitWord? {
        let first = current
        var end = first.range.end
        var consumed = 1
        let next = peek()
        let word = lowercasedWord(first)
        var unit = MeasureUnit.named(word)
        if next.kind == .word, MeasureUnit.firstWordsOfTwoWordUnits.contains(word),
            let twoWords = MeasureUnit.named(word + " " + lowercasedWord(next))
        {
            unit = twoWords  // `fl oz`, `fluid ounces`, `extra large`
            consumed = 2
            end = next.range.end
        }
        let canonical = unit?.name
        let kind = unit?.kind ?? .household
        let isSizeWord = unit?.isSize ?? false  // a size may stand without a quantity ("a large egg")
        guard let canonical else {
            try checkUnknownUnit(first, afterQuantity: quantity)
            return nil
        }
        // A unit must be followed by a name (or "of"); otherwise the word is the name itself.
        var after = peek()
        if consumed == 2 {
            var lookahead = lexer  // stands after the peeked token
            after = lookahead.next()
        }
        guard after.kind == .word || after.kind == .string || after.kind == .number else { return nil }
        if quantity == nil, !isWord(after, "of"), !isSizeWord { return nil }
        if isWord(after, "and") { return nil }
        for _ in 0..<consumed { advance() }
        let range = SourceRange(first.range.start, end)
        return UnitWord(canonical: canonical, kind: kind, written: Written(text(range), range))
    }

    /// Reports `2 cupz of milk` and `150 gm rice`: a word in a unit's place that is no unit.
    mutating func checkUnknownUnit(_ word: Token, afterQuantity quantity: SourceRange?) throws {
        guard let quantity, quantity.length > 0,
            lexer.bytes[quantity.start] < 0x41 || lexer.bytes[quantity.start] >= 0x80
        else { return }
        let glued = !word.spaceBefore
        guard glued || word.range.length <= 3 || peek().kind == .word else { return }
        let next = peek()
        let followedByOf = isWord(next, "of")
        let followedByName = next.kind == .word || next.kind == .string
        guard followedByOf || (followedByName && (glued || word.range.length <= 3)) else { return }
        let spelled = text(word)
        let candidates = followedByOf || glued ? MeasureUnit.allSpellings : Vocabulary.measureAbbreviations
        let maximumDistance = followedByOf || glued ? 2 : 1
        guard let suggestion = Suggestions.nearestUnit(to: spelled, in: candidates, maximumDistance: maximumDistance)
        else {
            if followedByOf { try fail(DiagnosticMessages.unknownUnit(spelled, suggestion: nil, word.range)) }
            return
        }
        try fail(DiagnosticMessages.unknownUnit(spelled, suggestion: suggestion, word.range))
    }

    // name = string | name-word { name-word } ;
    /// A name; a food name (`limited`, all but plan names, which may be paths) has at most
    /// ``SaneRanges/nameBytes`` bytes and ``SaneRanges/nameWords`` words.
    mutating func parseFoodName(stopWords: [String] = [], limited: Bool = true) throws -> FoodName {
        if current.kind == .string {
            let token = current
            advance()
            let inner = SourceRange(token.range.start + 1, token.range.end - 1)
            if limited { try checkNameLength(inner, reportedAt: token.range) }
            let name = QuotedName.decode(lexer.bytes[inner.start..<inner.end])
            if name.allSatisfy({ $0 == " " }) { try fail(DiagnosticMessages.emptyName(token.range)) }
            return FoodName(text: name, quoted: true, range: token.range)
        }
        let start = current.range.start
        var end = start
        var words = 0
        var singleSpaced = true
        while current.kind == .word || current.kind == .number {
            if currentIs("and") { break }
            if stopWords.contains(where: { currentIs($0) }) { break }
            if currentIs("at"), startsTime(peek()) { break }
            if currentIs("on"), startsDay(peek()) { break }
            if words > 0, current.range.start != end + 1 || lexer.bytes[end] != 0x20 { singleSpaced = false }
            end = current.range.end
            words += 1
            advance()
        }
        guard words > 0 else {
            try failAtCurrent { DiagnosticMessages.expectedName(found: $0, $1) }
        }
        let range = SourceRange(start, end)
        if limited { try checkNameLength(range, reportedAt: range) }
        var name = text(range)
        if !singleSpaced {
            name = name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" })
                .joined(separator: " ")
        }
        return FoodName(text: name, quoted: false, range: range)
    }

    /// Fails with `name-too-long` when the name's bytes are over ``SaneRanges`` limits: long
    /// names would only cost time (every later step reads the whole name) and never match.
    mutating func checkNameLength(_ range: SourceRange, reportedAt reported: SourceRange) throws {
        var words = 0
        var inWord = false
        for byte in lexer.bytes[range.start..<range.end] {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0D
            if !isSpace, !inWord { words += 1 }
            inWord = !isSpace
        }
        guard range.length > SaneRanges.nameBytes || words > SaneRanges.nameWords else { return }
        try fail(DiagnosticMessages.nameTooLong(bytes: range.length, words: words, reported))
    }

    // note = "(" { any token but ")" } ")" ;
    mutating func parseParenthesisedNote() throws -> Written {
        let open = current
        advance()
        let start = current.range.start
        var end = start
        while current.kind != .rightParen {
            if current.kind == .newline || current.kind == .end || current.kind == .semicolon {
                try fail(DiagnosticMessages.unclosedParenthesis(open.range))
            }
            end = current.range.end
            advance()
        }
        advance()
        let range = SourceRange(start, end)
        return Written(text(range), range)
    }

    /// `, grilled` — looks past the comma: a segment made only of preparation words, ending the
    /// item list or followed by another separator, is a note. Consumes it only when it is one.
    mutating func scanNoteSegment() -> Written? {
        var token = peek()
        // Most commas start the next item: decide that before copying the lexer to look further.
        guard token.kind == .word, Vocabulary.isPreparationWord(lowercasedWord(token)) else { return nil }
        var lookahead = lexer  // stands after the peeked token
        let start = token.range.start
        var end = start
        while token.kind == .word {
            if isWord(token, "and") || isWord(token, "at") || isWord(token, "on") { break }
            guard Vocabulary.isPreparationWord(lowercasedWord(token)) else { return nil }
            end = token.range.end
            token = lookahead.next()
        }
        guard end > start else { return nil }
        switch token.kind {
        case .comma, .plus, .newline, .semicolon, .end, .mealTag, .rightBracket: break
        case .word:
            if !isWord(token, "and"), !isWord(token, "at"), !isWord(token, "on") { return nil }
        default: return nil
        }
        // Commit: re-lex from the saved state up to the end of the note.
        advance()  // the comma
        while current.range.end < end { advance() }
        advance()
        let range = SourceRange(start, end)
        return Written(text(range), range)
    }
}
