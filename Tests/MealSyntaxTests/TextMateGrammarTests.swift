import FoodLogCore
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
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true }
            if character == "{" || character == "[" { depth += 1 }
            if character == "}" || character == "]" { depth -= 1; #expect(depth >= 0) }
        }
        #expect(depth == 0 && !inString)
    }
}
