import FoodLogCore
import Testing

@testable import MealSyntax

/// The lexer's keywords and the parser's key lookups find exactly what a comparison of the
/// lowercased text finds.
struct WordKeyTests {
    func token(_ text: String) -> (token: Token, bytes: [UInt8]) {
        var lexer = Lexer(bytes: Array(text.utf8))
        return (lexer.next(), Array(text.utf8))
    }

    @Test func everyKeywordIsToldInAnyCaseAndNoOtherWordIs() {
        for keyword in Keyword.allCases {
            #expect(token(keyword.rawValue).token.keyword == keyword)
            #expect(token(keyword.rawValue.uppercased()).token.keyword == keyword)
            #expect(token(keyword.rawValue + "s").token.keyword == Keyword(rawValue: keyword.rawValue + "s"))
            #expect(token("x" + keyword.rawValue).token.keyword == Keyword(rawValue: "x" + keyword.rawValue))
        }
        #expect(token("&").token.keyword == .and)
        #expect(token("m&ms").token.keyword == nil)
        #expect(token("ofé").token.keyword == nil)
        #expect(token("2%").token.keyword == nil)
    }

    @Test func keysSeparateWordsOfOtherLettersOrLengths() {
        let words = ["a", "aa", "b", "ab", "ba", "of", "off", "fo", "yesterday", "yesterdaz", "a-b", "a'b"]
        #expect(Set(words.map { WordKey($0) }).count == words.count)
        #expect(WordKey("Of") == WordKey("of"))
        #expect(!WordKey("tablespoons").exists && !WordKey("sautéed").exists && WordKey("teaspoons").exists)
    }

    @Test func everyUnitSpellingIsFoundByItsKeyAsByItsText() {
        for spelling in MeasureUnit.allSpellings where WordKey(spelling).exists {
            #expect(Parser.unitsBySpelling.value(of: WordKey(spelling)) == MeasureUnit.named(lowercased: spelling))
        }
        for word in ["eggs", "rice", "tubes", "gx", "cupz", "x", "t", "T"] {
            #expect(Parser.unitsBySpelling.value(of: WordKey(word)) == MeasureUnit.named(lowercased: word.lowercased()))
        }
    }

    @Test func theParserFindsUnitsAndNoteWordsOfAnyWordAsByItsLowercasedText() {
        let words =
            MeasureUnit.allSpellings.flatMap { $0.split(separator: " ").map(String.init) }
            + Vocabulary.preparationWords + Vocabulary.noteWords + Vocabulary.partCountWords
            + MeasureUnit.spoonAdjustments.map(\.word) + Array(MeasureUnit.qualifierSizes.keys)
            + ["Cups", "TBSP", "Grilled", "\u{212A}g", "SAUTÉED", "chicken", "tablespoonfuls", "deep-fried"]
        for word in words {
            var parser = Parser(bytes: Array(word.utf8))
            let current = parser.current
            let lowered = word.lowercased()
            #expect(parser.unitNamed(current) == MeasureUnit.named(lowercased: lowered), "\(word)")
            #expect(parser.isPreparationWord(current) == Vocabulary.isPreparationWord(lowered), "\(word)")
            #expect(parser.isPartCountWord(current) == Vocabulary.partCountWords.contains(lowered), "\(word)")
            #expect(
                parser.startsTwoWordUnit(current) == MeasureUnit.firstWordsOfTwoWordUnits.contains(lowered), "\(word)")
            #expect(
                parser.isUnitQualifierWord(current)
                    == (MeasureUnit.spoonAdjustment(lowercased: lowered) != nil
                        || MeasureUnit.qualifierSizes[lowered] != nil),
                "\(word)")
        }
    }

    @Test func twoWordUnitsAreFoundByTheirWordsKeys() {
        for text in ["fl oz", "FL OZ", "fluid ounce", "fluid ounces", "extra large", "fl ozz"] {
            var parser = Parser(bytes: Array(text.utf8))
            let first = parser.current
            let second = parser.peek()
            #expect(
                parser.unitNamed(first, then: second) == MeasureUnit.named(lowercased: text.lowercased()), "\(text)")
        }
    }
}
