extension FoodMatcher {
    /// True for `apple and mango juice`, `lemon and ginger tea`, `strawberry and banana
    /// smoothie`: one flavour word (``drinkFlavours``), `and`, and a drink of at least two words
    /// (its head noun is a drink, see ``FoodKind/ofHead(_:)``) name one drink of both flavours,
    /// never a fruit and a drink. `toast and orange juice` stays two items (`toast` is no
    /// flavour), and so does `an apple and an orange juice` (each part has its own amount).
    public static func namesOneDrinkOfFlavours(first: String, second: String) -> Bool {
        let firstWords = TextNormalizer.foldedWords(first)
        guard firstWords.count == 1, drinkFlavours.contains(TextNormalizer.singular(firstWords[0])) else {
            return false
        }
        return TextNormalizer.foldedWords(second).count >= 2 && FoodKind.ofHead(second)?.isDrink == true
    }

    /// The drink's name without the flavour words the matched row does not say, and without
    /// the `and` that joined them (`apple and mango juice` is shown as `apple juice`).
    static func unflavouredName(_ key: String, without flavours: Set<String>) -> String {
        var words = key.split(separator: " ").map(String.init)
        for index in words.indices.reversed() {
            guard index < words.count, flavours.contains(words[index]) else { continue }
            words.remove(at: index)
            // The `and` (or `&`) before or after a flavour left out joined nothing.
            if index < words.count, words[index] == "and" || words[index] == "&" {
                words.remove(at: index)
            } else if index > 0, words[index - 1] == "and" || words[index - 1] == "&" {
                words.remove(at: index - 1)
            }
        }
        return words.joined(separator: " ")
    }

    /// `black coffee no sugar`, `tea without milk`, `a latte no foam, no sugar`: what a hot
    /// drink is ordered without, said after it, is a note on the drink (as `, no sugar` is),
    /// never a word of its name. The drink part and the note, or nil. Only after a drink other
    /// than a soft drink (its head noun, see ``FoodKind/ofHead(_:)``: `milk no sugar` of `tea
    /// with milk no sugar` too) and only the few words of an order (``saysOrderedWithout(_:)``):
    /// `coke no sugar` is a product's name, `chips no salt` no drink.
    public static func hotDrinkOrderNote(_ name: String) -> (drink: Substring, note: Substring)? {
        let words = name.split(separator: " ")
        guard words.count >= 3,
            let cut = words.indices.dropFirst().first(where: {
                saysOrderedWithout(words[$0...].joined(separator: " "))
            })
        else { return nil }
        let drink = name[words[0].startIndex..<words[cut - 1].endIndex]
        // Not a soft drink: `lemonade no sugar` asks for the diet row, not a note.
        guard let kind = FoodKind.ofHead(String(drink)), kind.isDrink, kind != .softDrink else { return nil }
        return (drink, name[words[cut].startIndex...])
    }

    /// True for `no sugar`, `without milk`, `no milk or sugar`, `no milk no sugar`: words that
    /// say what a drink is ordered without (``orderWithoutWords``), which name no food to log
    /// (`coffee with no sugar` is a note on the coffee, not a sugar-free ice cream).
    public static func saysOrderedWithout(_ words: String) -> Bool {
        let folded = words.lowercased().split(separator: " ").map { $0 == "w/o" ? "without" : String($0) }
        guard let first = folded.first, first == "no" || first == "without", folded.count <= 6 else { return false }
        let joins: Set<String> = ["no", "without", "and", "or", "&"]
        return folded.allSatisfy { joins.contains($0) || orderWithoutWords.contains(TextNormalizer.singular($0)) }
            && folded.contains { orderWithoutWords.contains(TextNormalizer.singular($0)) }
    }

    /// What a hot drink is ordered without (singular, lowercase).
    static let orderWithoutWords: Set<String> = [
        "sugar", "milk", "cream", "foam", "froth", "whip", "syrup", "sweetener", "ice", "lid", "lemon", "honey",
    ]

    /// True for `lime`, `a slice of lemon`, `a wedge of lime`, `mint`, `a twist of orange`: a
    /// garnish, which after a cold drink (`sparkling water with lime`, `a gin and tonic with
    /// lemon`) is how it is served, a note, not a whole fruit to log. A hot drink's lemon is a
    /// side of its own amount (``SideAmounts``).
    public static func isDrinkGarnish(_ side: String) -> Bool {
        let words = side.lowercased().split(separator: " ").map { TextNormalizer.singular(String($0)) }
        let pieces: Set<String> = ["a", "an", "slice", "wedge", "twist", "squeeze", "sprig", "of", "and", "fresh"]
        return words.contains(where: garnishWords.contains)
            && words.allSatisfy { garnishWords.contains($0) || pieces.contains($0) }
    }

    /// The fruits and herbs a cold drink is garnished with (singular, lowercase).
    static let garnishWords: Set<String> = ["lemon", "lime", "orange", "mint", "cucumber", "cherry", "olive"]
}

extension FoodMatcher {
    /// What a segment said after a drink orders of it: its milk (`skimmed milk`; `oat` is `oat
    /// milk`), decaf, and the other words of an order (`extra shot`, `extra hot`, `no foam`) as
    /// a note.
    public struct DrinkOrder: Equatable, Sendable {
        public var milk: String?
        public var decaf = false
        public var note: String?
    }

    /// The order a comma segment after a drink gives (`a latte, oat milk, extra shot`), or nil
    /// when it is no order (`a latte, a muffin`).
    public static func drinkOrder(_ segment: String) -> DrinkOrder? {
        let words = TextNormalizer.words(segment)
        guard !words.isEmpty, words.count <= 4 else { return nil }
        var order = DrinkOrder()
        var rest: [String] = []
        for (index, word) in words.enumerated() {
            if unsweetenedWords.contains(word), index > 0, words[index - 1] == "no" {
                rest.append(word)  // `milk no sugar`: nothing added, a note
            } else if decafWords.contains(word) {
                order.decaf = true
            } else if milkTypeWords.contains(word) || word == "milk" {
                order.milk = (order.milk.map { $0 + " " } ?? "") + word
            } else if orderNoteWords.contains(word) {
                rest.append(word)
            } else {
                return nil
            }
        }
        if let milk = order.milk, !milk.hasSuffix("milk") { order.milk = milk + " milk" }
        if rest.contains(where: { !["a", "an", "with", "no", "extra"].contains($0) }) {
            order.note = rest.joined(separator: " ")
        } else if !rest.isEmpty {
            return nil  // `extra` alone says nothing
        }
        return order.milk != nil || order.decaf || order.note != nil ? order : nil
    }

    /// What a drink may be ordered without (`no sugar`): a note only after `no`; sugar said
    /// otherwise is a food of its own.
    static let unsweetenedWords: Set<String> = ["sugar", "sugars", "sweetener", "sweeteners", "syrup"]

    /// Words that say a coffee is decaffeinated.
    public static let decafWords: Set<String> = ["decaf", "decaffeinated"]

    /// Words naming the milk a drink is made with (`milk` itself aside).
    static let milkTypeWords: Set<String> = [
        "skimmed", "skim", "semi", "semi-skimmed", "whole", "full-fat", "nonfat", "non-fat", "low-fat", "2%", "1%",
        "oat", "oatly", "soy", "soya", "almond", "coconut", "cashew", "lactose-free", "non-dairy", "skinny",
    ]

    /// Words of an order that change no food: shots, temperature, foam.
    static let orderNoteWords: Set<String> = [
        "a", "an", "with", "no", "extra", "shot", "shots", "double", "triple", "single", "hot", "foam", "froth", "dry",
        "wet", "half", "caf",
    ]
}
