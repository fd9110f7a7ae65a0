import FoodLogCore
import Testing
@testable import MealSyntax

/// Whole-tree comparisons: the parser's unit tests compare complete ASTs.
struct ParserTests {
    func parse(_ text: String) -> Script { Parser.parse(SourceFile(name: "t.meal", text: text)) }

    @Test func logLineKeepsTheUsersWordsAndRanges() {
        let script = parse("log 2 eggs, 200g rice @breakfast")
        let expected = Statement(
            .log(
                LogStatement(
                    items: [
                        Item(
                            written: Written("2 eggs", SourceRange(4, 10)),
                            quantity: Quantity(value: 2, written: Written("2", SourceRange(4, 5))), unit: nil,
                            name: FoodName(text: "eggs", quoted: false, range: SourceRange(6, 10)), note: nil),
                        Item(
                            written: Written("200g rice", SourceRange(12, 21)),
                            quantity: Quantity(value: 200, written: Written("200", SourceRange(12, 15))),
                            unit: UnitWord(canonical: "g", kind: .mass, written: Written("g", SourceRange(15, 16))),
                            name: FoodName(text: "rice", quoted: false, range: SourceRange(17, 21)), note: nil,
                            joinedByComma: true),
                    ], meal: Written("breakfast", SourceRange(23, 32)))), range: SourceRange(0, 32))
        #expect(script.diagnostics.isEmpty)
        #expect(script.statements == [expected])
    }

    @Test func noteAfterCommaAndMixedFraction() {
        let script = parse("log 1 1/2 cups of milk, 150 g chicken breast, grilled")
        guard case .log(let log) = script.statements.first?.kind else {
            Issue.record("expected a log statement")
            return
        }
        #expect(log.items.count == 2)
        #expect(log.items[0].quantity?.value == 1.5)
        #expect(log.items[0].unit?.canonical == "cup")
        #expect(log.items[0].name.text == "milk")
        #expect(log.items[1].note == Written("grilled", SourceRange(46, 53)))
        #expect(log.items[1].written.text == "150 g chicken breast, grilled")
    }

    @Test func definitionsTree() {
        let script = parse(#"food "kimchi" per 100 g [vegetable] = 15 kcal, 1.1 g protein"#)
        let expected = StatementKind.food(
            FoodDefinition(
                name: FoodName(text: "kimchi", quoted: true, range: SourceRange(5, 13)),
                portion: Portion(
                    quantity: Quantity(value: 100, written: Written("100", SourceRange(18, 21))),
                    unit: Written("g", SourceRange(22, 23)), equivalent: nil, range: SourceRange(18, 23)),
                tags: [Written("vegetable", SourceRange(25, 34))],
                nutrients: [
                    NutrientAmount(
                        value: 15, unit: Written("kcal", SourceRange(41, 45)), nutrient: nil, range: SourceRange(38, 45)
                    ),
                    NutrientAmount(
                        value: 1.1, unit: Written("g", SourceRange(51, 52)),
                        nutrient: Written("protein", SourceRange(53, 60)), range: SourceRange(47, 60)),
                ]))
        #expect(script.statements.map(\.kind) == [expected])
    }

    @Test func queriesTree() {
        let kinds = parse(
            "show week by day\nchart protein last 30 days\ntop 5 foods this month by kcal\ncheck 2026-11-01..2026-11-07"
        )
        .statements.map(\.kind)
        #expect(
            kinds == [
                .show(ShowQuery(period: .week, nutrients: [], grouping: .day)),
                .chart(ChartQuery(nutrient: Written("protein", SourceRange(23, 30)), period: .lastDays(30))),
                .top(
                    TopQuery(
                        count: 5, grouping: .food, period: .thisMonth, nutrient: Written("kcal", SourceRange(70, 74)))),
                .check(
                    .range(CalendarDate(year: 2026, month: 11, day: 1), CalendarDate(year: 2026, month: 11, day: 7))),
            ])
    }

    @Test func everyBadStatementIsReported() {
        let script = parse("lgo 2 eggs\nlog 2 eggs\nlog 1 cupz of milk\nshow\nlog 3 eggs @lunch @dinner\n")
        #expect(script.diagnostics.map(\.id) == ["unknown-statement", "unknown-unit", "duplicate-modifier"])
        #expect(script.statements.count == 2)
        #expect(script.diagnostics[0].help == "did you mean 'log'?")
    }

    @Test func trailingCommaAtEndIsIncompleteInput() {
        let script = parse("log 2 eggs,")
        #expect(script.diagnostics.count == 1)
        #expect(script.diagnostics.first?.isIncompleteInput == true)
        #expect(parse("log 2 eggs,\n  toast").diagnostics.isEmpty)
    }

    @Test func keywordsAreCaseInsensitive() {
        #expect(parse("LOG 2 Eggs @Breakfast\nShow Today").statements.count == 2)
    }
}
