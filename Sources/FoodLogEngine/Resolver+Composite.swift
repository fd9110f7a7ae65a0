import Diary
import MealSyntax
import Nutrition

extension Resolver {
    /// `toast with jam`, `beans on toast`: the parts of a `with`/`on` name as separate items,
    /// or nil when the name is one food (the library knows it, or the table has a composite
    /// food such as `Chicken and rice`). The first part keeps the quantity, unit and note; the
    /// other, a side, reads as an item of its own (`a drizzle of honey`), and without an amount
    /// is weighed by ``resolveSide(_:with:)``; the first part of an `on` name is a topping of
    /// the second. A side the main is made with, or already has, is a note on it (`porridge
    /// with water`, `a cupcake with frosting`). Never drops a food: each part resolves, or
    /// fails, on its own.
    func composite(_ item: Item) throws(DiaryError) -> [FoodPart]? {
        guard Resolver.mayBeComposite(item.name) else { return nil }
        let words = item.name.text.split(separator: " ", omittingEmptySubsequences: false)
        guard
            let joint = words.indices.dropFirst().dropLast().first(where: {
                Resolver.jointWords.contains(words[$0].lowercased())
            })
        else { return nil }
        let first = words[..<joint].joined(separator: " ")
        let second = words[(joint + 1)...].joined(separator: " ")
        if try isOneFood(item.name.text, main: first, side: second) { return nil }
        // The name's text is its source spelled with single spaces; ranges follow it when the
        // lengths agree and otherwise cover the whole name.
        let faithful = item.name.isFaithful
        let firstEnd = faithful ? item.name.range.start + first.utf8.count : item.name.range.end
        let secondStart = faithful ? item.name.range.end - second.utf8.count : item.name.range.start
        let firstRange = SourceRange(item.name.range.start, firstEnd)
        let secondRange = SourceRange(secondStart, item.name.range.end)
        let writtenFirst = String(
            decoding: item.written.text.utf8.prefix(firstEnd - item.written.range.start), as: UTF8.self)
        var main = item
        main.name = FoodName(text: first, quoted: false, range: firstRange)
        main.written = Written(
            faithful ? writtenFirst : item.written.text,
            SourceRange(item.written.range.start, faithful ? firstEnd : item.written.range.end))
        // The side reads as an item of its own when it can (`with a drizzle of honey`).
        var side =
            (faithful ? Parser.singleItem(second, at: secondStart) : nil)
            ?? Item(
                written: Written(second, secondRange), quantity: nil, unit: nil,
                name: FoodName(text: second, quoted: false, range: secondRange), note: nil)
        side = Resolver.splittingOrderNote(side)
        // What the main is made or diluted with (`porridge with water`), or what its food
        // already has (`a cupcake with frosting`: the cupcake row is one with frosting), is a
        // note, not a food of its own.
        let sideKind = try kind(of: side.name.text)
        var isNote =
            Resolver.isServingNote(second) || FoodMatcher.saysOrderedWithout(second)
            || sideKind.map(SideAmounts.isPreparationLiquid) == true
        if !isNote, FoodMatcher.isDrinkGarnish(second), let mainKind = try kind(of: first) {
            isNote = mainKind.isDrink && mainKind != .hotDrink
        }
        // `a latte with an extra shot`: an order that names no milk is a note on the drink.
        if !isNote, let order = FoodMatcher.drinkOrder(second), order.milk == nil, !order.decaf,
            let mainKind = try kind(of: first)
        {
            isNote = mainKind == .hotDrink || mainKind == .shake
        }
        if !isNote { isNote = try includes(main: main.name.text, side: side.name.text) }
        // `tuna melt on rye`, `egg mayo sandwich on brown`: the bread a sandwich is on is a note on
        // it; `pastrami on rye` is the filling's sandwich when the library or table knows one.
        // `bec on a roll`, `a burger on a brioche bun`: a sandwich's row is made on its roll.
        if !isNote, words[joint].lowercased() == "on", Resolver.namesRoll(second), try isSandwich(first) {
            isNote = true
        }
        if !isNote, words[joint].lowercased() == "on", Resolver.namesSlicedBread(second) {
            if try isSandwich(first) {
                isNote = true
            } else if let sandwich = try fillingsSandwich(first) {
                main.name = FoodName(text: sandwich, quoted: false, range: firstRange)
                isNote = true
            } else if !TextNormalizer.foldedWords(second).contains("bread") {
                // `cream cheese on brown`: the bread is named by its kind alone.
                side.name = FoodName(text: second + " bread", quoted: false, range: secondRange)
            }
        }
        // `a large latte with oat milk`: the milk a drink is made of names the drink's own milk,
        // the table's oat-milk latte when it has one, else a note on the drink.
        if !isNote, side.quantity == nil, side.unit == nil, let sideKind, let drink = try choose(main.name.text),
            SideAmounts.isDrinksOwnMilk(sideKind, drink: drink.food.name)
        {
            let drinkName = drink.correctedPhrase ?? main.name.text
            if let named = try drinkNamed(byMilk: side.name.text, drink: drinkName, plain: drink) {
                main.name = FoodName(text: named, quoted: false, range: item.name.range)
                main.written = item.written
                return [FoodPart(item: main, isSide: false)]
            }
            isNote = true
        }
        if isNote {
            let withSide = words[joint...].joined(separator: " ")
            main.written = item.written
            main.note = Written(
                main.note.map { $0.text + ", " + withSide } ?? withSide,
                main.note?.range.union(secondRange) ?? secondRange)
            return [FoodPart(item: main, isSide: false)]
        }
        // A note that says a form (`toast with eggs, poached`) is on the food named just before
        // it, the side, when the table has the side in that form; else it stays on the main.
        if let note = main.note, side.note == nil, Resolver.mayNameAForm(note.text) {
            var noted = side
            noted.note = note
            if let plain = try choose(side.name.text), let prepared = try preparedChoice(noted, plain: plain),
                prepared.food.id != plain.food.id
            {
                side = noted
                main.note = nil
            }
        }
        // `avocado on toast`: the first part is a topping of the second.
        let base = words[joint].lowercased() == "on" ? side.name.text : nil
        let cue = TextNormalizer.foldedWords(side.name.text).last
        return [FoodPart(item: main, isSide: false, base: base, cue: cue), FoodPart(item: side, isSide: true)]
    }

    /// The name of `drink` made with `milk` the library or table knows confidently, as another
    /// food than the plain drink (`oat milk latte`, `skim cappuccino` for `skimmed milk`): the
    /// milk's words before the drink, with and without `milk`. Nil when it knows none.
    func drinkNamed(byMilk milk: String, drink: String, plain: FoodChoice) throws(DiaryError) -> String? {
        let words = TextNormalizer.words(milk)
        let withoutMilk = words.filter { $0 != "milk" }.joined(separator: " ")
        for name in [milk + " " + drink, withoutMilk + " " + drink] where !withoutMilk.isEmpty {
            if try confidentlyNames(name), let choice = try choose(name), choice.food.id != plain.food.id {
                return name
            }
        }
        return nil
    }

    /// True when `side` names a sliced bread a sandwich is made on (`rye`, `brown bread`,
    /// `wholemeal`), not toast or a roll, which are foods of their own.
    static func namesSlicedBread(_ side: String) -> Bool {
        let words = TextNormalizer.foldedWords(side).filter { $0 != "bread" && !FoodMatcher.stopWords.contains($0) }
        return !words.isEmpty && words.allSatisfy(slicedBreadWords.contains)
    }

    /// True when `side` names a roll or bun, as a sandwich is made on (`a roll`, `a brioche bun`).
    static func namesRoll(_ side: String) -> Bool {
        let words = TextNormalizer.foldedWords(side).filter { !FoodMatcher.stopWords.contains($0) }
        guard let last = words.last, ["roll", "bun", "bap", "barm"].contains(last) else { return false }
        return words.dropLast().allSatisfy {
            slicedBreadWords.contains($0) || ["brioche", "kaiser", "hoagie", "sesame", "soft"].contains($0)
        }
    }

    /// The words of a sliced bread's kind, for ``namesSlicedBread(_:)``.
    static let slicedBreadWords: Set<String> = [
        "rye", "brown", "white", "wholemeal", "wholewheat", "whole", "wheat", "granary", "sourdough", "multigrain",
        "seeded", "malted", "pumpernickel",
    ]

    /// True when the food chosen for `name` is a sandwich (its row says so: `Tuna salad
    /// sandwich`, `Egg salad sandwich on white`).
    func isSandwich(_ name: String) throws(DiaryError) -> Bool {
        guard let choice = try choose(name) else { return false }
        return !Set(TextNormalizer.foldedWords(choice.food.name)).isDisjoint(with: Resolver.sandwichWords)
    }

    /// Words of a sandwich's row name, for ``isSandwich(_:)``.
    static let sandwichWords: Set<String> = ["sandwich", "sub", "melt", "burger", "hamburger", "panini", "club"]

    /// `pastrami sandwich` for the filling `pastrami`: the filling's sandwich, when the library
    /// or a curated alias knows it by that name or the table's sandwich row names every word of
    /// the filling; nil otherwise.
    func fillingsSandwich(_ filling: String) throws(DiaryError) -> String? {
        let name = filling + " sandwich"
        if try knowsExactly(name) { return name }
        guard try confidentlyNames(name), let choice = try choose(name) else { return nil }
        let row = Set(TextNormalizer.foldedWords(choice.food.name)).union(FoodMatcher.modifierWords)
        guard row.contains("sandwich"), TextNormalizer.foldedWords(filling).allSatisfy(row.contains) else {
            return nil
        }
        return name
    }

    /// True when the food chosen for the main already names every word of the side (the
    /// cupcake row of `cupcake with frosting` is `…, with frosting`).
    func includes(main: String, side: String) throws(DiaryError) -> Bool {
        let sideWords = TextNormalizer.foldedWords(side).filter { !FoodMatcher.stopWords.contains($0) }
        guard !sideWords.isEmpty, let choice = try choose(main), choice.source == .database else { return false }
        let own = Set(TextNormalizer.foldedWords(choice.food.name))
        return sideWords.allSatisfy(own.contains)
    }

    /// A topping of an `on` phrase that says no amount (`avocado` of `avocado on toast`),
    /// weighed by ``SideAmounts`` for what it sits on (half an avocado, not a whole one); nil
    /// when it has an amount or the table has no row for the pair.
    func resolveTopping(_ item: Item, on base: String) throws(DiaryError) -> ResolvedItem? {
        guard item.quantity == nil, item.unit == nil, item.size == nil, !item.name.quoted,
            let plain = try choose(item.name.text), let baseKind = try kind(of: base)
        else { return nil }
        let choice = try preparedChoice(item, plain: plain) ?? plain
        return weighed(item, choice: choice, by: baseKind, as: "topping on")
    }

    /// A side of a `with`/`on` phrase that says no amount (`milk` of `tea with milk`), weighed
    /// by ``SideAmounts`` for what it comes with, and read with the main's head noun as context
    /// (`fish with chips` are fries); nil for a side with an amount of its own, which resolves
    /// as any item.
    func resolveSide(_ item: Item, with main: ResolvedItem) throws(DiaryError) -> Result<ResolvedItem, Diagnostic>? {
        guard item.quantity == nil, item.unit == nil, item.size == nil, !item.name.quoted else { return nil }
        let cue = try ambiguityCue(item.name.text, after: main.name, kind: Resolver.partKind(main.name, main.food))
        guard let plain = try choose(item.name.text, unit: cue) else { return nil }
        // A note that says the form (`, fried`) picks that form, as for any item.
        let choice = try preparedChoice(item, plain: plain) ?? plain
        let mainKind = Resolver.partKind(main.name, main.food)
        guard let side = weighed(item, choice: choice, by: mainKind, as: "side with") else {
            return try resolveUncached(item, cue: cue)
        }
        return .success(side)
    }

    /// `item` as `choice`, weighed by ``SideAmounts`` for the kind of food it goes with and
    /// explained as `role` (`side with`, `topping on`) that food; nil when the table has no
    /// amount for the pair.
    func weighed(_ item: Item, choice: FoodChoice, by other: FoodKind, as role: String) -> ResolvedItem? {
        let kind = Resolver.partKind(item.name.text, choice.food)
        let last = TextNormalizer.words(item.name.text).last ?? ""
        let singular = TextNormalizer.singular(last) == last
        guard let amount = SideAmounts.amount(side: kind, main: other, singular: singular) else { return nil }
        let rule = PortionResolver.assumed(
            amount, written: role + " " + SideAmounts.describe(other), foodName: choice.food.name,
            group: choice.food.group, portions: choice.portions)
        return resolvedItem(item, choice: choice, rule: rule)
    }

    /// What says which sense an ambiguous word of `name` has, read from the food it goes with
    /// (`other`): that food's last word (`egg and chips`), else another of its words (`chips and
    /// curry sauce`), else its kind when that says more
    /// (`cod and chips`: a fish, so the chips are fries). Nil when `other` has no word; `kind`
    /// is the other food's kind when the caller knows it, else it is chosen only for a name
    /// with an ambiguous word.
    func ambiguityCue(_ name: String, after other: String, kind: FoodKind? = nil) throws(DiaryError) -> String? {
        let words = TextNormalizer.foldedWords(other)
        guard let word = words.last else { return nil }
        let key = TextNormalizer.key(name)
        guard let unread = AmbiguousWords.read(key, unit: nil), AmbiguousWords.read(key, unit: word) == unread else {
            return word
        }
        // `chips and curry sauce`: another of its words may say it.
        if let telling = words.dropLast().first(where: { AmbiguousWords.read(key, unit: $0) != unread }) {
            return telling
        }
        var kind = kind
        if kind == nil { kind = try self.kind(of: other) }
        guard let kind, AmbiguousWords.read(key, unit: kind.rawValue) != unread else { return word }
        return kind.rawValue
    }

    /// The kind of a part named `name` of a `with`/`on` phrase, for ``SideAmounts``; nil when
    /// the chain chooses no food for it.
    func kind(of name: String) throws(DiaryError) -> FoodKind? {
        try choose(name).map { Resolver.partKind(name, $0.food) }
    }

    /// The kind of a part of a `with`/`on` phrase: by its head noun as written (`almond milk`
    /// is milk), else by the head of its food's name and the food's group (`Potatoes, mashed,
    /// …, whole milk and butter added` are no butter).
    static func partKind(_ name: String, _ food: FoodReference) -> FoodKind {
        FoodKind.ofHead(name) ?? FoodKind.of(name: String(food.name.prefix { $0 != "," }), group: food.group)
    }

    /// True when the whole name is one food: the library or a curated alias knows it, or the
    /// table's choice is itself a composite whose main part is the phrase's (`Bagel with cream
    /// cheese`, `chicken and rice`), not a food that merely mentions both words (`French toast
    /// with butter` is not `toast with butter`; `Syrups, table blends, pancake` is not
    /// `pancakes with syrup`).
    func isOneFood(_ name: String, main: String, side: String) throws(DiaryError) -> Bool {
        guard let whole = try chooseKnown(name), whole.correctedPhrase == nil, whole.unnamedWords.isEmpty else {
            return false
        }
        if whole.source != .database { return true }
        if try knowsExactly(name) { return true }
        // A hot drink's milk, sugar or lemon is a splash (``SideAmounts``), not the milky drink
        // a table row of the two names (`Tea, hot, with milk` is masala chai).
        let wholeKind = Resolver.partKind(main, whole.food)
        if wholeKind == .hotDrink, let sideKind = try kind(of: side),
            SideAmounts.amount(side: sideKind, main: .hotDrink) != nil
        {
            return false
        }
        // The row's words before its joint are all the main's: `Egg burrito, with bacon` adds
        // a burrito nobody named, so it is no composite of `eggs with bacon`.
        var mainWords = Set(TextNormalizer.foldedWords(main)).union(FoodMatcher.modifierWords)
        let sideWords = Set(TextNormalizer.foldedWords(side))
        // `omelette with cheese`: the row begins as the main's own row does (`Egg omelet or
        // scrambled egg, …`), so its first words are the main's, however the table spells them.
        let head = { (name: String) in name.prefix { $0 != "," } }
        if let alone = try choose(main), head(alone.food.name) == head(whole.food.name) {
            mainWords.formUnion(TextNormalizer.foldedWords(String(head(whole.food.name))))
        }
        // The food is named for the main part: `Cookie, oatmeal, with raisins` is a cookie, not
        // `oatmeal with raisins`.
        let segments = whole.food.name.split(separator: ",")
        for (index, segment) in segments.enumerated() {
            let words = TextNormalizer.foldedWords(String(segment))
            guard let joint = words.firstIndex(where: { Resolver.jointWords.contains($0) || $0 == "and" }) else {
                continue
            }
            if index > 0, !Set(TextNormalizer.foldedWords(String(segments[0]))).isSubset(of: mainWords) { break }
            if Set(words[..<joint]).isSubset(of: mainWords), !sideWords.isDisjoint(with: words[(joint + 1)...]) {
                return true
            }
        }
        return false
    }

    /// True when ``composite(_:)`` may split an item of this name: unquoted, with a joint word inside.
    static func mayBeComposite(_ name: FoodName) -> Bool {
        !name.quoted && hasInnerJointWord(name.text)
    }

    /// How a drink or a dish is served, after `on` or `with` (`a scotch on the rocks`, `lemonade
    /// with ice`, `orange juice with bits`, `dressing on the side`): a note on it, never a food of
    /// its own.
    static func isServingNote(_ side: String) -> Bool {
        servingNotes.contains(TextNormalizer.words(side).joined(separator: " "))
    }

    /// The serving words of ``isServingNote(_:)``: ice, however it is said, a juice's bits, the side
    /// it came on and the meal it went with.
    static let servingNotes: Set<String> = [
        "the rocks", "rocks", "ice", "crushed ice", "ice cubes", "lots of ice", "extra ice", "no ice", "plenty of ice",
        "bits", "juicy bits", "pulp", "extra pulp", "no pulp", "no bits",
        // `dressing on the side`, `brown rice on the side`: how it came, not a food to sit on.
        "the side", "side",
        // `a glass of chardonnay with dinner`: the meal it went with, no frozen dinner.
        "dinner", "lunch", "breakfast", "supper", "brunch", "my dinner", "my lunch", "my breakfast",
    ]

    /// Words that join a main food and what comes with it.
    static let jointWords = Vocabulary.jointWords

    /// Whether a joint word stands between two words of `name` (every item of a script is
    /// asked; few have one).
    static func hasInnerJointWord(_ name: String) -> Bool { hasInnerWord(name, among: jointKeys) }

    /// Whether one of `keys` (words packed as below) stands between two words of `name`,
    /// without splitting it into Strings.
    static func hasInnerWord(_ name: String, among keys: [UInt64]) -> Bool {
        // The shortest such name is `a on b`: a shorter one is answered without reading it.
        guard name.utf8.count >= 6 else { return false }
        var packed: UInt64 = 0
        var length = 0
        var wordsBefore = 0
        for byte in name.utf8 {
            if byte == 0x20 {
                if wordsBefore > 0, length <= 8, keys.contains(packed) { return true }
                if length > 0 { wordsBefore += 1 }
                packed = 0
                length = 0
            } else {
                let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if length < 8 { packed = packed << 8 | UInt64(lowered) }
                length += 1
            }
        }
        return false
    }

    /// `words` packed as ``hasInnerWord(_:among:)`` packs a word (a list is quicker to search
    /// than a set is to hash).
    static func packedKeys(_ words: [String]) -> [UInt64] {
        words.map { $0.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }

    private static let jointKeys = packedKeys(Array(jointWords))
}

/// One item of a list as the resolver reads it: a food of its own, or a side of the food
/// before it (`milk` of `tea with milk`, `sugar` of `tea with milk and sugar`).
struct FoodPart {
    var item: Item
    var isSide: Bool
    /// The name of the food this one sits on (`toast` of `avocado on toast`).
    var base: String? = nil
    /// A word of the side that says which sense an ambiguous main has (`ketchup` of `chips
    /// with ketchup`: the chips are fries), as the main's word does for a side, and the food
    /// before `and` for the food after it (`egg and chips`).
    var cue: String? = nil
}
