import FoodLogCore

extension Parser {
    // log = "log" item-list ;   modifiers may stand before, between or after items
    mutating func parseLog() throws -> StatementKind {
        advance()  // 'log'
        var modifiers = LogModifiers()
        try parseModifiers(into: &modifiers)
        try parseHeading(into: &modifiers)
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
        items.reserveCapacity(4)  // room for a usual line's items without growing the array twice
        var joinedByAnd = false
        var joinedByComma = false
        while true {
            items.append(try parseItem(joinedByAnd: joinedByAnd, joinedByComma: joinedByComma))
            // `salt and pepper, to taste`: both are to taste.
            let last = items.count - 1
            if last > 0, items[last].joinedByAnd, Parser.isToTaste(items[last]), items[last - 1].note.isNil {
                items[last - 1].note = items[last].note
            }
            try parseModifiers(into: &log, allowed: allowModifiers, afterItem: true)
            joinedByAnd = false
            joinedByComma = isItemSeparator(current)
            if joinedByComma {
                advance()
                try skipContinuation()
                if currentIs(.and) {
                    advance()
                    try skipContinuation()
                }
            } else if current.kind == .plus || currentIs(.and) {
                joinedByAnd = currentIs(.and)
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

    /// True at a token that separates items as a comma does: a comma, a dash standing alone
    /// (`chicken breast - grilled`) or a colon (`oats: 50g`).
    func isItemSeparator(_ token: Token) -> Bool {
        token.kind == .comma || token.kind == .dash || token.kind == .colon
    }

    /// `lunch: soup, bread`, `breakfast - 2 eggs`, `@lunch: soup`: a meal word before a colon
    /// or a dash at the start of the items is their meal, as `@lunch` is. `overnight oats: 50g
    /// oats, 100ml milk`: other words before a colon are a heading for the items after it,
    /// which are what is logged. A name that only an amount follows is that amount of the food
    /// (`oats: 50g`), read by ``parseAmountAfterName(count:unit:name:)``.
    mutating func parseHeading(into log: inout LogModifiers) throws {
        if current.kind == .colon || current.kind == .dash, previous.kind == .mealTag {
            advance()
            try skipContinuation()
            return
        }
        guard current.kind == .word, !startsMealPhrase() else { return }
        var after = peek()
        var lookahead = lexer  // stands after the peeked token
        var words = 1
        while after.kind == .word, words <= SaneRanges.nameWords {
            words += 1
            after = lookahead.next()
        }
        guard after.kind == .colon || (words == 1 && after.kind == .dash) else { return }
        if words == 1, Vocabulary.mealWords.contains(where: { isWord(current, text: $0) }) {
            if !log.meal.isNil { try fail(DiagnosticMessages.duplicateModifier("@meal", current.range)) }
            log.meal = Written(text(current.range), current.range)
            advance()  // the meal word
            advance()  // the colon or dash
            try skipContinuation()
            return
        }
        guard after.kind == .colon else { return }
        let saved = self
        for _ in 0...words { advance() }  // the heading's words and the colon
        try skipContinuation()
        if startsTrailingAmount() || !startsItem(current) { self = saved }
    }

    /// `1 (14.5 oz) can diced tomatoes`, `2 (8-ounce) packages cream cheese`: packages of a
    /// stated weight or volume are that many times the amount, in its unit, and the package
    /// word goes. Nil (nothing consumed) when the parenthesis is not such an amount.
    mutating func parsePackageSize(count: Quantity) -> StatedAmount? {
        let saved = self
        advance()  // (
        skipApproximation()  // `(about 15 oz)`
        var found: UnitAmount?
        if let inner = try? parseQuantity(), let spelled = unitSpelled(current, peek()) {
            // `(14.5 oz)`, `(1 lb)`, `(12 fl oz)`
            let end = spelled.words == 2 ? peek().range.end : current.range.end
            found = UnitAmount(amount: inner.value, unit: unitWord(spelled.unit, SourceRange(current.range.start, end)))
            for _ in 0..<spelled.words { advance() }
        } else if let hyphened = hyphenedAmount(current) {
            found = hyphened  // `(15-ounce)`
            advance()
        }
        if currentIs(.each) { advance() }  // `2 cans (15 oz each)`
        guard let found, found.unit.kind == .mass || found.unit.kind == .volume, found.amount > 0,
            current.kind == .rightParen
        else {
            self = saved
            return nil
        }
        advance()  // )
        let package = skipPackageWord()
        let range = SourceRange(count.written.range.start, previous.range.end)
        let quantity = Quantity(value: count.value * found.amount, written: Written(text(range), range))
        return StatedAmount(quantity: quantity, unit: found.unit, package: package)
    }

    /// `2 to 3 cups`, `1 or 2 carrots`, `1 1/2 to 2 cups`, `1/2 to 1 tsp`: after a quantity, `to`
    /// or `or` and a larger number (a mixed number too) make a range, its middle, as the lexer
    /// reads `2-3`; otherwise `value` and nothing consumed.
    mutating func rangeMiddle(from value: Double) -> Double {
        guard currentIs(.to) || currentIs(.or) || current.kind == .dash,
            peek().kind == .number || peek().kind == .fraction
        else {
            return value
        }
        var lookahead = lexer  // stands after the peeked number
        let after = lookahead.next()
        var upper = peek().value
        let mixed = peek().kind == .number && after.kind == .fraction && after.spaceBefore
        if mixed { upper += after.value }
        guard upper > value else { return value }
        advance()  // to, or
        advance()  // the number
        if mixed { advance() }
        return (value + upper) / 2
    }

    /// Skips a word saying a stated amount is approximate (`about`, `approx`, `approximately`,
    /// `around`, `roughly`) when a number or an article follows it: `(about 4 oz)` states 4 oz,
    /// `broccoli, about a cup` a cup.
    mutating func skipApproximation() {
        guard current.kind == .word,
            peek().kind == .number || peek().kind == .fraction || isWord(peek(), .a) || isWord(peek(), .an),
            Vocabulary.approximationWords.contains(lowercasedWord(current))
        else { return }
        advance()
    }

    /// `15-ounce`, `16-oz`: the lexer keeps digits hyphened to letters as one word; nil when the
    /// word is no number hyphened to a unit (`7-up`).
    mutating func hyphenedAmount(_ token: Token) -> UnitAmount? {
        guard token.kind == .word, let first = lexer.bytes[token.range.start...].first, Lexer.isDigit(first) else {
            return nil
        }
        let word = text(token)
        guard let hyphen = word.firstIndex(of: "-"), let value = Double(word[..<hyphen]), value > 0,
            let measure = MeasureUnit.named(lowercased: word[word.index(after: hyphen)...].lowercased())
        else { return nil }
        let unitStart = token.range.start + word[...hyphen].utf8.count
        return UnitAmount(amount: value, unit: unitWord(measure, SourceRange(unitStart, token.range.end)))
    }

    /// `a 16-oz steak`, `2 8-oz steaks`, `1 12-ounce can of beer`: a weight or volume hyphened
    /// to its number is the size of each of the items counted before it (one without a count);
    /// a package word after it goes. Nil (nothing consumed) unless a name or `of` follows.
    mutating func parseHyphenedSize(count: Quantity?) -> StatedAmount? {
        guard let hyphened = hyphenedAmount(current), hyphened.unit.kind == .mass || hyphened.unit.kind == .volume,
            startsName(peek()) || isWord(peek(), .of)
        else { return nil }
        let start = count?.written.range.start ?? current.range.start
        advance()
        let package = skipPackageWord()
        let range = SourceRange(start, previous.range.end)
        let quantity = Quantity(value: (count?.value ?? 1) * hyphened.amount, written: Written(text(range), range))
        return StatedAmount(quantity: quantity, unit: hyphened.unit, package: package)
    }

    /// A stated amount, its unit and the package word it replaced (`400g tins`).
    struct StatedAmount {
        var quantity: Quantity
        var unit: UnitWord
        var package: UnitWord? = nil
        /// Preparation words after a trailing amount (`cooked` of `quinoa 150g cooked`).
        var note: Written? = nil
    }

    /// A number of a unit, as written inside a package size (`15 oz`, `15-ounce`).
    struct UnitAmount {
        var amount: Double
        var unit: UnitWord
    }

    /// After a stated weight or volume, the package word it is the size of goes (`400g tins of`,
    /// `(15 oz) can`, `a 500ml bottle of`) when a name or `of` follows it: see
    /// ``MeasureUnit/packageNames``.
    @discardableResult
    mutating func skipPackageWord() -> UnitWord? {
        // What follows is known without a lookup: most items end after their first name word.
        guard current.kind == .word, startsName(peek()) || isWord(peek(), .of),
            let package = unitNamed(current), package.isPackage
        else { return nil }
        let word = unitWord(package, current.range)
        advance()  // can, jar, package…
        return word
    }

    /// `1 can (15 oz) kidney beans`: a package unit followed by its stated weight or volume is
    /// that amount, as `1 (15 oz) can` is. Nil (nothing consumed) unless a name follows.
    mutating func parseUnitThenPackageSize(count: Quantity) -> StatedAmount? {
        guard current.kind == .word, peek().kind == .leftParen,
            let package = unitNamed(current), package.isPackage,
            package.kind == .household
        else { return nil }
        let saved = self
        let word = unitWord(package, current.range)
        advance()  // can, tin, jar…
        guard let sized = parsePackageSize(count: count), startsName(current) || currentIs(.of) else {
            self = saved
            return nil
        }
        return StatedAmount(quantity: sized.quantity, unit: sized.unit, package: word)
    }

    /// `250g/9oz plain flour`, `1 tsp / 5ml vanilla`, `2 tablespoons (30 ml) olive oil`, `1 cup
    /// (125 g) flour`: a weight or volume followed by the same amount in other units, after `/`
    /// or in parentheses. Both are consumed; a weight is kept over a volume (it needs no density),
    /// else the first. In parentheses the same amount may be counted in a household unit
    /// (`1/2 cup (1 stick) butter`, `1 cup (2 sticks) unsalted butter`): the measure is kept.
    /// Nil (nothing consumed) unless a name or `of` follows.
    mutating func parseMeasureAndEquivalent(count: Quantity) -> StatedAmount? {
        // Most measures have no second amount: a `(` or `/` must follow the unit's one word, or
        // its two (`fl oz (`), told before the unit is looked up. A second token ahead is lexed
        // only when the first is a word (`2 eggs, …` ends here).
        guard current.kind == .word else { return nil }
        let next = peek()
        func opens(_ token: Token) -> Bool { token.kind == .leftParen || token.kind == .slash }
        var afterNext = next
        if !opens(next) {
            guard next.kind == .word else { return nil }
            var ahead = lexer  // stands after the peeked token
            afterNext = ahead.next()
            guard opens(afterNext) else { return nil }
        }
        guard let spelled = unitSpelled(current, next), spelled.unit.isMeasure,
            opens(spelled.words == 1 ? next : afterNext)
        else { return nil }
        let measure = spelled.unit
        let saved = self
        let start = current.range.start
        if spelled.words == 2 { advance() }
        let outer = unitWord(measure, SourceRange(start, current.range.end))
        advance()
        let parenthesised = current.kind == .leftParen
        guard parenthesised || current.kind == .slash else {
            self = saved
            return nil
        }
        advance()  // ( or /
        if parenthesised { skipApproximation() }  // `2 cups (about 10 oz)`
        guard var other = parseQuantityAndUnit(),
            other.measure.isMeasure || (parenthesised && other.measure.kind == .household && !other.measure.isSize)
        else {
            self = saved
            return nil
        }
        // `1kg/2lb 4oz potatoes`: the other amount may be a compound one.
        if other.measure.isMeasure, let added = addSmallerMeasure(to: other.quantity, in: other.unit) {
            other.quantity = added.quantity
            other.unit = added.unit
            other.measure = MeasureUnit.named(lowercased: added.unit.canonical) ?? other.measure
        }
        if parenthesised {
            guard current.kind == .rightParen else {
                self = saved
                return nil
            }
            advance()
        }
        guard startsName(current) || currentIs(.of) else {
            self = saved
            return nil
        }
        guard measure.kind == .volume, other.measure.kind == .mass else {
            return StatedAmount(quantity: count, unit: outer)
        }
        let whole = SourceRange(count.written.range.start, previous.range.end)
        return StatedAmount(
            quantity: Quantity(value: other.quantity.value, written: Written(text(whole), whole)), unit: other.unit)
    }

    /// `1 lb 2 oz flour`, `1 pint 4 fl oz milk`: a weight or volume followed by a number and a
    /// smaller unit of the same kind add up, in the smaller unit (18 oz). Nil (nothing consumed)
    /// unless a name or `of` follows.
    mutating func addSmallerMeasure(to quantity: Quantity, in unit: UnitWord) -> StatedAmount? {
        guard current.kind == .number, let large = MeasureUnit.named(lowercased: unit.canonical),
            let largeFactor = large.factor
        else { return nil }
        let saved = self
        guard let more = parseQuantityAndUnit(), more.measure.kind == large.kind,
            let smallFactor = more.measure.factor, smallFactor < largeFactor, startsName(current) || currentIs(.of)
        else {
            self = saved
            return nil
        }
        let whole = SourceRange(quantity.written.range.start, more.quantity.written.range.end)
        let value = quantity.value * largeFactor / smallFactor + more.quantity.value
        return StatedAmount(quantity: Quantity(value: value, written: Written(text(whole), whole)), unit: more.unit)
    }

    /// True when a `+` (the peeked token, or the one after it when `plusAhead`), a number or
    /// fraction and a weight or volume unit follow: `+ 1 tsp`, `+ 1 1/2 cups`.
    mutating func measureFollowsPlus(plusAhead: Bool) -> Bool {
        var lookahead = lexer  // stands after the peeked token
        if plusAhead {
            let plus = lookahead.next()
            guard plus.kind == .plus || isWord(plus, .plus) else { return false }
        }
        var token = lookahead.next()
        guard token.kind == .number || token.kind == .fraction || token.kind == .unicodeFraction else { return false }
        token = lookahead.next()
        if token.kind == .fraction || token.kind == .unicodeFraction { token = lookahead.next() }
        guard token.kind == .word else { return false }
        let spelled = String(decoding: lexer.bytes[token.range.start..<token.range.end], as: UTF8.self)
        return MeasureUnit.written(spelled)?.isMeasure == true
    }

    /// `1 tbsp + 1 tsp olive oil`, `1 cup + 2 tbsp flour`: a weight or volume, `+`, and an
    /// amount of the same kind before the name add up, in the smaller unit (4 tsp, 18 tbsp), as
    /// `1 lb 2 oz` does. Nil (nothing consumed) unless a name or `of` follows; `2 eggs + 1 cup
    /// milk` stays two items.
    mutating func addMeasureAfterPlus(to quantity: Quantity, in unit: UnitWord) -> StatedAmount? {
        guard current.kind == .plus || currentIs(.plus), peek().kind == .number || peek().kind == .fraction,
            let first = MeasureUnit.named(lowercased: unit.canonical), let firstFactor = first.factor
        else { return nil }
        let saved = self
        advance()  // + or plus
        guard let more = parseQuantityAndUnit(), more.measure.kind == first.kind,
            let secondFactor = more.measure.factor, startsName(current) || currentIs(.of)
        else {
            self = saved
            return nil
        }
        let whole = SourceRange(quantity.written.range.start, more.quantity.written.range.end)
        guard secondFactor < firstFactor else {
            let value = quantity.value + more.quantity.value * secondFactor / firstFactor
            return StatedAmount(quantity: Quantity(value: value, written: Written(text(whole), whole)), unit: unit)
        }
        let value = quantity.value * firstFactor / secondFactor + more.quantity.value
        return StatedAmount(quantity: Quantity(value: value, written: Written(text(whole), whole)), unit: more.unit)
    }

    /// True for a weight or volume unit spelled at `current` (`g`, `fl oz`): what makes a number
    /// after an article or a times sign the size of the thing (`a 500ml bottle`, `2 x 400g tins`).
    mutating func currentIsMeasure() -> Bool {
        guard let spelled = unitSpelled(current, peek()) else { return false }
        return spelled.unit.kind == .mass || spelled.unit.kind == .volume
    }

    /// `a 500ml bottle of coke`, `a 12 oz steak`: after an article, a number with a weight or volume
    /// unit is the amount and the article goes. Nil (nothing consumed) otherwise (`a 3 egg omelette`).
    mutating func parseStatedSizeAfterArticle() -> Quantity? {
        let saved = self
        advance()  // a, an
        guard let inner = try? parseQuantity(), currentIsMeasure() else {
            self = saved
            return nil
        }
        return inner
    }

    /// The unit `measure` as written over `range`.
    mutating func unitWord(_ measure: MeasureUnit, _ range: SourceRange) -> UnitWord {
        UnitWord(canonical: measure.name, kind: measure.kind, written: Written(text(range), range))
    }

    /// True at `for` or `at` before one of the usual meal words (`for breakfast`, `at lunch`).
    mutating func startsMealPhrase() -> Bool {
        guard currentIs(.`for`) || currentIs(.at) else { return false }
        let next = peek()
        return next.kind == .word && Vocabulary.mealWords.contains { isWord(next, text: $0) }
    }

    /// True at `yesterday` or `today` where an item ends (`log pizza yesterday`): the same as
    /// `on yesterday`. A name that is only the word stays a name (`log today`).
    mutating func startsBareDay() -> Bool {
        guard currentIs(.yesterday) || currentIs(.today) else { return false }
        switch peek().kind {
        case .comma, .dash, .colon, .plus, .newline, .semicolon, .end, .mealTag: return true
        case .word: return isWord(peek(), .and) || isWord(peek(), .at) || isWord(peek(), .`for`)
        default: return false
        }
    }

    /// True when a token can begin an item.
    mutating func startsItem(_ token: Token) -> Bool {
        switch token.kind {
        case .word: return !isWord(token, .and)
        case .number, .fraction, .unicodeFraction, .string: return true
        default: return false
        }
    }

    // modifier = "@" word | ( "for" | "at" ) MEALWORD | "at" TIME | "on" DATE | DAYWORD ;
    /// `afterItem`: right after an item, where a bare `yesterday` or `today` ending it is its day.
    mutating func parseModifiers(into log: inout LogModifiers, allowed: Bool = true, afterItem: Bool = false)
        throws
    {
        // Every modifier begins with a meal tag or a word.
        while current.kind == .mealTag || current.kind == .word {
            if afterItem, startsBareDay() {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if !log.date.isNil { try fail(DiagnosticMessages.duplicateModifier("on", current.range)) }
                log.date = try parseDay()
                continue
            }
            if current.kind == .mealTag {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if !log.meal.isNil { try fail(DiagnosticMessages.duplicateModifier("@meal", current.range)) }
                let range = SourceRange(current.range.start + 1, current.range.end)
                log.meal = Written(text(range), range)
                advance()
            } else if startsMealPhrase() {
                // `2 eggs for breakfast`, `soup at lunch`: the same as `@breakfast`, `@lunch`.
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if !log.meal.isNil { try fail(DiagnosticMessages.duplicateModifier("@meal", current.range)) }
                advance()
                log.meal = Written(text(current.range), current.range)
                advance()
            } else if currentIs(.at), startsTime(peek()) {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if !log.time.isNil { try fail(DiagnosticMessages.duplicateModifier("at", current.range)) }
                advance()
                log.time = try parseTime()
            } else if currentIs(.on), startsDay(peek()) {
                guard allowed else { try failAtCurrent { DiagnosticMessages.modifierNotAllowed($0, $1) } }
                if !log.date.isNil { try fail(DiagnosticMessages.duplicateModifier("on", current.range)) }
                advance()
                log.date = try parseDay()
            } else {
                return
            }
        }
    }

    // item = [ quantity ] [ qualifier ] [ unit ] [ "of" ] name [ multiplier ] [ "(" note ")" ] ;
    /// Reads the item and the note-segment after it (see `item-entry`), so the item is built once.
    mutating func parseItem(joinedByAnd: Bool, joinedByComma: Bool) throws -> Item {
        let start = current.range.start
        let amount: ItemAmount
        if let juice = try parseJuiceOf() {
            amount = juice
        } else {
            amount = try parseAmountAndName()
        }
        var quantity = amount.quantity
        // `espresso x2`, `eggs x 2`: a multiplier after the name.
        if let times = multiplierValue(current) ?? spacedMultiplierValue() {
            let range = SourceRange(current.range.start, isTimesSign(current) ? peek().range.end : current.range.end)
            if isTimesSign(current) { advance() }
            if let counted = quantity {
                let whole = SourceRange(counted.written.range.start, range.end)
                quantity = Quantity(value: counted.value * times, written: Written(text(whole), whole))
            } else {
                quantity = Quantity(value: times, written: Written(text(range), range))
            }
            advance()
        }
        var note = amount.note
        if startsToTaste() {
            // `black pepper to taste`
            let range = SourceRange(current.range.start, peek().range.end)
            advance()
            advance()
            note = Written(text(range), range)
        }
        var unit = amount.unit
        var size = amount.size
        var package = amount.package
        // A stated weight or amount after the name is the item's, in place of what it said.
        func take(_ stated: StatedAmount) {
            quantity = stated.quantity
            unit = stated.unit
            size = nil
            package = nil
        }
        var amountAfterName = false
        if isItemSeparator(current), let stated = parseAmountAfterName(count: quantity, unit: unit, name: amount.name) {
            take(stated)
            amountAfterName = true
        }
        if current.kind == .leftParen {
            if let stated = parseWeightAfterName(count: quantity, unit: unit) {
                take(stated)
            } else {
                note = try parseParenthesisedNote()
            }
        }
        var end = previous.range.end
        if isItemSeparator(current), var segment = scanNoteSegment() {
            // `1 onion, peeled, finely chopped`: later note segments join the first.
            while isItemSeparator(current), let more = scanNoteSegment() {
                let joined = SourceRange(segment.range.start, more.range.end)
                segment = Written(text(joined), joined)
            }
            end = segment.range.end
            if let parenthesised = note {
                let joined = SourceRange(parenthesised.range.start, segment.range.end)
                note = Written(parenthesised.text + ", " + segment.text, joined)
            } else if unit == nil, size == nil, Parser.trailingSizeWords.contains(segment.text.lowercased()),
                let measure = MeasureUnit.named(lowercased: segment.text.lowercased())
            {
                // `sweet tea, large`: a size alone after a comma is the item's size, as after the name.
                unit = unitWord(measure, segment.range)
            } else {
                note = segment
            }
        }
        // `chicken breast, grilled, 200g`: the amount may follow the notes.
        if !amountAfterName, isItemSeparator(current),
            let stated = parseAmountAfterName(count: quantity, unit: unit, name: amount.name)
        {
            take(stated)
            end = previous.range.end
        }
        let range = SourceRange(start, end)
        return Item(
            written: Written(text(range), range), quantity: quantity, unit: unit, name: amount.name, note: note,
            joinedByAnd: joinedByAnd, size: size, joinedByComma: joinedByComma, package: package)
    }

    /// `1 chicken breast (200g)`, `2 slices of bread (about 80 g)`, `2 eggs (50 g each)`: a weight
    /// or volume in parentheses after the name is what the item weighed (with `each`, what each
    /// one counted did), as weighing it is more exact than counting it. A weight is kept over a
    /// volume (`1 cup flour (125g)`); an item already weighed keeps its weight and the
    /// parenthesis is a note (`200g rice (1 cup)`). Nil, nothing consumed, when the parenthesis
    /// is no such amount.
    mutating func parseWeightAfterName(count: Quantity?, unit: UnitWord?) -> StatedAmount? {
        if let unit, unit.kind == .mass { return nil }
        let saved = self
        let open = current.range.start
        advance()  // (
        skipApproximation()  // `(about 120g)`
        guard let inner = try? parseQuantity(), inner.value > 0, let spelled = unitSpelled(current, peek()),
            spelled.unit.kind == .mass || (spelled.unit.kind == .volume && unit?.kind != .volume)
        else {
            self = saved
            return nil
        }
        let (word, each) = parseStatedUnit(spelled)
        guard current.kind == .rightParen else {
            self = saved
            return nil
        }
        advance()  // )
        let range = SourceRange(open, previous.range.end)
        let value = each ? (count?.value ?? 1) * inner.value : inner.value
        return StatedAmount(quantity: Quantity(value: value, written: Written(text(range), range)), unit: word)
    }

    /// The unit of a stated amount after the name, consumed, and whether `each` followed it
    /// (`(50 g each)`).
    mutating func parseStatedUnit(_ spelled: SpelledUnit) -> (unit: UnitWord, each: Bool) {
        let unitEnd = spelled.words == 2 ? peek().range.end : current.range.end
        let word = unitWord(spelled.unit, SourceRange(current.range.start, unitEnd))
        for _ in 0..<spelled.words { advance() }
        let each = currentIs(.each)
        if each { advance() }
        return (word, each)
    }

    /// `toast - 2 slices`, `chicken breast, 200g`, `oats: 50g`: an amount standing alone after a
    /// separator, ending the item, is the amount of the food before it when that food has none,
    /// and its weight (or a volume, where it had no volume) when it was counted
    /// (`1 chicken breast, 200g`), as in ``parseWeightAfterName(count:unit:)``. Energy is no
    /// amount of a food (`2 eggs, 420 kj` is a quick add). Nil, nothing consumed, otherwise.
    /// A `with`/`on` name (`beans on toast, 2 slices`) takes only a weight or volume: which of
    /// its parts a household unit counts is not said.
    mutating func parseAmountAfterName(count: Quantity?, unit: UnitWord?, name: FoodName) -> StatedAmount? {
        guard mayBeAmountAfterName() else { return nil }
        let saved = self
        advance()  // the separator
        skipApproximation()  // `chicken, about 200g`
        guard let inner = try? parseQuantity(), inner.value > 0, let spelled = unitSpelled(current, peek()),
            spelled.unit.kind != .energy,
            // `2 eggs, 200g rice`: an amount followed by a name begins the next item; `skyr, 150g
            // pot` says the package it came in.
            spelled.words == 2 || !startsName(peek()) || isWord(peek(), .each) || endsWithPackageWord()
        else {
            self = saved
            return nil
        }
        let measured = spelled.unit.kind == .mass || spelled.unit.kind == .volume
        let unsaid =
            count == nil && unit == nil
            && (measured
                || !name.text.split(separator: " ").dropFirst().contains {
                    Vocabulary.jointWords.contains($0.lowercased())
                })
        let weighs = spelled.unit.kind == .mass && unit?.kind != .mass
        let measures = spelled.unit.kind == .volume && unit?.kind != .volume && unit?.kind != .mass
        guard unsaid || weighs || measures else {
            self = saved
            return nil
        }
        let (word, each) = parseStatedUnit(spelled)
        if spelled.unit.isMeasure, current.kind == .word, endsWithPackageWord(at: current) { advance() }
        guard endsItem(current) else {
            self = saved
            return nil
        }
        guard each, let count else { return StatedAmount(quantity: inner, unit: word) }
        let range = SourceRange(count.written.range.start, previous.range.end)
        return StatedAmount(
            quantity: Quantity(value: count.value * inner.value, written: Written(text(range), range)), unit: word)
    }

    /// True when the token after the measure at `current` is a package word that ends the item
    /// (`pot` of `150g pot`); `at` asks of that token itself.
    mutating func endsWithPackageWord(at token: Token? = nil) -> Bool {
        var lookahead = lexer  // stands after the peeked token
        let package = token ?? peek()
        let after = token == nil ? lookahead.next() : peek()
        guard package.kind == .word, let measure = MeasureUnit.named(lowercased: lowercasedWord(package)),
            measure.isPackage
        else { return false }
        return endsItem(after)
    }

    /// False when what follows the separator at `current` is a number, a word and another word
    /// (`, 200g rice`): the next item, told from the bytes before the parser reads them (most
    /// items after a comma are such). True for anything else, which
    /// ``parseAmountAfterName(count:unit:name:)`` reads: `each` after the unit (`, 50g each`) and
    /// a unit of two words (`, 8 fl oz`) among them.
    mutating func mayBeAmountAfterName() -> Bool {
        let number = peek()
        guard number.kind == .number else { return true }
        let bytes = lexer.bytes
        let isLetter = Lexer.isWordStart
        var index = number.range.end
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let unitStart = index
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        let unit = SourceRange(unitStart, index)
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        guard unit.length > 0, index < bytes.count, isLetter(bytes[index]) else { return true }
        var end = index
        while end < bytes.count, isLetter(bytes[end]) { end += 1 }
        let next = WordKey(bytes, SourceRange(index, end))
        var after = end
        while after < bytes.count, bytes[after] == 0x20 { after += 1 }
        if next == Parser.eachKey || next == Parser.andKey || Parser.twoWordUnitStarts.contains(WordKey(bytes, unit)) {
            return true
        }
        // `skyr, 150g pot`: a package word that ends the item is the amount's package.
        guard after == bytes.count || [0x2C, 0x0A, 0x0D, 0x3B, 0x40].contains(bytes[after]) else { return false }
        return MeasureUnit.named(lowercased: String(decoding: bytes[index..<end], as: UTF8.self).lowercased())?
            .isPackage == true
    }

    /// What an item says before its notes: quantity, size, unit, name and the package word a
    /// stated amount replaced.
    struct ItemAmount {
        var quantity: Quantity?
        var size: UnitWord?
        var unit: UnitWord?
        var name: FoodName
        var package: UnitWord?
        /// Preparation words after an amount that follows the name (`quinoa 150g cooked`).
        var note: Written? = nil
    }

    // [ quantity ] [ qualifier ] [ unit ] [ "of" ] name, or name [ quantity unit ]
    mutating func parseAmountAndName() throws -> ItemAmount {
        // `i had a banana`, `ate 2 slices of pizza`: the words saying it was eaten go, while a
        // name or an amount follows them.
        while isDiaryVerb(current), startsName(peek()) || peek().kind == .number || peek().kind == .fraction {
            advance()
        }
        skipApproximation()  // `about 100g chicken`
        // `some rice`, `some of the lasagne`: `some` says no amount (the food's usual serving),
        // and so do `loads of`, `lots of`, `a lot of`, `a load of`, `plenty of`.
        if currentIs(.some), startsName(peek()) {
            advance()
            if currentIs(.of), startsName(peek()) { advance() }
        } else if let words = unsaidAmountWords(), words > 0 {
            for _ in 0..<words { advance() }
        }
        var quantity = startsPartCount() ? nil : try parseQuantity()
        // `a 10 piece chicken nuggets`, `a 6 pc wings`: the order is one, its count the number.
        if let article = quantity, article.value == 1, isWord(previous, .a) || isWord(previous, .an),
            current.kind == .number, isPieceCountWord(peek())
        {
            quantity = try parseQuantity()
        }
        // `a couple of slices of turkey`, `a few of the biscuits`: the `of` of `couple` or `few`
        // goes, so a unit may follow it.
        if !quantity.isNil, currentIs(.of), isWord(previous, .couple) || isWord(previous, .few),
            startsName(peek())
        {
            advance()
        }
        var size: UnitWord?
        var unit: UnitWord?
        var package: UnitWord?
        // Each reader returns nil at once for most items. Not chained with `??`: that destroyed
        // every nil through the runtime's type metadata (~100 instructions each).
        if current.kind == .leftParen, let count = quantity, let stated = parsePackageSize(count: count) {
            (quantity, unit, package) = (stated.quantity, stated.unit, stated.package)
        } else if let count = quantity, let stated = parseUnitThenPackageSize(count: count) {
            (quantity, unit, package) = (stated.quantity, stated.unit, stated.package)
        } else if let count = quantity, let stated = parseMeasureAndEquivalent(count: count) {
            (quantity, unit) = (stated.quantity, stated.unit)
        } else if let stated = parseHyphenedSize(count: quantity) {
            (quantity, unit, package) = (stated.quantity, stated.unit, stated.package)
        }
        if unit.isNil, size.isNil { skipStressedWhole() }
        let quantityRange = quantity?.written.range
        // `4 large (10-inch) flour tortillas`: a size before a parenthesis is the item's size.
        if unit.isNil, !quantity.isNil, current.kind == .word, peek().kind == .leftParen,
            let measure = MeasureUnit.named(lowercased: lowercasedWord(current)), measure.isSize
        {
            unit = unitWord(measure, current.range)
            advance()
        }
        if unit.isNil, current.kind == .word, !currentIs(.of) {
            let spelled = unitSpelled(current, peek())
            // A qualifier needs a word after it (see parseUnitQualifier): most items have none.
            if peek().kind == .word, spelled?.unit.isSize == true || (spelled == nil && isUnitQualifierWord(current)) {
                size = parseUnitQualifier(lowercasedWord(current))
            }
            // After a qualifier the unit is the next word, looked up afresh.
            let qualified = !size.isNil
            unit = try parseUnit(
                afterQuantity: quantityRange, qualified: qualified,
                spelled: qualified ? unitSpelled(current, peek()) : spelled)
            if let count = quantity, let measure = unit, measure.kind == .mass || measure.kind == .volume {
                if let added = addSmallerMeasure(to: count, in: measure) {
                    (quantity, unit) = (added.quantity, added.unit)
                } else if let added = addMeasureAfterPlus(to: count, in: measure) {
                    (quantity, unit) = (added.quantity, added.unit)
                }
                package = skipPackageWord()  // `400g tins chopped tomatoes`, `500ml bottle of coke`
            }
        }
        if !quantityRange.isNil || !unit.isNil, currentIs(.of) { advance() }
        // `8 (6-inch) corn tortillas`, `1 (¼-ounce) packet yeast`: a parenthesis after the amount
        // that states no package size describes the food; it is a note.
        var describing: Written?
        if !quantity.isNil || !unit.isNil, current.kind == .leftParen {
            describing = try parseParenthesisedNote()
            if unit.isNil, current.kind == .word, !currentIs(.of),
                let spelled = unitSpelled(current, peek()), spelled.unit.kind == .household
            {
                unit = try parseUnit(afterQuantity: quantityRange, qualified: false, spelled: spelled)
            }
            if currentIs(.of) { advance() }
        }
        // `1 tsp each salt and pepper`: the amount is each one's; the word goes.
        if !quantity.isNil, !unit.isNil, currentIs(.each), startsName(peek()) { advance() }
        let amountFirst = !quantity.isNil || !unit.isNil || !size.isNil
        var name = try parseFoodName(trailingAmount: !amountFirst)
        // `4 boneless, skinless chicken breasts`, `2 cups peeled and cubed sweet potato`: a name
        // of preparation words alone goes on after its comma or `and`, when a name follows.
        while amountFirst, current.kind == .comma || currentIs(.and), !name.quoted, name.isFaithful,
            name.text.split(separator: " ").allSatisfy({ Vocabulary.isPreparationWord($0.lowercased()) }),
            peek().kind == .word, startsName(peek())
        {
            advance()
            let more = try parseFoodName(trailingAmount: false)
            let range = name.range.union(more.range)
            name = FoodName(text: text(range), quoted: false, range: range)
        }
        var trailingNote: Written?
        if !amountFirst, let trailing = try parseTrailingAmount() {
            // `greek yogurt 1 cup`, `rice 200g`: the amount after the name.
            quantity = trailing.quantity
            unit = trailing.unit
            trailingNote = trailing.note
        } else if !amountFirst, let (trimmed, sizeWord) = trailingSize(of: name) {
            // `cappuccino large`, `fries small`: a size after the name, as diary apps list it.
            name = trimmed
            unit = sizeWord
        }
        if let describing {
            trailingNote =
                trailingNote.map { Written(describing.text + ", " + $0.text, describing.range.union($0.range)) }
                ?? describing
        }
        return ItemAmount(
            quantity: quantity, size: size, unit: unit, name: name, package: package, note: trailingNote)
    }

    /// A name of two or more words whose last word is a size (``trailingSizeWords``), split into
    /// the name before it and that size; nil for any other name or one not spelled as written.
    mutating func trailingSize(of name: FoodName) -> (FoodName, UnitWord)? {
        guard !name.quoted, name.isFaithful, let space = name.text.lastIndex(of: " ") else { return nil }
        let last = name.text[name.text.index(after: space)...].lowercased()
        guard Parser.trailingSizeWords.contains(last), let measure = MeasureUnit.named(lowercased: last) else {
            return nil
        }
        let front = String(name.text[..<space])
        let sizeStart = name.range.end - last.utf8.count
        let trimmed = FoodName(
            text: front, quoted: false, range: SourceRange(name.range.start, name.range.start + front.utf8.count))
        return (trimmed, unitWord(measure, SourceRange(sizeStart, name.range.end)))
    }

    /// The sizes a diary app may list after the name (``trailingSize(of:)``).
    static let trailingSizeWords: Set<String> = [
        "small", "medium", "large", "regular", "med", "lg", "tall", "grande", "venti",
    ]

    /// `juice of half a lemon`, `the juice of 2 limes`: the fruit's juice (name `lemon juice`), that
    /// many of the fruit's juice yield (unit `fruit`, written `lemon`: the table's `lemon yields`
    /// or `fruit yields` portion). `zest of 1 orange` is the fruit's zest the same way (name
    /// `orange zest`, unit `fruit`: what one fruit's rind grates to). Words saying how may come
    /// first (`the finely grated zest of`, ``Vocabulary/juiceOfLeads``). Only a one-word fruit
    /// ending the item; nil (nothing consumed) otherwise, and the words stay a name.
    mutating func parseJuiceOf() throws -> ItemAmount? {
        guard atJuiceOfLead() || currentIs(.juice) || currentIs(.zest) else { return nil }
        let saved = self
        while atJuiceOfLead() { advance() }
        guard currentIs(.juice) || currentIs(.zest), isWord(peek(), .of) else {
            self = saved
            return nil
        }
        let part = currentIs(.juice) ? "juice" : "zest"
        advance()  // juice or zest
        advance()  // of
        guard let count = try parseQuantity(), current.kind == .word, !currentIs(.and), !currentIs(.of),
            endsItem(peek())
        else {
            self = saved
            return nil
        }
        let fruit = current
        advance()
        let written = Written(text(fruit.range), fruit.range)
        let name = FoodName(text: written.text + " " + part, quoted: false, range: fruit.range)
        let fruitUnit = UnitWord(canonical: "fruit", kind: .household, written: written)
        return ItemAmount(quantity: count, size: nil, unit: fruitUnit, name: name, package: nil)
    }

    /// Skips `whole` (or `the whole`) before a household unit and `of`, which only stresses the
    /// unit: `a whole tin of soup`, `the whole bag of doritos` are one tin, one bag.
    mutating func skipStressedWhole() {
        let words: Int
        if isWord(current, text: "whole") {
            words = 1
        } else if currentIs(.the), isWord(peek(), text: "whole") {
            words = 2
        } else {
            return
        }
        var lookahead = lexer  // stands after the peeked token
        let unitToken = words == 1 ? peek() : lookahead.next()
        let after = lookahead.next()
        guard unitToken.kind == .word, isWord(after, .of),
            MeasureUnit.named(lowercased: text(unitToken).lowercased())?.kind == .household
        else { return }
        for _ in 0..<words { advance() }
    }

    /// True at a number before a word of ``Vocabulary/partCountWords`` and a name (`2 finger kit
    /// kat`): one food of that description, whose name starts at the number.
    mutating func startsPartCount() -> Bool {
        guard current.kind == .number, isPartCountWord(peek()) else { return false }
        var lookahead = lexer  // stands after the peeked token
        let after = lookahead.next()
        return startsName(after) && !isWord(after, .of)
    }

    /// True at `the` or a word saying how before `juice of` or `zest of` (`finely grated`,
    /// `freshly squeezed`, ``Vocabulary/juiceOfLeads``).
    func atJuiceOfLead() -> Bool {
        currentIs(.the) || Vocabulary.juiceOfLeads.contains(where: { isWord(current, text: $0) })
    }

    /// How many words at `current` say a large but unsaid amount before `of` and a name (`loads
    /// of`, `lots of`: 2; `a lot of`, `a load of`: 3); nil for none. The food's usual serving is
    /// logged, as for `some`.
    mutating func unsaidAmountWords() -> Int? {
        guard current.kind == .word, current.range.length <= 6 else { return nil }
        if Vocabulary.plentyWords.contains(where: { isWord(current, text: $0) }), isWord(peek(), .of) {
            var lookahead = lexer  // stands after the peeked `of`
            return startsName(lookahead.next()) ? 2 : nil
        }
        guard isWord(current, .a), isWord(peek(), text: "lot") || isWord(peek(), text: "load") else { return nil }
        var lookahead = lexer  // stands after the peeked `lot`
        guard isWord(lookahead.next(), .of), startsName(lookahead.next()) else { return nil }
        return 3
    }

    /// True for a word that counts pieces in a chain's order (`10 piece`, `6 pc`).
    mutating func isPieceCountWord(_ token: Token) -> Bool {
        Vocabulary.pieceCountWords.contains(where: { isWord(token, text: $0) })
    }

    /// True for a token that ends an item: a separator, the end of the statement, a meal tag, a
    /// note in parentheses or `and`.
    mutating func endsItem(_ token: Token) -> Bool {
        switch token.kind {
        case .comma, .dash, .colon, .plus, .newline, .semicolon, .end, .mealTag, .leftParen, .rightBracket:
            return true
        case .word: return isWord(token, .and)
        default: return false
        }
    }

    /// True at `to taste`.
    mutating func startsToTaste() -> Bool { currentIs(.to) && isWord(peek(), .taste) }

    /// True for an item `to taste` with no amount (`salt, to taste`, `pepper to taste`): the
    /// resolver weighs it as a pinch, not its usual serving (a teaspoon of salt is a day's sodium).
    public static func isToTaste(_ item: Item) -> Bool {
        item.quantity.isNil && item.unit.isNil && item.size.isNil && item.note?.text.lowercased() == "to taste"
    }

    /// The value of a multiplier word, `x2`, `X3`, `×2` (also a bare `x`/`×` after a number,
    /// which ``parseQuantity()`` reads); nil for any other token.
    mutating func multiplierValue(_ token: Token) -> Double? {
        guard token.kind == .word, token.range.length >= 2 else { return nil }
        let bytes = lexer.bytes
        var index = token.range.start
        if bytes[index] == 0x78 || bytes[index] == 0x58 {
            index += 1
        } else if bytes[index] == 0xC3, index + 1 < token.range.end, bytes[index + 1] == 0x97 {
            index += 2  // ×
        } else {
            return nil
        }
        guard index < token.range.end else { return nil }
        var value = 0.0
        while index < token.range.end {
            let byte = bytes[index]
            guard Lexer.isDigit(byte), value < 1_000_000 else { return nil }
            value = value * 10 + Double(byte - 0x30)
            index += 1
        }
        return value > 0 ? value : nil
    }

    /// True at `x 2` (`x`, `X` or `×`, then a whole number) ending the item: `eggs x 2`.
    mutating func startsSpacedMultiplier() -> Bool {
        guard isTimesSign(current), peek().kind == .number, peek().value >= 1, peek().value == peek().value.rounded()
        else { return false }
        var lookahead = lexer  // stands after the peeked number
        return endsItem(lookahead.next())
    }

    /// The number of a multiplier written apart (`x 2`) at ``startsSpacedMultiplier()``; nil
    /// elsewhere.
    mutating func spacedMultiplierValue() -> Double? {
        startsSpacedMultiplier() ? peek().value : nil
    }

    /// True for `x`, `X` or `×` alone.
    mutating func isTimesSign(_ token: Token) -> Bool {
        guard token.kind == .word else { return false }
        if token.range.length == 1 { return lexer.bytes[token.range.start] | 0x20 == 0x78 }
        return token.range.length == 2 && lexer.bytes[token.range.start] == 0xC3
            && lexer.bytes[token.range.start + 1] == 0x97
    }

    // qualifier = size-word | "big" | "little" | "heaped" | "heaping" | "rounded" | "level" | "scant" ;   before a unit
    /// A size or spoon adjective that qualifies the unit after it (`2 small tins`, `1 heaped
    /// tsp`); consumed only when a unit and then a name follow. A size with no unit after it is
    /// the unit itself (`a large egg`), read by ``parseUnit(afterQuantity:qualified:spelled:)``.
    mutating func parseUnitQualifier(_ firstWord: String) -> UnitWord? {
        // A qualifier needs a unit word after it.
        guard peek().kind == .word else { return nil }
        let first = current
        let isAdjustment = MeasureUnit.spoonAdjustment(lowercased: firstWord) != nil
        let everydaySize = MeasureUnit.qualifierSizes[firstWord]
        guard
            isAdjustment || !everydaySize.isNil || MeasureUnit.named(lowercased: firstWord)?.isSize == true
                || MeasureUnit.firstWordsOfTwoWordUnits.contains(firstWord)
        else { return nil }
        let second = peek()
        var lookahead = lexer  // stands after the peeked token
        var ahead = [first, second]
        for _ in 0..<3 { ahead.append(lookahead.next()) }
        var qualifierWords = 1
        var canonical = everydaySize ?? firstWord
        if !isAdjustment, everydaySize == nil {
            guard let size = unitSpelled(ahead[0], ahead[1]), size.unit.isSize else { return nil }
            qualifierWords = size.words
            canonical = size.unit.name
        }
        guard let spelled = unitSpelled(ahead[qualifierWords], ahead[qualifierWords + 1]), !spelled.unit.isSize,
            spelled.unit.kind == .volume || spelled.unit.kind == .household
        else { return nil }
        if isAdjustment, spelled.unit.kind != .volume, spelled.unit.name != "spoonful" { return nil }
        let after = ahead[qualifierWords + spelled.words]
        guard after.kind == .word || after.kind == .string || after.kind == .number, !isWord(after, .and) else {
            return nil
        }
        let end = ahead[qualifierWords - 1].range.end
        for _ in 0..<qualifierWords { advance() }
        let range = SourceRange(first.range.start, end)
        return UnitWord(canonical: canonical, kind: .household, written: Written(text(range), range))
    }

    /// The unit spelled by `first` (with `next`, for `fl oz`, `extra large`) and how many words
    /// it takes; nil when `first` spells none.
    mutating func unitSpelled(_ first: Token, _ next: Token) -> SpelledUnit? {
        guard first.kind == .word else { return nil }
        if next.kind == .word, startsTwoWordUnit(first), let twoWords = unitNamed(first, then: next) {
            return SpelledUnit(unit: twoWords, words: 2)
        }
        // `T` and `t` are spoons only in that case (checked on the byte: no copy of `g`).
        if first.range.length == 1, lexer.bytes[first.range.start] == 0x54 || lexer.bytes[first.range.start] == 0x74 {
            return MeasureUnit.written(text(first)).map { SpelledUnit(unit: $0, words: 1) }
        }
        return unitNamed(first).map { SpelledUnit(unit: $0, words: 1) }
    }

    /// A unit and how many words spell it (`g` 1, `fl oz` 2).
    struct SpelledUnit {
        var unit: MeasureUnit
        var words: Int
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
            value = rangeMiddle(from: value)
        case .fraction, .unicodeFraction:
            value = current.value
            advance()
            value = rangeMiddle(from: value)
        case .word:
            if let times = multiplierValue(current), startsName(peek()) {
                advance()  // `x2 espresso`
                let range = SourceRange(start, previous.range.end)
                return Quantity(value: times, written: Written(text(range), range))
            }
            guard let wordValue = quantityWordValue(current) else { return nil }
            // A lone quantity word is a name ("log a"), so look ahead before committing.
            let next = peek()
            guard
                next.kind == .word || next.kind == .string || next.kind == .number || next.kind == .fraction
                    || next.kind == .unicodeFraction
            else { return nil }
            if isWord(next, .and) {
                // `one and a half cups` goes on; `a and b` are two names.
                var lookahead = lexer  // stands after the peeked `and`
                let first = lookahead.next()
                guard halfAfterAnd(first, lookahead: lookahead) != nil else { return nil }
            }
            if next.kind == .number || next.kind == .fraction || next.kind == .unicodeFraction,
                currentIs(.a) || currentIs(.an), let stated = parseStatedSizeAfterArticle()
            {
                return stated
            }
            // `half of guinness` is the unit `half`, as `a half of lager` is (a UK half pint of a
            // beer; else half the food's natural unit); `half of a pizza` stays a quantity.
            if currentIs(.half), isWord(next, .of) {
                var lookahead = lexer  // stands after the peeked `of`
                let after = lookahead.next()
                if !(isWord(after, .a) || isWord(after, .an) || isWord(after, .the)) { return nil }
            }
            value = wordValue
            let isHalf = currentIs(.half)
            let isArticle = currentIs(.a) || currentIs(.an)
            advance()
            if isHalf, currentIs(.a) || currentIs(.an) {
                advance()
            } else if isArticle, currentIs(.half), !isWord(peek(), .of) {
                // `a half pint`; but `a half of lager` is one half (a UK half pint), the unit.
                value = 0.5
                advance()
            } else if isArticle, currentIs(.couple) || currentIs(.few), startsName(peek()) || peek().kind == .number {
                // `a couple of eggs` is 2, `a few almonds` 3, as `couple` and `few` alone are.
                value = quantityWordValue(current) ?? value
                advance()
            } else if !isHalf, let part = fractionWord() {
                value *= part  // `a quarter cup`, `three quarters of a cup`
            }
        default:
            return nil
        }
        if currentIs(.and), let half = andAHalf() {
            value += half  // `1 and a half cups`, `two and 1/2 cups`
        }
        if value < 1, currentIs(.a) || currentIs(.an), startsName(peek()) {
            advance()  // `1/2 a cup`, `¼ a teaspoon`, `1/2 a chicken breast`, as `half a cup`
        }
        // `3x espresso`, `2 x coffee`: a times sign after the number.
        if isTimesSign(current), startsName(peek()) {
            advance()
        } else if isTimesSign(current), peek().kind == .number || peek().kind == .fraction {
            // `2 x 400g tins`: that many of a stated weight or volume.
            let saved = self
            advance()
            if let each = try? parseQuantity(), currentIsMeasure() {
                value *= each.value
            } else {
                self = saved
            }
        }
        if currentIs(.dozen), peek().kind == .word || peek().kind == .string {
            value *= 12
            advance()
        }
        let range = SourceRange(start, previous.range.end)
        return Quantity(value: value, written: Written(text(range), range))
    }

    /// At `and` after a whole quantity: `and a half` (0.5) or `and` a fraction (`and 1/2`, `and
    /// ½`), when a name or unit follows; consumed then. Otherwise nil: `and` separates items.
    mutating func andAHalf() -> Double? {
        let next = peek()
        guard let value = halfAfterAnd(next, lookahead: lexer) else { return nil }
        advance()  // and
        if isWord(next, .a) || isWord(next, .an) { advance() }
        advance()  // half, or the fraction
        return value
    }

    /// At a fraction word after a count word, when a unit or `of a` follows (`a quarter cup of
    /// oats`, `two thirds of a cup`, `a quarter of the pizza`): consumes it and the `of a`,
    /// and returns its value. Otherwise nil, and the word stays in the name: `a quarter pounder`,
    /// and `a quarter pound burger` (a weight names a dish unless `of` follows).
    mutating func fractionWord() -> Double? {
        guard current.kind == .word, current.range.length <= 8,
            let part = Vocabulary.fractionWords[lowercasedWord(current)]
        else { return nil }
        let next = peek()
        var lookahead = lexer  // stands after `next`
        if isWord(next, .of) {
            let article = lookahead.next()
            guard isWord(article, .a) || isWord(article, .an) || isWord(article, .the) else { return nil }
            advance()  // the fraction word
            advance()  // of
            advance()  // a, an or the
            return part
        }
        guard next.kind == .word, let unit = unitNamed(next) else { return nil }
        if unit.kind == .mass, !isWord(lookahead.next(), .of) { return nil }
        advance()  // the fraction word
        return part
    }

    /// The value of `a half` or a fraction starting at `first` (the token after an `and`, with
    /// `lookahead` standing after it) when a name or unit follows; nil otherwise.
    mutating func halfAfterAnd(_ first: Token, lookahead: Lexer) -> Double? {
        var lookahead = lookahead
        let value: Double
        if isWord(first, .a) || isWord(first, .an) {
            guard isWord(lookahead.next(), .half) else { return nil }
            value = 0.5
        } else if first.kind == .fraction || first.kind == .unicodeFraction, first.value < 1 {
            value = first.value
        } else {
            return nil
        }
        return startsName(lookahead.next()) ? value : nil
    }

    /// True for a token a name (or a unit) may start with.
    mutating func startsName(_ token: Token) -> Bool {
        (token.kind == .word && !isWord(token, .and)) || token.kind == .string || isLeanRatio(token)
    }

    /// True for a fraction that is a lean-to-fat ratio of ground meat (`85/15`, `80/20`): its
    /// two numbers make 100, and it is part of the name (`1 lb 85/15 ground beef`).
    mutating func isLeanRatio(_ token: Token) -> Bool {
        guard token.kind == .fraction else { return false }
        let parts = text(token).split(separator: "/").compactMap { Int($0) }
        return parts.count == 2 && parts[0] + parts[1] == 100 && parts[0] >= 50
    }

    mutating func quantityWordValue(_ token: Token) -> Double? {
        guard token.kind == .word, token.range.length <= 6 else { return nil }
        return Vocabulary.quantityValues[lowercasedWord(token)]
    }

    // unit = unit-word | "fl" "oz" | "fluid" ( "ounce" | "ounces" ) | "extra" "large" | word-before-of ;
    /// The unit at `current`, consumed only when a name (or `of`) follows it. `qualified` says a
    /// size or spoon adjective stood before it (then it needs no quantity); `spelled` is what
    /// ``unitSpelled(_:_:)`` found for the current token (the caller has looked it up).
    mutating func parseUnit(afterQuantity quantity: SourceRange?, qualified: Bool, spelled: SpelledUnit?)
        throws -> UnitWord?
    {
        let first = current
        let next = peek()
        guard let spelled else {
            if let guessed = guessedUnit(first, afterQuantity: quantity) { return guessed }
            try checkUnknownUnit(first, afterQuantity: quantity)
            return misspelledUnit(first, afterQuantity: quantity)
        }
        let unit = spelled.unit
        let consumed = spelled.words
        let end = consumed == 2 ? next.range.end : first.range.end
        // A unit must be followed by a name (or "of"); otherwise the word is the name itself.
        var after = next
        if consumed == 2 {
            var lookahead = lexer  // stands after the peeked token
            after = lookahead.next()
        }
        // `1 tbsp + 1 tsp olive oil`: a measure may be followed by `+` and more of it.
        let plusMore =
            (after.kind == .plus || isWord(after, .plus)) && !quantity.isNil && unit.isMeasure
            && measureFollowsPlus(plusAhead: consumed == 2)
        guard after.kind == .word || after.kind == .string || after.kind == .number || plusMore || isLeanRatio(after)
        else { return nil }
        // A size may stand without a quantity ("a large egg", "large eggs").
        if quantity.isNil, !qualified, !isWord(after, .of), unit.size?.standsAlone != true { return nil }
        if isWord(after, .and) { return nil }
        if unit.onlyBeforeOf, !isWord(after, .of) { return nil }
        // `1 whole wheat tortilla`, `2 whole grain waffles`: `whole` begins the food's name.
        if unit.name == "whole", Vocabulary.wholeCompounds.contains(where: { isWord(after, text: $0) }) { return nil }
        for _ in 0..<consumed { advance() }
        return unitWord(unit, SourceRange(first.range.start, end))
    }

    /// `1 punnet of strawberries`: after a quantity, a word before `of` that is no unit and no
    /// near misspelling of one (those are `unknown-unit`) is taken as a household unit named by
    /// itself; the resolver looks for a portion of that name. Only words of three or more
    /// letters with a vowel qualify (`2 xyz of milk` stays an error).
    mutating func guessedUnit(_ word: Token, afterQuantity quantity: SourceRange?) -> UnitWord? {
        guard !quantity.isNil, word.range.length >= 3, word.range.length <= 16, isWord(peek(), .of) else {
            return nil
        }
        var hasVowel = false
        for byte in lexer.bytes[word.range.start..<word.range.end] {
            let lower = byte | 0x20
            guard lower >= 0x61, lower <= 0x7A else { return nil }
            if lower == 0x61 || lower == 0x65 || lower == 0x69 || lower == 0x6F || lower == 0x75 { hasVowel = true }
        }
        guard hasVowel else { return nil }
        let spelled = lowercasedWord(word)
        guard Suggestions.nearestUnit(to: spelled, in: MeasureUnit.allSpellings, maximumDistance: 2) == nil else {
            return nil
        }
        var lookahead = lexer  // stands after the peeked `of`
        guard startsName(lookahead.next()) else { return nil }
        advance()
        return UnitWord(canonical: spelled, kind: .household, written: Written(text(word), word.range))
    }

    /// `a handfull of nuts`, `a tablespon of honey`: after a quantity word (`a`, `one`, `half`:
    /// after a number such a word is the error `unknown-unit`), a word of six or more letters
    /// before `of` one letter from a unit's spelling is that unit, its spelling shown as
    /// assumed by the resolver (the unit's written word is no spelling of it). Shorter words
    /// are too near other words to guess (`a dish of` is no dash, `a load of` no loaf), but for
    /// two letters swapped, which makes no other word (`a peice of`, `a bolw of`).
    mutating func misspelledUnit(_ word: Token, afterQuantity quantity: SourceRange?) -> UnitWord? {
        guard let quantity, quantity.length > 0, lexer.bytes[quantity.start] >= 0x41,
            lexer.bytes[quantity.start] < 0x80, word.kind == .word, word.range.length >= 4, isWord(peek(), .of)
        else { return nil }
        let spelled = lowercasedWord(word)
        let near =
            word.range.length >= 6
            ? Suggestions.nearestUnit(to: spelled, in: MeasureUnit.allSpellings, maximumDistance: 1)
            : MeasureUnit.allSpellings.first { Parser.isSwap(spelled, of: $0) }
        guard let near, let unit = MeasureUnit.named(lowercased: near), !unit.isSize else { return nil }
        var lookahead = lexer  // stands after the peeked `of`
        guard startsName(lookahead.next()) else { return nil }
        advance()
        return unitWord(unit, word.range)
    }

    /// True when `word` is `spelling` with two neighbouring letters swapped (`peice`, `piece`).
    static func isSwap(_ word: String, of spelling: String) -> Bool {
        let a = Array(word.utf8)
        let b = Array(spelling.utf8)
        guard a.count == b.count, a != b, let first = a.indices.first(where: { a[$0] != b[$0] }), first + 1 < a.count
        else { return false }
        return a[first] == b[first + 1] && a[first + 1] == b[first] && a[(first + 2)...] == b[(first + 2)...]
    }

    /// Reports `2 cupz of milk` and `150 gx rice`: a word in a unit's place that is no unit.
    mutating func checkUnknownUnit(_ word: Token, afterQuantity quantity: SourceRange?) throws {
        guard let quantity, quantity.length > 0,
            lexer.bytes[quantity.start] < 0x41 || lexer.bytes[quantity.start] >= 0x80
        else { return }
        let glued = !word.spaceBefore
        guard glued || word.range.length <= 3 || peek().kind == .word else { return }
        let next = peek()
        let followedByOf = isWord(next, .of)
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
    /// `trailingAmount`: an item's name with no amount before it, which stops at an amount that
    /// ends the item (`greek yogurt 1 cup`, see ``parseTrailingAmount()``).
    mutating func parseFoodName(stopWords: [Keyword] = [], limited: Bool = true, trailingAmount: Bool = false)
        throws -> FoodName
    {
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
        while current.kind == .word || current.kind == .number || isLeanRatio(current) {
            if currentIs(.and) { break }
            if stopWords.contains(where: { currentIs($0) }) { break }
            if currentIs(.at), startsTime(peek()) { break }
            if currentIs(.on), startsDay(peek()) { break }
            if words > 0, startsMealPhrase() || startsBareDay() || startsToTaste() { break }
            if words > 0, !multiplierValue(current).isNil, !startsName(peek()) { break }
            if words > 0, startsSpacedMultiplier() { break }
            if trailingAmount, words > 0, current.kind == .number, startsTrailingAmount() { break }
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
        // `10" pizza`: an inch mark (the lexer's word `"` after a number) is the word `inch`.
        if name.contains("\"") {
            name = name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: " inch")
        }
        return FoodName(text: name, quoted: false, range: range)
    }

    /// True at a number, an optional fraction and a unit that end the item, or are followed only
    /// by preparation words: `1 cup` in `greek yogurt 1 cup`, `200g` in `rice 200g, beans`,
    /// `150g cooked` in `quinoa 150g cooked`. A number without a unit stays in the name (`heinz
    /// 57`); a fraction alone ending the item is a count (`avocado 1/2`).
    mutating func startsTrailingAmount() -> Bool {
        guard current.kind == .number || current.kind == .fraction || current.kind == .unicodeFraction else {
            return false
        }
        var unitToken = peek()
        if current.kind != .number, endsItem(unitToken) { return true }
        var lookahead = lexer  // stands after the peeked token
        if current.kind == .number, unitToken.kind == .fraction || unitToken.kind == .unicodeFraction {
            unitToken = lookahead.next()
        }
        var after = lookahead.next()
        guard unitToken.kind == .word, let spelled = unitSpelled(unitToken, after) else { return false }
        if spelled.words == 2 { after = lookahead.next() }
        while after.kind == .word, isPreparationWord(after) {
            after = lookahead.next()
            // `boiled and drained`: `and` between two preparation words joins them.
            var afterAnd = lookahead
            if isWord(after, .and), case let word = afterAnd.next(), word.kind == .word, isPreparationWord(word) {
                lookahead = afterAnd
                after = word
            }
        }
        return endsItem(after)
    }

    /// The amount after a name, where ``startsTrailingAmount()`` found one, with the
    /// preparation words after it as its note; a fraction alone is a count of the food.
    mutating func parseTrailingAmount() throws -> (quantity: Quantity, unit: UnitWord?, note: Written?)? {
        guard startsTrailingAmount() else { return nil }
        if current.kind != .number, endsItem(peek()), let count = try parseQuantity() {
            return (count, nil, nil)
        }
        guard let read = parseQuantityAndUnit() else { return nil }
        let start = current.range.start
        while current.kind == .word, isPreparationWord(current) {
            advance()
            if currentIs(.and), peek().kind == .word, isPreparationWord(peek()) { advance() }
        }
        guard current.range.start != start else { return (read.quantity, read.unit, nil) }
        let range = SourceRange(start, previous.range.end)
        return (read.quantity, read.unit, Written(text(range), range))
    }

    /// A quantity and the unit after it (`5ml`, `3.5 fl oz`), consumed; nil when no unit follows
    /// the quantity (the caller restores what was consumed).
    mutating func parseQuantityAndUnit() -> MeasuredQuantity? {
        guard let quantity = try? parseQuantity(), let spelled = unitSpelled(current, peek()) else {
            return nil
        }
        let start = current.range.start
        if spelled.words == 2 { advance() }
        let unit = unitWord(spelled.unit, SourceRange(start, current.range.end))
        advance()
        return MeasuredQuantity(quantity: quantity, measure: spelled.unit, unit: unit)
    }

    /// A quantity, the unit after it and that unit's table entry.
    struct MeasuredQuantity {
        var quantity: Quantity
        var measure: MeasureUnit
        var unit: UnitWord
    }

    /// Fails with `name-too-long` when the name's bytes are over ``SaneRanges`` limits: long
    /// names would only cost time (every later step reads the whole name) and never match.
    mutating func checkNameLength(_ range: SourceRange, reportedAt reported: SourceRange) throws {
        // Words stand apart, so a name of fewer bytes than twice the word limit has few enough.
        guard range.length > SaneRanges.nameBytes || range.length >= 2 * SaneRanges.nameWords else { return }
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

    /// True when `at` or `on` (`word`) inside a comma note is part of it: what follows is no
    /// day, time or meal (`skin on`, `on the diagonal`, `at room temperature`).
    mutating func continuesNote(after word: Token, _ next: Token) -> Bool {
        switch next.kind {
        case .word:
            if isWord(word, .on) { return !startsDay(next) }
            return !isWord(next, .noon) && !isWord(next, .midnight)
                && !Vocabulary.mealWords.contains { isWord(next, text: $0) }
        case .comma, .dash, .colon, .newline, .semicolon, .end: return isWord(word, .on)
        default: return false
        }
    }

    /// `, grilled` — looks past the comma: a segment made only of preparation words, ending the
    /// item list or followed by another separator, is a note. Consumes it only when it is one.
    /// A number inside a comma note (`cut into 1 1/2-inch cubes`).
    func isNoteMeasure(_ token: Token) -> Bool {
        token.kind == .number || token.kind == .fraction || token.kind == .unicodeFraction
    }

    /// A length the pieces of a note are cut to (`-inch` of `1/2-inch`, `cm`, `inches`).
    mutating func isPieceLength(_ token: Token) -> Bool {
        var word = lowercasedWord(token)
        if word.hasPrefix("-") { word.removeFirst() }
        if let hyphen = word.firstIndex(of: "-"), word[..<hyphen].allSatisfy(\.isNumber) {
            word = String(word[word.index(after: hyphen)...])
        }
        return ["inch", "inches", "in", "cm", "mm", "thick", "wide", "long"].contains(word)
    }

    mutating func scanNoteSegment() -> Written? {
        var token = peek()
        // Most commas start the next item: decide that before copying the lexer to look further.
        guard token.kind == .word, isPreparationWord(token) else { return nil }
        var lookahead = lexer  // stands after the peeked token
        let start = token.range.start
        var end = start
        while token.kind == .word || isNoteMeasure(token) {
            if isWord(token, .and) {
                // `trimmed and cut into 1 1/2-inch cubes`: `and` a preparation word goes on.
                var after = lookahead
                let next = after.next()
                guard next.kind == .word, isPreparationWord(next) else { break }
            } else if token.kind != .word {
                // `cut into 1 1/2-inch cubes`: a number inside the note is how big the pieces are,
                // followed by more of the number or a length.
                var after = lookahead
                let next = after.next()
                guard isNoteMeasure(next) || (next.kind == .word && isPieceLength(next)) else { return nil }
            } else if isWord(token, .at) || isWord(token, .on) {
                // `skin on`, `sliced on the diagonal`, `at room temperature` go on the note;
                // `on yesterday`, `at lunch`, `at 7pm` end it.
                var after = lookahead
                let next = after.next()
                guard continuesNote(after: token, next) else { break }
            } else {
                guard isPreparationWord(token) || isPieceLength(token) else { return nil }
            }
            end = token.range.end
            token = lookahead.next()
        }
        guard end > start else { return nil }
        switch token.kind {
        case .comma, .dash, .colon, .plus, .newline, .semicolon, .end, .mealTag, .rightBracket: break
        case .word:
            if !isWord(token, .and), !isWord(token, .at), !isWord(token, .on) { return nil }
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
