import FoodLogCore
import Foundation
import Testing
import TestSupport
@testable import MealSyntax

/// The editor grammar must know every keyword and unit word the lexer knows.
struct TextMateGrammarTests {
    /// Every word listed literally inside the grammar's `(?i:…)` alternations.
    static func listedWords() throws -> Set<String> {
        let json = try RepositoryPaths.read(RepositoryPaths.root + "/grammar/meal.tmLanguage.json")
        var words = Set<String>()
        var rest = json[...]
        while let open = rest.firstRange(of: "(?i:") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            for word in after[..<close].split(separator: "|") {
                words.insert(word.replacing("\\\\s+", with: " ").lowercased())
            }
            rest = after[close...]
        }
        return words
    }

    @Test func knowsEveryKeyword() throws {
        let words = try Self.listedWords()
        let missing = (Vocabulary.statementKeywords + Vocabulary.innerKeywords).filter { !words.contains($0) }
        #expect(missing.isEmpty, "missing keywords: \(missing)")
    }

    @Test func knowsEveryUnitWord() throws {
        let words = try Self.listedWords()
        let missing = MeasureUnit.allSpellings.filter { !words.contains($0) }
        #expect(missing.isEmpty, "missing unit words: \(missing)")
    }

    @Test func knowsEveryMealWord() throws {
        let words = try Self.listedWords()
        let missing = Vocabulary.mealWords.filter { !words.contains($0) }
        #expect(missing.isEmpty, "missing meal words: \(missing)")
    }

    /// `per week`, `on weekends`: each word listed, and the scope rule marks the word after
    /// its preposition (and not the same word elsewhere, as in a food's name).
    @Test func marksEveryTargetScopeWord() throws {
        let words = try Self.listedWords()
        let missing = Vocabulary.targetScopeWords.flatMap { [$0.preposition, $0.word] }.filter { !words.contains($0) }
        #expect(missing.isEmpty, "missing target scope words: \(missing)")
        let json = try RepositoryPaths.read(RepositoryPaths.root + "/grammar/meal.tmLanguage.json")
        let grammar = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let repository = grammar?["repository"] as? [String: Any]
        let patterns = (repository?["inner-keyword"] as? [String: Any])?["patterns"] as? [[String: Any]] ?? []
        let rule = try #require(
            patterns.first { $0["name"] as? String == "keyword.other.target-scope.meal" }?["match"] as? String)
        let regex = try NSRegularExpression(pattern: rule)
        func marked(_ line: String) -> [String] {
            regex.matches(in: line, range: NSRange(location: 0, length: (line as NSString).length)).map {
                (line as NSString).substring(with: $0.range)
            }
        }
        for entry in Vocabulary.targetScopeWords {
            #expect(marked("target 2000 kcal \(entry.preposition) \(entry.word) from 2026-12-01") == [entry.word])
            #expect(marked("target 2000 kcal \(entry.preposition.uppercased()) \(entry.word.uppercased())").count == 1)
        }
        #expect(marked("log 1 weekend special, 2 weekday muffins").isEmpty)
    }

    @Test func knowsEveryQuantityWord() throws {
        let words = try Self.listedWords()
        #expect(Vocabulary.quantityWords.map(\.word).allSatisfy { words.contains($0) })
    }

    @Test func isValidJSONWithTheMealScope() throws {
        let json = try RepositoryPaths.read(RepositoryPaths.root + "/grammar/meal.tmLanguage.json")
        #expect(json.contains("\"scopeName\": \"source.meal\""))
        var depth = 0
        var inString = false
        var escaped = false
        for character in json {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == "\"" { inString = true }
            if character == "{" || character == "[" { depth += 1 }
            if character == "}" || character == "]" {
                depth -= 1
                #expect(depth >= 0)
            }
        }
        #expect(depth == 0 && !inString)
    }
}

struct GrammarShapeError: Error { var message: String }

/// The editor grammar reads quoted names as the lexer does: escapes inside, no line end.
struct TextMateQuotedNameTests {
    static func stringPatterns() throws -> (
        begin: NSRegularExpression, escape: NSRegularExpression, unterminated: NSRegularExpression
    ) {
        let json = try RepositoryPaths.read(RepositoryPaths.root + "/grammar/meal.tmLanguage.json")
        let grammar = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let repository = grammar?["repository"] as? [String: Any]
        let patterns = (repository?["string"] as? [String: Any])?["patterns"] as? [[String: Any]] ?? []
        let inner = patterns.first?["patterns"] as? [[String: Any]] ?? []
        guard patterns.count == 2, let begin = patterns[0]["begin"] as? String,
            let escape = inner.first?["match"] as? String,
            let unterminated = patterns[1]["match"] as? String
        else {
            throw GrammarShapeError(message: "the string rule is not begin/end plus an unterminated match")
        }
        return (
            try NSRegularExpression(pattern: begin), try NSRegularExpression(pattern: escape),
            try NSRegularExpression(pattern: unterminated, options: .anchorsMatchLines)
        )
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length))?.range.location == 0
    }

    static func matchesWhole(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length))?.range
            == NSRange(location: 0, length: (text as NSString).length)
    }

    @Test func aClosedNameWithEscapesIsAString() throws {
        let patterns = try Self.stringPatterns()
        for closed in [#""oats""#, #""a \"b\" c""#, #""back\\""#, #""x\u{202E}""#] {
            #expect(Self.matches(patterns.begin, closed), "\(closed)")
            #expect(!Self.matches(patterns.unterminated, closed), "\(closed)")
        }
        for open in [#""oats"#, #""ends in \""#] {
            #expect(!Self.matches(patterns.begin, open), "\(open)")
            #expect(Self.matchesWhole(patterns.unterminated, open), "\(open)")
        }
        for escape in [#"\""#, #"\\"#, #"\n"#, #"\t"#, #"\u{1F95A}"#] {
            #expect(Self.matchesWhole(patterns.escape, escape), "\(escape)")
        }
        for wrong in [#"\q"#, #"\u{}"#, #"\u41"#] { #expect(!Self.matchesWhole(patterns.escape, wrong), "\(wrong)") }
    }
}
