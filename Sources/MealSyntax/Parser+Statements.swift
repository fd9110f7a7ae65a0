import FoodLogCore

extension Parser {
    // statement = day | log | food | recipe | meal | alias | target | weight | plan
    //           | check | insight | show | chart | top | "undo" ;
    mutating func parseStatement() throws -> StatementKind {
        if atDateLine() { return .date(try parseDay()) }
        guard current.kind == .word else {
            if startsItem(current) {
                try fail(DiagnosticMessages.missingLogKeyword(describe(current), current.range))
            }
            try failAtCurrent { DiagnosticMessages.expectedStatement(found: $0, $1) }
        }
        // `log` begins most statements: the lexer told it, so its text is not copied to be read.
        if currentIs(.log) { return try parseLog() }
        let keyword = lowercasedWord(current)
        switch keyword {
        case "log": return try parseLog()
        case "food": return try parseFood()
        case "recipe": return try parseRecipe()
        case "meal": return try parseMealDefinition()
        case "alias": return try parseAlias()
        case "target": return try parseTarget()
        case "weight": return try parseWeight()
        case "plan": return try parsePlan()
        case "check":
            advance()
            return .check(try parseOptionalPeriod())
        case "insight":
            advance()
            return .insight(try parseOptionalPeriod())
        case "show": return try parseShow()
        case "chart": return try parseChart()
        case "top": return try parseTop()
        case "undo":
            advance()
            return .undo
        default:
            let word = text(current)
            // A short unit spelling next to a keyword is a mistyped keyword (`lg` for `log`).
            let mistypedKeyword =
                word.count <= 2
                && Vocabulary.statementKeywords.contains { Suggestions.editDistance(word, $0, limit: 1) <= 1 }
            if quantityWordValue(current) != nil || (MeasureUnit.named(word) != nil && !mistypedKeyword) {
                try fail(DiagnosticMessages.missingLogKeyword(describe(current), current.range))
            }
            if let keyword = Suggestions.nearest(to: word, in: Vocabulary.statementKeywords) {
                try fail(DiagnosticMessages.unknownStatement(word, suggestion: keyword, current.range))
            }
            try fail(DiagnosticMessages.unknownStatement(word, suggestion: nil, current.range))
        }
    }

    // food = "food" name [ "per" portion ] [ "[" word { "," word } "]" ] "=" nutrient-list ;
    mutating func parseFood() throws -> StatementKind {
        advance()
        let name = try parseFoodName(stopWords: [.per])
        var portion: Portion?
        if accept(.per) { portion = try parsePortion() }
        var tags: [Written] = []
        if current.kind == .leftBracket {
            advance()
            while true {
                let token = try expect(.word, "a tag")
                tags.append(Written(text(token).lowercased(), token.range))
                if current.kind == .comma {
                    advance()
                    continue
                }
                _ = try expect(.rightBracket, "',' or ']'")
                break
            }
        }
        try expectEquals()
        let nutrients = try parseNutrientList()
        return .food(FoodDefinition(name: name, portion: portion, tags: tags, nutrients: nutrients))
    }

    // portion = quantity [ word ] [ "(" amount ")" ] ;
    mutating func parsePortion() throws -> Portion {
        let start = current.range.start
        guard let quantity = try parseQuantity() else {
            try failAtCurrent {
                DiagnosticMessages.expected("an amount such as '100 g' or '1 scoop (30 g)'", found: $0, $1)
            }
        }
        var unit: Written?
        if current.kind == .word, !currentIs(.and) {
            unit = Written(text(current), current.range)
            advance()
        }
        var equivalent: NutrientAmount?
        if current.kind == .leftParen {
            advance()
            equivalent = try parseAmount(requireUnit: true)
            _ = try expect(.rightParen, "')'")
        }
        return Portion(
            quantity: quantity, unit: unit, equivalent: equivalent,
            range: SourceRange(start, previous.range.end))
    }

    // recipe = "recipe" name [ "serves" NUMBER ] "=" item-list ;
    mutating func parseRecipe() throws -> StatementKind {
        advance()
        let name = try parseFoodName(stopWords: [.serves])
        var serves: Quantity?
        if accept(.serves) {
            guard let quantity = try parseQuantity(), quantity.value > 0 else {
                try failAtCurrent { DiagnosticMessages.expected("a number of servings", found: $0, $1) }
            }
            serves = quantity
        }
        try expectEquals()
        var ignored = LogModifiers()
        var items = try parseItemList(modifiers: &ignored, allowModifiers: false)
        for index in items.indices { items[index].isRecipeLine = true }
        return .recipe(RecipeDefinition(name: name, serves: serves, items: items))
    }

    // meal = "meal" name "=" item-list ;
    mutating func parseMealDefinition() throws -> StatementKind {
        advance()
        let name = try parseFoodName(stopWords: [])
        try expectEquals()
        var ignored = LogModifiers()
        let items = try parseItemList(modifiers: &ignored, allowModifiers: false)
        return .meal(MealDefinition(name: name, items: items))
    }

    // alias = "alias" name "=" name ;
    mutating func parseAlias() throws -> StatementKind {
        advance()
        let alias = try parseFoodName(stopWords: [])
        try expectEquals()
        let target = try parseFoodName()
        return .alias(AliasDefinition(alias: alias, target: target))
    }

    // target = "target" nutrient-list { target-scope | "from" day } ;  (each at most once)
    mutating func parseTarget() throws -> StatementKind {
        advance()
        let amounts = try parseNutrientList(stopWords: [.from, .per, .on])
        var scope: (scope: TargetScope, written: String)?
        var from: DayWord?
        while true {
            if from == nil, accept(.from) {
                from = try expectDay()
            } else if currentIs(.per) || currentIs(.on) {
                let start = current.range.start
                let parsed = try parseTargetScope()
                if let scope {
                    try fail(
                        DiagnosticMessages.conflictingTargetScope(
                            parsed.written, first: scope.written, SourceRange(start, previous.range.end)))
                }
                scope = parsed
            } else {
                return .target(amounts, scope: scope?.scope ?? .day, from: from)
            }
        }
    }

    // target-scope = "per" ( "day" | "week" ) | "on" ( "weekends" | "weekdays" ) ;
    /// The days a target is for, as written (`per week`); the singular `weekend`, `weekday` work too.
    mutating func parseTargetScope() throws -> (scope: TargetScope, written: String) {
        let preposition = lowercasedWord(current)
        advance()
        let choices = Vocabulary.targetScopeWords.filter { $0.preposition == preposition }
        let word = current.kind == .word ? lowercasedWord(current) : ""
        guard let choice = choices.first(where: { $0.word == word }) else {
            let found = describe(current)
            let suggestion = word.isEmpty ? nil : Suggestions.nearest(to: word, in: choices.map(\.word))
            try fail(
                DiagnosticMessages.unknownTargetScope(
                    preposition, found: found, suggestion: suggestion,
                    date: current.kind == .date ? text(current) : nil,
                    current.range))
        }
        advance()
        return (choice.scope, "\(preposition) \(choice.word)")
    }

    // weight = "weight" NUMBER [ unit ] [ "on" day ] ;
    mutating func parseWeight() throws -> StatementKind {
        advance()
        let amount = try parseAmount(requireUnit: false, stopWords: [.on])
        if amount.nutrient != nil {
            try fail(
                DiagnosticMessages.expected(
                    "a body weight such as '72.4 kg'", found: "'\(amount.nutrient!.text)'",
                    amount.nutrient!.range))
        }
        var on: DayWord?
        if accept(.on) { on = try expectDay() }
        return .weight(amount, on: on)
    }

    // plan = "plan" ( "show" name | "reload" | "off" [ "from" day ] | name [ "with" plan-options ] [ "from" day ] ) ;
    mutating func parsePlan() throws -> StatementKind {
        advance()
        if currentIs(.show) {
            advance()
            return .plan(.show(try parseFoodName(limited: false)))
        }
        if currentIs(.reload), peek().kind != .word {
            advance()
            return .plan(.reload)
        }
        if currentIs(.off), peek().kind != .word || isWord(peek(), .from) {
            advance()
            return .plan(.off(from: accept(.from) ? try expectDay() : nil))
        }
        let name = try parseFoodName(stopWords: [.from, .with], limited: false)
        var options: [PlanOptionWritten] = []
        if accept(.with) { options = try parsePlanOptions() }
        var from: DayWord?
        if accept(.from) { from = try expectDay() }
        return .plan(.use(name, options: options, from: from))
    }

    // plan-options = plan-option { "," plan-option } ;
    // plan-option = WORD [ "=" ] ( NUMBER | WORD | STRING ) ;
    mutating func parsePlanOptions() throws -> [PlanOptionWritten] {
        var options: [PlanOptionWritten] = []
        while true {
            let key = try expect(.word, "an option name such as cheat_day")
            let keyText = text(key)
            if current.kind == .equals { advance() }
            let value: PlanOptionValue
            switch current.kind {
            case .number: value = .number(current.value)
            case .string:
                value = .text(
                    QuotedName.decode(
                        lexer.bytes[(current.range.start + 1)..<max(current.range.start + 1, current.range.end - 1)]))
            case .word:
                let word = lowercasedWord(current)
                value = word == "true" || word == "false" ? .flag(word == "true") : .text(word)
            default:
                try failAtCurrent { DiagnosticMessages.expected("a value for option '\(keyText)'", found: $0, $1) }
            }
            advance()
            options.append(
                PlanOptionWritten(
                    key: Written(keyText.lowercased(), key.range), value: value,
                    range: SourceRange(key.range.start, previous.range.end)))
            guard current.kind == .comma else { return options }
            advance()
        }
    }

    mutating func expectEquals() throws {
        _ = try expect(.equals, "'='")
        try skipContinuation()
    }

    // nutrient-list = amount { "," amount } ;
    mutating func parseNutrientList(stopWords: [Keyword] = []) throws -> [NutrientAmount] {
        var amounts = [try parseAmount(requireUnit: false, stopWords: stopWords)]
        while current.kind == .comma {
            advance()
            try skipContinuation()
            _ = accept(.and)
            amounts.append(try parseAmount(requireUnit: false, stopWords: stopWords))
        }
        return amounts
    }

    // amount = NUMBER [ unit-word ] { word } ;
    mutating func parseAmount(requireUnit: Bool, stopWords: [Keyword] = []) throws -> NutrientAmount {
        let start = current.range.start
        guard let quantity = try parseQuantity() else {
            try failAtCurrent { DiagnosticMessages.expected("a number", found: $0, $1) }
        }
        var unit: Written?
        let word = current.kind == .word ? text(current).lowercased() : ""
        if current.kind == .word,
            MeasureUnit.named(word) != nil || word == MeasureUnit.internationalUnitSpelling
                || MeasureUnit.microgramSpellings.contains(word) || word == "%"
        {
            unit = Written(text(current), current.range)
            advance()
        }
        if requireUnit, unit == nil {
            try failAtCurrent { DiagnosticMessages.expected("a unit such as 'g' or 'ml'", found: $0, $1) }
        }
        var nutrient: Written?
        let nutrientStart = current.range.start
        var nutrientEnd = nutrientStart
        while current.kind == .word, !stopWords.contains(where: { currentIs($0) }), !currentIs(.and) {
            nutrientEnd = current.range.end
            advance()
        }
        if nutrientEnd > nutrientStart {
            let range = SourceRange(nutrientStart, nutrientEnd)
            nutrient = Written(text(range).lowercased(), range)
        }
        return NutrientAmount(
            value: quantity.value, unit: unit, nutrient: nutrient,
            range: SourceRange(start, previous.range.end))
    }
}
