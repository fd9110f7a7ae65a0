import Testing

@testable import Nutrition

/// ``TextNormalizer/key(_:)`` returns text that is already folded as it is: that shortcut must
/// give what folding the words gives, for every alias of the table and for the edge cases.
struct TextNormalizerKeyTests {
    static func folded(_ text: String) -> String { TextNormalizer.foldedWords(text).joined(separator: " ") }

    @Test func everyAliasKeysAsItsFoldedWords() throws {
        let aliases = try FoodTable().aliases
        #expect(aliases.count > 1000)
        var shortcuts = 0
        for alias in aliases {
            #expect(TextNormalizer.key(alias.phrase) == Self.folded(alias.phrase), "\(alias.phrase)")
            if TextNormalizer.isOwnKey(alias.phrase) { shortcuts += 1 }
        }
        // Most aliases take the shortcut (else it would not be worth having).
        #expect(shortcuts * 2 > aliases.count)
    }

    @Test(arguments: [
        "", " ", "a", "egg", "eggs", "bus", "glass", "2% milk", "m&m", "fish & chips", " egg", "egg ", "two  eggs",
        "Egg", "hershey's", "crème brûlée", "oats, rolled", "7up", "s", "ss", "cookies", "loaves", "egg\tyolk",
    ])
    func theShortcutAgreesWithFolding(text: String) {
        #expect(TextNormalizer.key(text) == Self.folded(text))
    }

    @Test(arguments: [
        ("cookies", "cookie"), ("berries", "berry"), ("potatoes", "potato"), ("loaves", "loaf"),
        ("halves", "half"), ("leaves", "leaf"), ("olives", "olive"), ("digestives", "digestive"),
        ("chives", "chive"), ("cloves", "clove"), ("preserves", "preserve"), ("sandwiches", "sandwich"),
        ("hummus", "hummus"), ("glass", "glass"), ("valves", "valve"),
    ])
    func pluralsFoldToTheirSingular(plural: String, singular: String) {
        #expect(TextNormalizer.singular(plural) == singular)
    }

    @Test func onlyFoldedTextIsItsOwnKey() {
        #expect(TextNormalizer.isOwnKey("chicken breast"))
        #expect(TextNormalizer.isOwnKey("2% milk"))
        #expect(!TextNormalizer.isOwnKey("eggs"))
        #expect(!TextNormalizer.isOwnKey("Egg"))
        #expect(!TextNormalizer.isOwnKey("two  eggs"))
        #expect(!TextNormalizer.isOwnKey(" egg"))
        #expect(!TextNormalizer.isOwnKey("egg "))
        #expect(!TextNormalizer.isOwnKey(""))
    }
}
