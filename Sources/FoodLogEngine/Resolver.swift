import Diary
import FoodLogCore
import MealSyntax
import Nutrition

/// Opens the built-in food table on first use, so work that needs no lookups never pays for it.
public final class FoodTableProvider {
    private var opened: (table: FoodTable, matcher: FoodMatcher)?

    public init() {}

    /// The table and its matcher, opening them if needed. Throws when the table cannot be
    /// opened or read (never expected: it is embedded), rather than letting names fall through
    /// to estimates.
    public func get() throws(DiaryError) -> (table: FoodTable, matcher: FoodMatcher) {
        if let opened {
            try FoodTableProvider.check(opened.table)
            return opened
        }
        let table: FoodTable
        do { table = try FoodTable() } catch { throw FoodTableProvider.unreadable("\(error)") }
        let matcher = FoodMatcher(table: table)
        opened = (table, matcher)
        try FoodTableProvider.check(table)
        return (table, matcher)
    }

    /// Throws the first error the table met in a lookup.
    public static func check(_ table: FoodTable) throws(DiaryError) {
        if let failure = table.failure { throw unreadable(failure.message) }
    }

    static func unreadable(_ message: String) -> DiaryError {
        DiaryError(
            kind: .other, path: "<built-in food table>", message: "the built-in food table cannot be read: \(message)")
    }

    /// True once something has opened the table.
    public var isOpen: Bool { opened != nil }
}

/// The resolver chain: the user's custom foods → recipes → saved meals → the built-in food
/// table → estimators (user-provided first, the built-in one last). The first tier that knows a
/// name wins; estimates are always marked with their reason. Choices are cached per phrase.
///
/// Invariant: the same name, library and table always give the same choice.
public final class Resolver {
    public let library: FoodLibrary?
    public let tables: FoodTableProvider
    public var estimators: [FoodEstimator]
    private(set) var cache: [String: FoodChoice?] = [:]
    /// The most entries each cache holds (a diary uses a few hundred names; ten years of varied
    /// logging stays well under it). A script of endless distinct names starts them afresh.
    var cachedNamesLimit = 50_000

    func makeRoom<Key, Value>(in cache: inout [Key: Value]) {
        if cache.count >= cachedNamesLimit { cache.removeAll(keepingCapacity: true) }
    }
    private(set) var shapes: [ItemShape: (choice: FoodChoice, rule: GramAmount)] = [:]
    private var serial = 0
    /// Answers of ``knowsExactly(_:)`` by name: `and` joins and unit splits ask it for every item.
    private(set) var knownNames: [String: Bool] = [:]

    /// What decides an item's food and gram rule besides its quantity.
    struct ItemShape: Hashable {
        var name: String
        var quoted: Bool
        var unit: String?
        var unitWritten: String?
        var size: String?
        var note: String?
        var package: String?
        /// `carrot sticks` (a serving) weighs differently from `10 carrot sticks` (ten sticks).
        var counted: Bool
        /// `half a pizza` is a share of the whole pizza; `2 pizzas` count its slices.
        var partOfOne: Bool
        /// A recipe's `300g rice` is dry rice; a logged one is cooked.
        var isRecipeLine: Bool
        /// Which of the cook's weights the item's mass reaches (``Resolver/cooksWeightStep(_:)``):
        /// `500g beef mince` is raw where `200g beef mince` is cooked.
        var cooksWeightStep: Int

        /// The name alone: shapes of one name seldom differ in the rest, which `==` compares.
        func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    public init(
        library: FoodLibrary?, tables: FoodTableProvider = FoodTableProvider(), estimators: [FoodEstimator]? = nil
    ) {
        self.library = library
        self.tables = tables
        self.estimators = estimators ?? [BuiltinEstimator(tables: tables)]
    }

    /// The food of quick adds, numbered like the other choices (made on first use).
    lazy var quickAddChoice: FoodChoice = {
        let choice = QuickAdd.makeChoice()
        serial += 1
        choice.serial = serial
        return choice
    }()

    /// Forgets cached choices (after the library changed).
    public func invalidate() {
        cache.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        knownNames.removeAll(keepingCapacity: true)
    }

    /// Resolves a list of items. Items joined by a bare `and` become one item when the joined
    /// name is a food the library or the table knows by that exact name (`mac and cheese`); a
    /// `with`/`on` name the table has no composite food for becomes its parts (`toast with jam`);
    /// a comma segment that names no food confidently is a note on the item before it.
    public func resolveAll(_ items: [Item]) throws(DiaryError) -> [Result<ResolvedItem, Diagnostic>] {
        var results: [Result<ResolvedItem, Diagnostic>] = []
        results.reserveCapacity(items.count)
        try resolveEach(items) { results.append($0) }
        return results
    }

    /// ``resolveAll(_:)`` a result at a time, in order, each handed over once the next item
    /// cannot be a note on it (the interpreter keeps them without copying a list of results).
    public func resolveEach(
        _ items: [Item], _ body: (consuming Result<ResolvedItem, Diagnostic>) -> Void
    ) throws(DiaryError) {
        let items = Resolver.prepared(items)
        // Most lists are their own foods: their items are read where they stand, never copied
        // into parts.
        let parts = Resolver.areTheirOwnFoods(items) ? nil : try parts(ofPrepared: items)
        let hasSides = parts?.contains { $0.isSide } ?? false
        var last: Result<ResolvedItem, Diagnostic>?
        // Where `last` came from: its index, and its part once a note changed it.
        var lastIndex = 0
        var notedPart: FoodPart?
        // The food the sides that follow go with (`tea` of `tea with milk and sugar`).
        var main: ResolvedItem?
        // One item of the list, or one part of it (`toast` and `jam` of `toast with jam`).
        func take(_ item: Item, at index: Int) throws(DiaryError) {
            // A segment after a resolved item may be its note (that item is copied only then).
            var isNote = false
            if let afterNote = last?.hasNote {
                isNote = try isCommaNote(item, afterNote: afterNote)
                if !isNote { isNote = try isFlavourNote(item, after: last, afterNote: afterNote) }
            }
            if isNote, case .success(let previous)? = last {
                last = .success(previous.noting(item.written, joinedByAnd: item.joinedByAnd && !item.joinedByComma))
                // A note the parser left as a segment may still say the form (`600g salmon, skinned`)
                // or the amount (`1 can beans, rinsed and drained`): the item is resolved again as
                // what it was, a side keeping its side amount.
                if Resolver.mayNameAForm(item.name.text) || PortionResolver.saysDrained(item.name.text) {
                    var before = notedPart ?? parts?[lastIndex] ?? FoodPart(item: items[lastIndex], isSide: false)
                    before.item = Resolver.noting(before.item, item.written)
                    if case .success(let resolved) = try resolve(before, with: main) { last = .success(resolved) }
                    notedPart = before
                }
            } else {
                if let done = last.take() { body(done) }
                if let parts {
                    last = try resolve(parts[index], with: main)
                    // Only a side reads `main`: a list without one never copies a result into it.
                    if hasSides, !parts[index].isSide { main = try? last?.get() }
                } else {
                    last = try resolve(item)
                }
                lastIndex = index
                notedPart = nil
            }
        }
        if let parts {
            for index in parts.indices { try take(parts[index].item, at: index) }
        } else {
            for index in items.indices { try take(items[index], at: index) }
        }
        if let done = last.take() { body(done) }
    }

    /// One part of a line as what it is: a side weighed by the `main` it goes with, a topping
    /// by what it sits on, else the item on its own.
    func resolve(_ part: FoodPart, with main: ResolvedItem?) throws(DiaryError) -> Result<ResolvedItem, Diagnostic> {
        if part.isSide, let main, let side = try resolveSide(part.item, with: main) { return side }
        if let base = part.base, let topping = try resolveTopping(part.item, on: base) { return .success(topping) }
        if let cue = part.cue, part.item.unit == nil, !part.item.name.quoted {
            let key = TextNormalizer.key(part.item.name.text)
            if AmbiguousWords.read(key, unit: cue) != AmbiguousWords.read(key, unit: nil) {
                return try resolveUncached(part.item, cue: cue)
            }
        }
        return try resolve(part.item)
    }

    /// The items as the foods they name: `and`-joined names the library or table knows as one
    /// food become one item, and `with`/`on` names without a composite food become their parts.
    public func foods(in items: [Item]) throws(DiaryError) -> [Item] {
        try parts(of: items).map(\.item)
    }

    /// The item with what a hot drink is ordered without as its note (`black coffee no sugar`:
    /// the drink `black coffee`, the note `no sugar`; ``FoodMatcher/hotDrinkOrderNote(_:)``).
    static func splittingOrderNote(_ item: Item) -> Item {
        guard mayHaveOrderNote(item), let parts = FoodMatcher.hotDrinkOrderNote(item.name.text) else { return item }
        return split(item, name: parts.drink, note: parts.note)
    }

    /// False for an item no order note can split (``splittingOrderNote(_:)``):
    /// ``FoodMatcher/saysOrderedWithout(_:)`` starts at an inner `no` or `without`, and a name
    /// without one is answered without splitting it.
    static func mayHaveOrderNote(_ item: Item) -> Bool {
        item.note == nil && !item.name.quoted && hasInnerWord(item.name.text, among: orderWithoutKeys)
    }

    /// The item with `name`, a prefix of its name, as its name and `note`, the rest, as its note.
    static func split(_ item: Item, name: Substring, note: Substring) -> Item {
        let text = item.name.text
        let nameEnd = text.utf8.distance(from: text.startIndex, to: name.endIndex)
        let noteStart = text.utf8.distance(from: text.startIndex, to: note.startIndex)
        let range = item.name.range
        var split = item
        split.name = FoodName(
            text: String(name), quoted: false, range: SourceRange(range.start, min(range.end, range.start + nameEnd)))
        split.note = Written(String(note), SourceRange(min(range.end, range.start + noteStart), range.end))
        return split
    }

    /// `a burger without bun`, `tea w/o sugar`: the item as the food before `without` with the
    /// rest as its note; nil when the name has no inner `without` or already has a note.
    /// Asked only when no row names the whole (`peanut butter without salt` is SR26's row).
    static func splittingWithout(_ item: Item) -> Item? {
        guard item.note == nil, !item.name.quoted, hasInnerWord(item.name.text, among: orderWithoutKeys) else {
            return nil
        }
        let words = item.name.text.split(separator: " ")
        guard words.count >= 3,
            let cut = words.indices.dropFirst().dropLast().first(where: {
                let word = words[$0].lowercased()
                return word == "without" || word == "w/o"
            })
        else { return nil }
        let name = item.name.text[words[0].startIndex..<words[cut - 1].endIndex]
        return split(item, name: name, note: item.name.text[words[cut].startIndex...])
    }

    private static let orderWithoutKeys = packedKeys(["no", "without", "w/o"])

    /// `leftover lasagne`, `left over curry`, `pasta bake leftovers`: the item as the food,
    /// noted `leftover`; nil when the name says no leftovers around at least one other word.
    static func splittingLeftover(_ item: Item) -> Item? {
        guard !item.name.quoted else { return nil }
        let text = item.name.text
        let words = text.split(separator: " ")
        guard words.count >= 2 else { return nil }
        let first = words[0].lowercased()
        var food = words[...]
        if leftoverWords.contains(first) {
            food = words.dropFirst()
        } else if first == "left", words.count >= 3, words[1].lowercased() == "over" {
            food = words.dropFirst(2)
        } else if let last = words.last, leftoverWords.contains(last.lowercased()) {
            food = words.dropLast()
        } else {
            return nil
        }
        let named = text[food[food.startIndex].startIndex..<food[food.endIndex - 1].endIndex]
        let offset = { (index: String.Index) in text.utf8.distance(from: text.startIndex, to: index) }
        let range = item.name.range
        var split = item
        if item.name.isFaithful {
            split.name = FoodName(
                text: String(named), quoted: false,
                range: SourceRange(range.start + offset(named.startIndex), range.start + offset(named.endIndex)))
        } else {
            split.name = FoodName(text: String(named), quoted: false, range: range)
        }
        let leftover = Written("leftover", range)
        split.note = item.note.map { Written("leftover, " + $0.text, range.union($0.range)) } ?? leftover
        return split
    }

    /// `white claw black cherry`, `muller corner strawberry`, `big mac meal`: the item as the
    /// product its first words name, noted with the flavour or the way it was bought after
    /// them; nil unless the name ends in one or two flavour words (``FoodMatcher/drinkFlavours``,
    /// or `black`, `wild`, `pink`, `red` before one) after at least two other words, or in
    /// `meal`, `ready meal` or `combo`. The caller asks only when a tier knows those words
    /// exactly and names the whole name with no confidence.
    static func splittingTrailingFlavour(_ item: Item) -> Item? {
        guard item.note == nil, !item.name.quoted else { return nil }
        let text = item.name.text
        let words = text.split(separator: " ")
        guard words.count >= 3 || words.count == 2 && productSuffixes.contains(words[1].lowercased()),
            let last = words.last,
            FoodMatcher.drinkFlavours.contains(TextNormalizer.singular(last.lowercased()))
                || productSuffixes.contains(last.lowercased())
        else { return nil }
        var cut = words.count - 1
        if words.count >= 4, flavourShades.contains(words[cut - 1].lowercased()) { cut -= 1 }
        if words.count >= 3, productSuffixes.contains(words[cut].lowercased()), words[cut - 1].lowercased() == "ready" {
            cut -= 1
        }
        return split(
            item, name: text[words[0].startIndex..<words[cut - 1].endIndex], note: text[words[cut].startIndex...])
    }

    /// `1 tbsp cornstarch mixed with 3 tbsp cold water`, `1 stock cube dissolved in 500ml boiling
    /// water`: the item as the food before a word saying what it was mixed into and `in`,
    /// `with` or `into`, with those words as its note (``prepared(_:)``, before any `with` is
    /// read as a side); nil for any other name.
    static func splittingMixedIn(_ item: Item) -> Item? {
        guard item.note == nil, !item.name.quoted else { return nil }
        let text = item.name.text
        // Most names are one or two words: no split for them.
        guard text.utf8.lazy.filter({ $0 == 0x20 }).count >= 2 else { return nil }
        let words = text.split(separator: " ")
        guard words.count >= 3,
            let cut = words.indices.dropFirst().dropLast().first(where: {
                let (verb, after) = (words[$0].lowercased(), words[$0 + 1].lowercased())
                return mixedInWords.contains(verb) && ["in", "with", "into"].contains(after)
                    || cookedInWords.contains(verb) && ["in", "using"].contains(after)
            })
        else { return nil }
        return split(
            item, name: text[words[0].startIndex..<words[cut - 1].endIndex], note: text[words[cut].startIndex...])
    }

    /// Words saying a food was mixed into something (``splittingMixedIn(_:)``).
    private static let mixedInWords: Set<String> = [
        "mixed", "dissolved", "diluted", "whisked", "stirred", "combined", "blended", "soaked", "dispersed",
    ]

    /// Words saying how a food was made or cooked, before `in` or `using` (``splittingMixedIn(_:)``):
    /// `smoked haddock poached in milk`, `a toastie made in the sandwich maker`. Not before
    /// `with`: `oatmeal made with milk` names its own row.
    private static let cookedInWords: Set<String> = [
        "made", "cooked", "poached", "fried", "boiled", "steamed", "baked", "roasted", "simmered", "stewed",
        "braised", "sauteed", "sautéed", "grilled", "microwaved", "marinated", "done",
    ]

    /// `costa medium cappuccino`, `dunkin med iced coffee`: the item with the size said after
    /// a shop's name (``FoodMatcher/qualityWords``) as its unit, as if said first; nil for any
    /// other name.
    static func splittingShopSize(_ item: Item) -> Item? {
        guard item.unit == nil, item.size == nil, !item.name.quoted else { return nil }
        let text = item.name.text
        let words = text.split(separator: " ")
        guard words.count >= 3, FoodMatcher.qualityWords.contains(TextNormalizer.singular(words[0].lowercased())),
            let size = MeasureUnit.named(lowercased: words[1].lowercased()), size.isSize
        else { return nil }
        let faithful = item.name.isFaithful
        let start = item.name.range.start
        let sizeStart = start + text.utf8.distance(from: text.startIndex, to: words[1].startIndex)
        let sizeRange = faithful ? SourceRange(sizeStart, sizeStart + words[1].utf8.count) : item.name.range
        var sized = item
        sized.unit = UnitWord(canonical: size.name, kind: size.kind, written: Written(String(words[1]), sizeRange))
        sized.name = FoodName(
            text: words[0] + " " + words[2...].joined(separator: " "), quoted: false, range: item.name.range)
        return sized
    }

    /// Words after a product's name that say how it was bought, not what it is (`big mac meal`,
    /// `a whopper combo`, `lasagne ready meal`).
    private static let productSuffixes: Set<String> = ["meal", "combo"]

    /// Words that may come before a flavour (`black cherry`, `wild berry`, `pink grapefruit`).
    private static let flavourShades: Set<String> = ["black", "wild", "pink", "red", "white", "sour", "salted"]

    /// The words saying a food was left over from an earlier meal.
    private static let leftoverWords: Set<String> = ["leftover", "leftovers", "left-over", "left-overs"]

    /// `cottage pie for tea`, `a biryani from the indian`, `popcorn at the cinema`, `milk in my
    /// tea`: the item as the food before a last inner `for` and a meal (`for a snack`), `from`,
    /// `before` or `after` and up to three words, `in` and `my …`, `the …`, or `at` and a place
    /// (`the …`, `my …`, `home`, `work`), with those words as its
    /// note; nil when the name has none or already has a note (`food for thought` keeps its
    /// words). The caller asks it only when no tier knows the whole name exactly and the front
    /// names a food (`toad in the hole` keeps its words).
    static func splittingOccasion(_ item: Item) -> Item? {
        guard item.note == nil, !item.name.quoted, hasInnerWord(item.name.text, among: occasionKeys) else {
            return nil
        }
        let text = item.name.text
        let written = text.split(separator: " ")
        let words = written.map { $0.lowercased() }
        guard let cut = words.indices.dropFirst().dropLast().last(where: { occasionKeywords.contains(words[$0]) })
        else { return nil }
        let after = words[(cut + 1)...]
        let saysOccasion: Bool
        let lead = after[after.startIndex]
        switch words[cut] {
        case "for":
            // `for tea`, `for a snack`, `for my lunch`
            saysOccasion =
                occasionMeals.contains(after[after.endIndex - 1])
                && (after.count == 1 || after.count == 2 && placeLeads.contains(lead))
        case "from", "before", "after": saysOccasion = after.count <= 3
        // `baileys over ice`: how a drink is served.
        case "over": saysOccasion = Resolver.isServingNote(after.joined(separator: " "))
        case "in":
            // `milk in my tea`; but `a hot dog in a bun` is in its bread, a food of the name.
            saysOccasion =
                after.count <= 3 && placeLeads.contains(lead)
                && !after.contains(where: { FoodKind.ofHead($0) == .bread })
        default:
            saysOccasion =
                after.count <= 3 && placeLeads.contains(lead) || after.count == 1 && placeWords.contains(lead)
        }
        guard saysOccasion else { return nil }
        return Resolver.split(
            item, name: text[written[0].startIndex..<written[cut - 1].endIndex], note: text[written[cut].startIndex...])
    }

    /// `mcdonalds hash browns` of the item `hash browns` noted `from mcdonalds`: a place named
    /// by itself after `from` (no `the`, `my`) put before the food, as chains' own foods are
    /// named; nil for any other note.
    static func chainsFood(_ item: Item) -> Item? {
        guard let note = item.note, note.text.lowercased().hasPrefix("from ") else { return nil }
        let place = note.text.dropFirst(5)
        let words = place.split(separator: " ").map { $0.lowercased() }
        // `from frozen`, `from scratch`: how it was made, not where.
        guard let first = words.first, !placeLeads.contains(first),
            !words.contains(where: { Vocabulary.isNoteWord($0) || madeFromWords.contains($0) })
        else { return nil }
        var named = item
        named.name = FoodName(
            text: place + " " + item.name.text, quoted: false, range: item.name.range.union(note.range))
        return named
    }

    /// What a food is made from, after `from`, that names no place (`from scratch`).
    private static let madeFromWords: Set<String> = ["scratch", "concentrate", "tin", "can", "jar", "packet", "mix"]

    /// The words of ``splittingOccasion(_:)``: what comes before the occasion, the meals after
    /// `for`, the words that begin a place and the places said alone.
    private static let occasionKeywords: Set<String> = ["for", "from", "at", "before", "after", "in", "over"]
    private static let occasionKeys = packedKeys(Array(occasionKeywords))
    private static let occasionMeals: Set<String> = Set(Vocabulary.mealWords).union([
        "tea", "afters", "pudding", "elevenses", "work", "school",
    ])
    static let placeLeads: Set<String> = ["the", "a", "my", "our", "mum's", "mums"]
    private static let placeWords: Set<String> = ["home", "work", "school", "uni", "college", "lunchtime"]

    /// True for the usual list, which joins nothing with `and` and has no `with`/`on` name: its
    /// items are its foods.
    static func areTheirOwnFoods(_ items: [Item]) -> Bool {
        !items.indices.contains(where: { items[$0].joinedByAnd || Resolver.mayBeComposite(items[$0].name) })
    }

    /// The items as the resolver reads them, before any is joined or split into parts: a hot
    /// drink's order after a comma folded into the drink, and what a drink is ordered without
    /// as its note (``foldingDrinkOrders(_:)``, ``splittingOrderNote(_:)``). The one step both
    /// ``resolveEach(_:_:)`` and ``foods(in:)`` take.
    static func prepared(_ items: [Item]) -> [Item] {
        var items = foldingDrinkOrders(items)
        // Written only where an order note splits off: most lists are kept as they are, uncopied.
        for index in items.indices where mayHaveOrderNote(items[index]) {
            items[index] = splittingOrderNote(items[index])
        }
        // `1 tbsp cornstarch mixed with 3 tbsp cold water`: what it was mixed with is no side.
        for index in items.indices {
            if let food = splittingMixedIn(items[index]) { items[index] = food }
        }
        return items
    }

    /// ``foods(in:)``, each saying whether it is a side of the food before it.
    func parts(of items: [Item]) throws(DiaryError) -> [FoodPart] { try parts(ofPrepared: Resolver.prepared(items)) }

    /// ``parts(of:)`` of items already ``prepared(_:)``.
    func parts(ofPrepared items: [Item]) throws(DiaryError) -> [FoodPart] {
        guard !Resolver.areTheirOwnFoods(items) else { return items.map { FoodPart(item: $0, isSide: false) } }
        var results: [FoodPart] = []
        results.reserveCapacity(items.count)
        var index = 0
        while index < items.count {
            var item = items[index]
            if let last = Resolver.endOfFillingsList(items, from: index) {
                item = Resolver.joined(items[index...last])
                index = last
            }
            while index + 1 < items.count, items[index + 1].joinedByAnd, item.note == nil,
                Resolver.amountJoins(items[index + 1], after: item)
            {
                let next = items[index + 1]
                let joined = item.name.text + " and " + next.name.text
                guard joined.utf8.count <= SaneRanges.nameBytes,
                    try joinsAsOneFood(joined, first: item.name.text, second: next.name.text)
                else { break }
                let range = item.written.range.union(next.written.range)
                item = Item(
                    written: Written(item.written.text + " and " + next.written.text, range),
                    quantity: item.quantity ?? next.quantity, unit: item.unit ?? next.unit,
                    name: FoodName(text: joined, quoted: false, range: item.name.range.union(next.name.range)),
                    note: next.note, joinedByAnd: item.joinedByAnd, isRecipeLine: item.isRecipeLine)
                index += 1
            }
            if let parts = try composite(item) {
                results += parts
            } else {
                // `tea with milk and sugar`: a bare food joined by `and` to a side is another side.
                let continuesSides =
                    results.last?.isSide == true && item.joinedByAnd && item.quantity == nil && item.unit == nil
                    && item.size == nil
                // `egg and chips`, `cod and chips`: the food before `and` says which chips.
                // `fish and chips`: the food after `and` says which fish, when the one before has no cue yet.
                var cue: String?
                if item.joinedByAnd, let before = results.last {
                    cue = try ambiguityCue(item.name.text, after: before.item.name.text)
                    if before.cue == nil, before.item.unit == nil {
                        results[results.count - 1].cue = try ambiguityCue(before.item.name.text, after: item.name.text)
                    }
                }
                results.append(FoodPart(item: item, isSide: continuesSides, cue: cue))
            }
            index += 1
        }
        return results
    }

    /// True when `next`, after `and`, may join `item` as one food by its amount: it has none,
    /// or it has one written after its name (`kraft mac and cheese, 1 cup`) and `item` has none,
    /// so the amount is the joined food's.
    static func amountJoins(_ next: Item, after item: Item) -> Bool {
        if next.quantity == nil, next.unit == nil { return true }
        guard item.quantity == nil, item.unit == nil, next.size == nil else { return false }
        let amountStart = next.quantity?.written.range.start ?? next.unit?.written.range.start ?? 0
        return amountStart >= next.name.range.end
    }

    /// True when names joined by `and` are one food: a tier knows the joined name exactly
    /// (`mac and cheese`), it begins with a cooking style (`salt and pepper chicken`, see
    /// ``DishWords``), or the table names it confidently while the part after `and` names
    /// no food on its own (`salt and vinegar crisps`: `vinegar crisps` is no food) or names
    /// another food than the joined name's row, which is the second part's food made with the
    /// first (`sausage and egg mcmuffin` is `Sausage McMUFFIN with Egg`, not a sausage and an
    /// egg McMuffin; `eggs and toast` are no `Bread, egg, toasted`).
    func joinsAsOneFood(_ joined: String, first: String, second: String) throws(DiaryError) -> Bool {
        let table = try tables.get().table
        if try knowsExactly(joined) || Resolver.isDishOfFillings(first: first, second: second)
            || FoodMatcher.namesOneDrinkOfFlavours(first: first, second: second)
            || mixedDrink(TextNormalizer.key(joined), in: table) != nil
            || DishWords.styled(TextNormalizer.key(joined)) != nil
        {
            return true
        }
        guard try confidentlyNames(joined) else { return false }
        guard try confidentlyNames(second) else { return true }
        guard let whole = try choose(joined), let part = try choose(second), whole.food.id != part.food.id else {
            return false
        }
        let firstWords = Set(TextNormalizer.foldedWords(first)).subtracting(FoodMatcher.stopWords)
            .subtracting(TextNormalizer.foldedWords(second))
        // The row is the second part's food (its own word, not a form: `toasted` is no `toast`)
        // made with the first part.
        let words = TextNormalizer.foldedWords(whole.food.name)
        let head = FoodMatcher.headNoun(TextNormalizer.foldedWords(second))
        // What the row is made with, not what it is without (`Peppers, …, without salt`).
        let withWhat = whole.food.name.split(separator: ",").filter {
            !TextNormalizer.foldedWords(String($0)).contains { $0 == "without" || $0 == "no" }
        }.joined(separator: ",")
        return !firstWords.isEmpty && words.contains(head)
            && firstWords.isSubset(of: FoodMatcher.rowWords(withWhat))
    }

    /// The table's row of a spirit and mixer named by `key` (`vodka and diet coke` is FNDDS's
    /// `Vodka and diet cola`, see ``MixedDrinks``); nil for any other name.
    func mixedDrink(_ key: String, in table: FoodTable) -> FoodRecord? {
        guard key.contains(" and ") || key.contains(" & ") else { return nil }
        return MixedDrinks.tableNames(words: key.split(separator: " ").map(String.init)).lazy
            .compactMap { table.food(named: $0) }.first
    }

    /// True for `cheese and pickle sandwich`, `chicken and mushroom pie`, `leek and potato
    /// soup`, `pork and apple sausages`: a short first part and a second part of several words ending in a dish that is
    /// made of fillings. The two name one dish, never a food and a dish.
    static func isDishOfFillings(first: String, second: String) -> Bool {
        let secondWords = TextNormalizer.foldedWords(second)
        guard let dish = secondWords.last, secondWords.count >= 2, dishesOfFillings.contains(dish) else { return false }
        return TextNormalizer.words(first).count <= 2
    }

    /// The index of the last item of a list of fillings that names one dish, starting at
    /// `first`: bare names of one or two words joined by commas, then by `and` a dish made of
    /// fillings (`a bacon, egg and cheese bagel`, `a chicken, bacon and avocado sandwich`), or
    /// a biscuit, which a list of fillings makes a breakfast sandwich (`a sausage, egg and cheese
    /// biscuit`).
    /// Nil when the items there are no such list (`ham, egg and chips` are three foods).
    static func endOfFillingsList(_ items: [Item], from first: Int) -> Int? {
        func isFilling(_ item: Item) -> Bool {
            item.note == nil && item.size == nil && !item.name.quoted && TextNormalizer.words(item.name.text).count <= 2
        }
        // The list starts the line or an amount (`coffee, a bacon, egg and cheese bagel`), never
        // after `and` (`bangers and mash, leek and potato soup`).
        guard isFilling(items[first]), first == 0 || (items[first].quantity != nil && !items[first].joinedByAnd)
        else { return nil }
        var index = first + 1
        while index < items.count, items[index].joinedByComma, items[index].quantity == nil, items[index].unit == nil,
            isFilling(items[index])
        {
            index += 1
        }
        guard index > first + 1, index < items.count, items[index].joinedByAnd, items[index].quantity == nil,
            items[index].unit == nil
        else { return nil }
        let dish = TextNormalizer.foldedWords(items[index].name.text)
        guard dish.count >= 2, let noun = dish.last, dishesOfFillings.contains(noun) || noun == "biscuit" else {
            return nil
        }
        return index
    }

    /// Items of one name as one item: `bacon`, `egg` and `cheese bagel` as `bacon, egg and
    /// cheese bagel`, with the first item's amount and the last one's note.
    static func joined(_ parts: ArraySlice<Item>) -> Item {
        guard let first = parts.first, let last = parts.last else { preconditionFailure("no items to join") }
        func spelled(_ texts: [String]) -> String {
            texts.dropLast().joined(separator: ", ") + " and " + (texts.last ?? "")
        }
        return Item(
            written: Written(spelled(parts.map(\.written.text)), first.written.range.union(last.written.range)),
            quantity: first.quantity, unit: first.unit,
            name: FoodName(
                text: spelled(parts.map(\.name.text)), quoted: false, range: first.name.range.union(last.name.range)),
            note: last.note, joinedByAnd: first.joinedByAnd, isRecipeLine: first.isRecipeLine)
    }

    /// Dishes named for what is in them (`X and Y sandwich`), folded singular.
    static let dishesOfFillings: Set<String> = [
        "sandwich", "sarnie", "butty", "roll", "bap", "wrap", "baguette", "panini", "toastie", "sub", "bagel",
        "pie", "pasty", "pizza", "quiche", "tart", "soup", "curry", "stew", "casserole", "bake", "lasagne",
        "risotto", "omelette", "omelet", "salad", "crumble", "smoothie", "crisp", "burger", "sausage", "banger",
        "muffin", "scone", "burrito", "taco", "quesadilla",
    ]

    /// A comma segment with no amount that does not confidently name a food (`1 leek,
    /// trimmed`, `salt, to taste`), or an amount that names none (`beans on toast, 2 slices`):
    /// a note on the item before it, never an item of its own.
    /// Confident: the library's or an alias's exact name, or a table match that needed no
    /// spelling correction and is no estimate, with a word that is not a note word.
    /// After `and` (`1 carrot, peeled and grated`) only a segment of note words is a note,
    /// unless it continues a note (`afterNote`): `1 lb shrimp, peeled and deveined` is one
    /// note, since `deveined` names no food either. A segment that begins `no` or `without` is
    /// always a note.
    func isCommaNote(_ item: Item, afterNote: Bool = false) throws(DiaryError) -> Bool {
        guard item.joinedByComma || item.joinedByAnd, item.unit == nil, item.size == nil, !item.name.quoted else {
            return false
        }
        // `a pizza, 12 inch bbq chicken pizza`: a segment that begins with a number begins an item.
        if item.name.text.utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true { return false }
        let words = TextNormalizer.words(item.name.text)
        // An amount that names no food says how much of the one before (`beans on toast, 2
        // slices`); energy is a quick add of its own (`2 eggs, 420 kj`).
        guard item.quantity == nil else {
            return item.joinedByComma
                && words.allSatisfy { word in MeasureUnit.named(lowercased: word).map { $0.kind != .energy } ?? false }
        }
        if words.allSatisfy({ Vocabulary.isNoteWord($0) || FoodMatcher.stopWords.contains($0) || $0 == "at" }) {
            return true
        }
        // What the food is without (`orange squash, no added sugar`, `chicken, without skin`)
        // names no second food.
        if item.joinedByComma, let first = words.first, first == "no" || first == "without" { return true }
        // `broccoli cheddar soup, bowl`: a unit alone says how it came, no food.
        if item.joinedByComma, words.count == 1, MeasureUnit.named(lowercased: words[0])?.kind == .household {
            return true
        }
        guard item.joinedByComma || afterNote else { return false }
        // `cottage pie for tea` names the food before its occasion.
        if let front = Resolver.splittingOccasion(item), try confidentlyNames(front.name.text) { return false }
        // `white claw black cherry`, `leftover lasagne` name a product and a food.
        if let product = Resolver.splittingTrailingFlavour(item), try knowsExactly(product.name.text) { return false }
        if let food = Resolver.splittingLeftover(item), try confidentlyNames(food.name.text) { return false }
        return try !confidentlyNames(item.name.text)
    }

    /// `premier protein shake, chocolate`, `maruchan ramen cup, chicken`: a comma segment of
    /// flavour words alone after a product sold in flavours says which flavour, no second food:
    /// any flavour after crisps or instant noodles, a sweet one (``isSweetFlavourWord(_:)``)
    /// after a shake, a yoghurt, a bar or another of ``flavouredKinds``. So does a flavour joined
    /// by `and` to such a note (`walkers, cheese and onion`). A segment of several words that is
    /// a food's own name stays an item (`a slimline tonic, red grapes`, `a coke, sesame chicken`).
    func isFlavourNote(_ item: Item, after last: Result<ResolvedItem, Diagnostic>?, afterNote: Bool) throws(DiaryError)
        -> Bool
    {
        guard item.joinedByComma || (item.joinedByAnd && afterNote), item.quantity == nil, item.unit == nil,
            item.size == nil, !item.name.quoted
        else { return false }
        let words = TextNormalizer.words(item.name.text)
        guard !words.isEmpty, words.count <= 4, words.allSatisfy(Resolver.isFlavourWord),
            case .success(let previous)? = last
        else { return false }
        if words.count > 1, try confidentlyNames(item.name.text) { return false }
        if !item.joinedByComma {
            guard let note = previous.note, TextNormalizer.words(note).allSatisfy(Resolver.isFlavourWord) else {
                return false
            }
        }
        let kind = FoodKind.of(name: previous.choice.food.name, group: previous.choice.food.group)
        let productWords = TextNormalizer.words(previous.text)
        // Savoury flavours are of crisps and instant noodles; sweet ones of the rest.
        if [.crisps, .soup].contains(kind) || productWords.contains(where: ["noodle", "noodles", "ramen"].contains) {
            return true
        }
        return words.allSatisfy(Resolver.isSweetFlavourWord)
            && (Resolver.flavouredKinds.contains(kind) || productWords.contains(where: ["bar", "bars"].contains))
    }

    /// A word of a flavour, sweet or savoury (``isFlavourNote(_:after:afterNote:)``).
    static func isFlavourWord(_ word: String) -> Bool { isSweetFlavourWord(word) || savouryFlavours.contains(word) }

    /// A word of a sweet flavour (`chocolate`, `cookies n cream`, `black cherry`), or one joining
    /// flavours.
    static func isSweetFlavourWord(_ word: String) -> Bool {
        FoodMatcher.drinkFlavours.contains(TextNormalizer.singular(word)) || sweetFlavours.contains(word)
            || flavourShades.contains(word) || ["and", "&", "n", "flavour", "flavor"].contains(word)
    }

    /// Kinds of food sold in flavours (``isFlavourNote(_:after:afterNote:)``).
    static let flavouredKinds: Set<FoodKind> = [
        .shake, .crisps, .popcorn, .yogurt, .iceCream, .softDrink, .milk, .soup, .sweets, .cereal,
    ]

    /// Flavours of sweet products besides a drink's (`cookies and cream`).
    private static let sweetFlavours: Set<String> = [
        "cream", "cookies", "cookie", "mocha", "coffee", "toffee", "fudge", "birthday", "cake", "brownie",
    ]

    /// Flavours of savoury snacks and instant noodles (`cheese and onion`, `salt and vinegar`).
    private static let savouryFlavours: Set<String> = [
        "chicken", "beef", "mushroom", "cheese", "onion", "salt", "vinegar", "bbq", "barbecue", "prawn", "cocktail",
        "chilli", "chili", "curry", "spicy", "sweet", "original", "plain", "pork", "shrimp", "teriyaki", "hot",
        "ranch", "jalapeno", "paprika", "sesame", "soy", "smoky", "smoked", "ham", "pickle",
    ]

    /// True when a tier knows this exact name (library names, curated aliases, table names).
    public func knowsExactly(_ name: String) throws(DiaryError) -> Bool {
        if let known = knownNames[name] { return known }
        let known = try uncachedKnowsExactly(name)
        makeRoom(in: &knownNames)
        knownNames[name] = known
        return known
    }

    func uncachedKnowsExactly(_ name: String) throws(DiaryError) -> Bool {
        let key = TextNormalizer.key(name)
        if try libraryKnows(key) { return true }
        let tables = try tables.get()
        let known = tables.matcher.isAlias(key) || (name.contains(",") && tables.table.food(named: name) != nil)
        try FoodTableProvider.check(tables.table)
        return known
    }

    /// True when the user's library has a food, recipe, meal or alias of this key.
    func libraryKnows(_ key: String) throws(DiaryError) -> Bool {
        guard let library else { return false }
        if try library.customFood(key) != nil { return true }
        if try library.recipe(key) != nil { return true }
        if try library.savedMeal(key) != nil { return true }
        return try library.aliasTarget(key) != nil
    }

    /// Resolves one parsed item, or returns the diagnostic explaining why it cannot be. Items
    /// that differ only in quantity share one cached food and gram rule.
    public func resolve(_ item: Item) throws(DiaryError) -> Result<ResolvedItem, Diagnostic> {
        let shape = ItemShape(
            name: item.name.text, quoted: item.name.quoted, unit: item.unit?.canonical,
            unitWritten: item.unit?.written.text, size: item.size?.canonical, note: item.note?.text,
            package: item.package?.canonical, counted: item.quantity != nil,
            partOfOne: item.unit == nil && item.quantity.map { $0.value < 1 } == true,
            isRecipeLine: item.isRecipeLine, cooksWeightStep: Resolver.cooksWeightStep(item))
        let quantity = item.quantity?.value ?? 1
        if let known = shapes[shape] {
            return .success(resolvedItem(item, choice: known.choice, rule: known.rule))
        }
        let result = try resolveUncached(item)
        if case .success(let resolved) = result {
            makeRoom(in: &shapes)
            shapes[shape] = (
                resolved.choice,
                GramAmount(
                    gramsPerQuantity: resolved.grams / max(quantity, .leastNonzeroMagnitude),
                    basisSuffix: resolved.basisSuffix, assumption: resolved.assumption)
            )
        }
        return result
    }

    /// The resolved form of `item`: its words and parsed parts, the food and the grams.
    func resolvedItem(_ item: Item, choice: FoodChoice, rule: GramAmount) -> ResolvedItem {
        let quantity = item.quantity?.value ?? 1
        return ResolvedItem(
            text: item.written.text, range: item.written.range, quantity: quantity,
            unit: item.unit?.written.text, note: item.note?.text, choice: choice,
            grams: rule.grams(quantity), basisSuffix: rule.basisSuffix, assumption: rule.assumption,
            name: item.name.text, size: item.size?.canonical, quantityText: item.quantity?.written.text,
            unitCanonical: item.unit?.canonical)
    }

    /// Resolves an item without the shape cache; `splitting` tries its last word as a unit
    /// first (once: the split item is not split again). `cue`: a word of the food the item goes
    /// with, read like a unit for an ambiguous word (`chips` with `fish`).
    func resolveUncached(_ item: Item, splitting: Bool = true, cue: String? = nil) throws(DiaryError) -> Result<
        ResolvedItem, Diagnostic
    > {
        if let quick = QuickAdd.resolve(item, choice: quickAddChoice) { return .success(quick) }
        // `a mini cheddars`, `2 large fries`: a size word that begins a food's own name is no size.
        if let size = item.size ?? item.unit.flatMap({ MeasureUnit.named($0.canonical)?.isSize == true ? $0 : nil }),
            item.size == nil || item.unit == nil, !item.name.quoted,
            try knowsExactly(size.written.text + " " + item.name.text)
        {
            var named = item
            named.name = FoodName(
                text: size.written.text + " " + item.name.text, quoted: false,
                range: size.written.range.union(item.name.range))
            if item.size == nil { named.unit = nil } else { named.size = nil }
            return try resolveUncached(named, splitting: splitting, cue: cue)
        }
        // `a pot noodle`, `a tub cake`: a household unit written straight before the name, with
        // no `of`, that begins a food's own name is no unit (a measure, `1 cup noodles`, stays;
        // so does the unit of the user's own food, `1 scoop shake`).
        if let unit = item.unit, unit.kind == .household, item.size == nil, !item.name.quoted,
            item.name.range.start - unit.written.range.end <= 1, try !libraryKnows(TextNormalizer.key(item.name.text)),
            try knowsExactly(unit.written.text + " " + item.name.text)
        {
            var named = item
            named.name = FoodName(
                text: unit.written.text + " " + item.name.text, quoted: false,
                range: unit.written.range.union(item.name.range))
            named.unit = nil
            return try resolveUncached(named, splitting: splitting, cue: cue)
        }
        if let counted = try countedPartName(item, splitting: splitting, cue: cue) { return counted }
        if let counted = try countedPartOfQuantity(item, splitting: splitting, cue: cue) { return counted }
        if let front = Resolver.splittingWithout(item), try !confidentlyNames(item.name.text) {
            return try resolveUncached(front, splitting: splitting, cue: cue)
        }
        if let sized = Resolver.splittingShopSize(item) {
            return try resolveUncached(sized, splitting: splitting, cue: cue)
        }
        if let product = Resolver.splittingTrailingFlavour(item), try knowsExactly(product.name.text),
            try !confidentlyNames(item.name.text)
        {
            return try resolveUncached(product, splitting: splitting, cue: cue)
        }
        if let food = Resolver.splittingLeftover(item), try !knowsExactly(item.name.text),
            try confidentlyNames(food.name.text)
        {
            return try resolveUncached(food, splitting: splitting, cue: cue)
        }
        if let front = Resolver.splittingOccasion(item), try !knowsExactly(item.name.text) {
            // `hash browns from mcdonalds`: the chain's own food, when the table knows it.
            if let chains = Resolver.chainsFood(front), try confidentlyNames(chains.name.text) {
                return try resolveUncached(chains, splitting: splitting, cue: cue)
            }
            if try confidentlyNames(front.name.text) {
                return try resolveUncached(front, splitting: splitting, cue: cue)
            }
            // `chicken tikka masla from the indian`: a front that names a food once its spelling
            // is corrected, where the whole name would be an estimate.
            if case .success(let resolved) = try resolveUncached(front, splitting: splitting, cue: cue),
                !resolved.isEstimate
            {
                return .success(resolved)
            }
        }
        // "a cod fillet", "a snickers bar": a unit word at the end of the name. A split that only
        // a default weight carries gives way to a food the whole name names ("onion rings").
        if splitting, item.unit == nil, !item.name.quoted, try !knowsExactly(item.name.text),
            let split = splitTrailingUnit(item),
            case .success(let resolved) = try resolveUncached(split, splitting: false)
        {
            // `chiken nuggets`: a front named only once its spelling is corrected gives way to the
            // whole name corrected, when that names a food.
            if resolved.choice.correctedPhrase != nil,
                case .success(let whole) = try resolveUncached(item, splitting: false), !whole.isEstimate
            {
                return .success(whole)
            }
            guard resolved.assumption != nil, try confidentlyNames(item.name.text),
                case .success(let wholeResolved) = try resolveUncached(item, splitting: false),
                wholeResolved.assumption == nil, wholeResolved.food.id != resolved.food.id
            else { return .success(resolved) }
            return .success(wholeResolved)
        }
        // `1 cup apple slices`: after a unit, a unit noun ending the name only describes the
        // pieces, unless the table's food has every word of the name (`1 bag onion rings`).
        if splitting, item.unit != nil, !item.name.quoted, var stripped = splitTrailingUnit(item),
            try !knowsExactly(item.name.text), try !namesEveryWord(item.name.text),
            try confidentlyNames(stripped.name.text)
        {
            stripped.unit = item.unit
            if case .success(let resolved) = try resolveUncached(stripped, splitting: false) {
                return .success(resolved)
            }
        }
        // `6 cups chicken broth or water`: a cook's alternative is a note on the first food.
        if splitting, let first = Resolver.firstAlternative(item), try !knowsExactly(item.name.text),
            try confidentlyNames(first.name.text),
            case .success(let resolved) = try resolveUncached(first, splitting: false)
        {
            return .success(resolved)
        }
        // `salt, to taste` is a pinch of a seasoning: the unit no one wrote.
        let toTaste = Parser.isToTaste(item)
        let seasoning = toTaste || (item.unit.map { FoodMatcher.seasoningUnits.contains($0.canonical) } ?? false)
        // The unit, else the package a stated amount came in (`330ml can of lemonade`), else the
        // cue may say which sense an ambiguous word has.
        var senseUnit = item.unit?.canonical ?? cue
        if let package = item.package?.canonical {
            let key = TextNormalizer.key(item.name.text)
            if AmbiguousWords.read(key, unit: senseUnit) == AmbiguousWords.read(key, unit: nil) { senseUnit = package }
        }
        guard let plain = try choose(item.name.text, seasoning: seasoning, unit: senseUnit) else {
            return .failure(
                DiagnosticMessages.unknownFood(
                    item.name.text, suggestions: try suggestions(for: item.name.text),
                    estimatorFailures: estimators.compactMap { $0.failure(for: item.name.text) },
                    item.name.range))
        }
        let choice = try preparedChoice(item, plain: plain) ?? plain
        let unit =
            item.unit.map { unit in
                UnitRequest(
                    canonical: unit.canonical, unitClass: UnitClass(rawValue: unit.kind.rawValue) ?? .household,
                    written: unit.written.text)
            } ?? Resolver.impliedUnit(item, choice: choice, toTaste: toTaste)
        // The name's words last: the last is the head noun (`lemon wedges, to serve` → `wedge`).
        let hints = (item.note.map { TextNormalizer.words($0.text) } ?? []) + TextNormalizer.words(item.name.text)
        switch PortionResolver.grams(
            unit: unit, foodName: choice.food.name, portions: choice.portions,
            naturalPortion: choice.naturalPortion, kcalPer100g: choice.per100g[.kcal],
            hints: hints, size: item.size?.canonical, group: choice.food.group, counted: item.quantity != nil,
            partOfOne: item.unit == nil && item.quantity.map { $0.value < 1 } == true)
        {
        case .success(let rule):
            let weighed = PortionResolver.drained(
                rule, unit: item.unit?.canonical, package: item.package?.canonical, note: item.note?.text,
                foodName: choice.food.name, group: choice.food.group)
            return .success(resolvedItem(item, choice: choice, rule: weighed))
        case .failure(let error):
            // `1 cream of mushroom soup`, `1 side salad`: the unit word may begin the name.
            if splitting, let whole = unitAsName(item), try confidentlyNames(whole.name.text),
                try choose(whole.name.text)?.food.id != choice.food.id,
                case .success(let resolved) = try resolveUncached(whole, splitting: false)
            {
                return .success(resolved)
            }
            let range = item.unit?.written.range ?? item.name.range
            return .failure(DiagnosticMessages.noPortion(error.message, help: error.help, range))
        }
    }

    /// The food in the form the item's note says (grammar/foods.md, "Notes that say the
    /// form"): a cooking word picks the cooked row (`eggs, fried` is `fried eggs`); `raw`,
    /// `uncooked` or a step done before cooking (`diced`, `rinsed`, `peeled`) picks the raw row
    /// a recipe weighs (`500g chicken thighs, diced`). Without such a note the amount may say the
    /// form (``amountForm(_:plain:)``: `1 can chickpeas`, `1 lb chicken breasts`). Nil when
    /// nothing says a form, the name or the `plain` choice already has it, or the table has no
    /// food in that form.
    func preparedChoice(_ item: Item, plain: FoodChoice) throws(DiaryError) -> FoodChoice? {
        guard !item.name.quoted, plain.source == .database else { return nil }
        let nameWords = Set(TextNormalizer.words(item.name.text))
        if let form = Resolver.saidForm(nameWords, plain: plain) {
            if let sibling = try siblingChoice(plain, form: form, item: item) { return sibling }
            // `1 lb frozen chicken breasts`: no row is frozen, but the amount may still say raw.
            guard form == "frozen", let amount = Resolver.amountForm(item, plain: plain) else { return nil }
            return try siblingChoice(plain, form: amount, item: item)
        }
        guard nameWords.isDisjoint(with: FoodMatcher.preparedWords.union(FoodMatcher.rawWords)) else { return nil }
        guard let note = item.note, let form = noteForm(note, item, plain: plain) else {
            // No note says the form: the amount may (`1 can chickpeas`, `1 lb chicken breasts`),
            // unless the note says the food is cooked as the plain choice is (`2 kg rice, cooked`).
            let cooked = item.note.map {
                TextNormalizer.words($0.text).contains(where: FoodMatcher.cookedWords.contains)
            }
            guard cooked != true, let form = Resolver.amountForm(item, plain: plain) else { return nil }
            return try siblingChoice(plain, form: form, item: item)
        }
        let name = form + " " + item.name.text
        if let choice = try choose(name), choice.source == .database, choice.correctedPhrase == nil,
            choice.unnamedWords.isEmpty, choice.food.id != plain.food.id
        {
            return choice
        }
        // `1 cup penne, uncooked`: no row is named for `penne`, but the alias's row has a raw sibling.
        return form == "raw" ? try siblingChoice(plain, form: form, item: item) : nil
    }

    /// The form a note says (`fried`, or `raw` for a step done before cooking), nil for none.
    func noteForm(_ note: Written, _ item: Item, plain: FoodChoice) -> String? {
        let noteWords = TextNormalizer.words(note.text)
        let plainWords = Set(TextNormalizer.words(plain.food.name))
        if let word = noteWords.first(where: FoodMatcher.cookingWords.contains) {
            return plainWords.contains(word) ? nil : word
        }
        let packaged = [item.unit?.canonical, item.package?.canonical].contains {
            $0.map(Resolver.packagedUnits.contains) ?? false
        }
        guard noteWords.contains(where: Resolver.beforeCookingWords.contains), !noteWords.contains("drained"),
            !packaged, plainWords.isDisjoint(with: FoodMatcher.rawWords),
            !plainWords.isDisjoint(with: FoodMatcher.preparedWords)
        else { return nil }
        return "raw"
    }

    /// True when a note's words include one that may say the food's form.
    static func mayNameAForm(_ note: String) -> Bool {
        TextNormalizer.words(note).contains { FoodMatcher.cookingWords.contains($0) || beforeCookingWords.contains($0) }
    }

    /// `item` with a comma segment added to its note, as the parser writes a note.
    static func noting(_ item: Item, _ segment: Written) -> Item {
        var noted = item
        noted.written = Written(item.written.text + ", " + segment.text, item.written.range.union(segment.range))
        noted.note = Written(
            item.note.map { $0.text + ", " + segment.text } ?? segment.text,
            item.note.map { $0.range.union(segment.range) } ?? segment.range)
        return noted
    }

    /// Note words that say a food is still raw: weighed before it is cooked (`1 cup quinoa,
    /// rinsed`, `1 lb shrimp, peeled and deveined`).
    /// Only consulted when the plain choice is cooked (rice, meat, lentils): vegetables are
    /// raw already, and words such as `chopped` or `sliced` suit cooked food as well.
    static let beforeCookingWords: Set<String> = [
        "raw", "uncooked", "diced", "cubed", "rinsed", "washed", "peeled", "deveined", "trimmed", "soaked",
        "skinned", "deboned", "butterflied",
    ]

    /// Units of food sold ready to eat: `1 can chickpeas, rinsed` is not raw chickpeas.
    static let packagedUnits: Set<String> = ["can", "tin", "jar", "packet", "pouch"]

    /// True when the food chosen for `name` has every word of it in its own name.
    func namesEveryWord(_ name: String) throws(DiaryError) -> Bool {
        guard let choice = try choose(name) else { return false }
        let own = Set(TextNormalizer.foldedWords(choice.food.name).map(TextNormalizer.singular))
        return TextNormalizer.foldedWords(name).allSatisfy { own.contains(TextNormalizer.singular($0)) }
    }

    /// True when the library knows the name exactly or the table matched it without a
    /// spelling correction or an estimate.
    func confidentlyNames(_ name: String) throws(DiaryError) -> Bool {
        if try knowsExactly(name) { return true }
        // No estimate is made to be thrown away (`trimmed` of `1 leek, trimmed`).
        guard let choice = try chooseKnown(name) else { return false }
        // A row that leaves words of the name unsaid (`tikka`, `skinny`) is only its nearest food.
        return choice.correctedPhrase == nil && choice.unnamedWords.isEmpty
    }

    /// The item with its household unit (and `of`) read back into the name, counted.
    func unitAsName(_ item: Item) -> Item? {
        guard let unit = item.unit, unit.kind == .household, item.size == nil,
            unit.written.range.start >= item.written.range.start
        else { return nil }
        let bytes = Array(item.written.text.utf8)
        let from = unit.written.range.start - item.written.range.start
        let to = item.name.range.end - item.written.range.start
        guard from >= 0, to <= bytes.count, from < to else { return nil }
        let words = String(decoding: bytes[from..<to], as: UTF8.self).split(whereSeparator: { $0 == " " })
        var whole = item
        whole.unit = nil
        whole.name = FoodName(
            text: words.joined(separator: " "), quoted: false,
            range: SourceRange(unit.written.range.start, item.name.range.end))
        return whole
    }

    /// The item with its name's last word taken as a household unit, when that word is one.
    func splitTrailingUnit(_ item: Item) -> Item? {
        let words = item.name.text.split(separator: " ")
        guard words.count >= 2, let last = words.last, let unit = MeasureUnit.named(last),
            unit.kind == .household
        else { return nil }
        let nameText = words.dropLast().joined(separator: " ")
        let lastStart = item.name.range.end - last.utf8.count
        var split = item
        split.name = FoodName(text: nameText, quoted: false, range: SourceRange(item.name.range.start, lastStart - 1))
        // `carrot sticks` with no count is a serving of sticks, not one stick.
        let servingOfPieces = item.quantity == nil && last.lowercased() != unit.name && unit.size == nil
        split.unit = UnitWord(
            canonical: servingOfPieces ? "serving" : unit.name, kind: unit.kind,
            written: Written(servingOfPieces ? "serving" : String(last), SourceRange(lastStart, item.name.range.end)))
        return split
    }

    /// The food for a name, through the chain (cached). `seasoning`: the amount is a pinch or
    /// a dash, so the table prefers a spice (`a pinch of pepper` is black pepper). `unit`: the
    /// item's canonical unit, which says which sense an ambiguous word has (`a bag of chips`).
    public func choose(_ name: String, seasoning: Bool = false, unit: String? = nil) throws(DiaryError)
        -> FoodChoice?
    {
        let key = TextNormalizer.key(name)
        var cacheKey = seasoning ? "pinch of " + key : key
        // Only a name with an ambiguous word is read differently by unit.
        let unit = unit.flatMap { AmbiguousWords.read(key, unit: $0) == AmbiguousWords.read(key, unit: nil) ? nil : $0 }
        if let unit { cacheKey += " @" + unit }
        if let cached = cache[cacheKey] { return cached }
        let choice = try uncachedChoice(name, key: key, depth: 0, seasoning: seasoning, unit: unit)
        serial += 1
        choice?.serial = serial
        makeRoom(in: &cache)
        cache[cacheKey] = choice
        return choice
    }

    /// ``choose(_:seasoning:unit:)`` by the tiers before the estimators: nil when only an
    /// estimate would name it, and then no estimate is made (asking whether `toast with jam` is
    /// one food needs none). What it chooses is cached as `choose` would cache it.
    func chooseKnown(_ name: String) throws(DiaryError) -> FoodChoice? {
        let key = TextNormalizer.key(name)
        if let cached = cache[key] { return cached?.source == .estimate ? nil : cached }
        guard let choice = try uncachedChoice(name, key: key, depth: 0, estimating: false) else { return nil }
        serial += 1
        choice.serial = serial
        makeRoom(in: &cache)
        cache[key] = choice
        return choice
    }

    func uncachedChoice(
        _ name: String, key: String, depth: Int, seasoning: Bool = false, unit: String? = nil, estimating: Bool = true
    ) throws(DiaryError) -> FoodChoice? {
        if let library {
            if let food = try library.customFood(key) { return libraryChoice(food, .custom, "custom") }
            if let food = try library.recipe(key) { return libraryChoice(food, .recipe, "recipe") }
            if let food = try library.savedMeal(key) { return libraryChoice(food, .meal, "meal") }
            if depth < 4, let target = try library.aliasTarget(key) {
                return try uncachedChoice(
                    target, key: TextNormalizer.key(target), depth: depth + 1, seasoning: seasoning, unit: unit,
                    estimating: estimating)
            }
        }
        let tables = try tables.get()
        // Table names read "Orange juice, raw"; ids read "usda:09206" or "fndds:92101900". Only such
        // names need the lookup.
        var choice: FoodChoice?
        if name.contains(",") || FoodSource.isID(name), let record = tables.table.food(named: name) {
            choice = tableChoice(
                TableMatch(
                    food: record, naturalPortion: nil, kind: .name, alternatives: [],
                    correctedPhrase: nil), tables.table)
        } else if let record = mixedDrink(key, in: tables.table) {
            choice = tableChoice(
                TableMatch(
                    food: record, naturalPortion: nil, kind: .name, alternatives: [],
                    correctedPhrase: nil), tables.table)
        } else if let match = tables.matcher.match(name, seasoning: seasoning, unit: unit) {
            choice = tableChoice(match, tables.table)
        }
        try FoodTableProvider.check(tables.table)
        if let choice { return choice }
        guard estimating else { return nil }
        var failures: [String] = []
        for estimator in estimators {
            if let estimate = try estimator.estimate(name) {
                return failures.isEmpty ? estimate : estimate.addingEstimatorFailures(failures)
            }
            if let failure = estimator.failure(for: name) { failures.append(failure) }
        }
        return nil
    }

    func libraryChoice(_ food: LibraryFood, _ source: FoodSourceKind, _ prefix: String) -> FoodChoice {
        FoodChoice(
            source: source,
            food: FoodReference(
                id: prefix + ":" + TextNormalizer.key(food.name), name: food.name,
                group: source == .custom ? "Custom foods" : (source == .recipe ? "Recipes" : "Saved meals")),
            tags: food.tags, per100g: food.per100g, portions: food.portions)
    }

    func tableChoice(_ match: TableMatch, _ table: FoodTable) -> FoodChoice {
        var assumed = match.alternatives.map(reference)
        if match.kind == .fuzzy { assumed.insert(reference(match.food), at: 0) }
        return FoodChoice(
            source: .database, food: reference(match.food), tags: match.food.tags, per100g: match.food.per100g,
            portions: table.portions(of: match.food.number), naturalPortion: match.naturalPortion,
            assumed: match.kind == .fuzzy ? Array(assumed.dropFirst()) : assumed,
            correctedPhrase: match.correctedPhrase, otherReadings: match.otherReadings, isNearest: match.nearest,
            unnamedWords: match.unnamedWords)
    }

    func reference(_ record: FoodRecord) -> FoodReference {
        FoodReference(id: record.id, name: record.name, group: record.group)
    }

    /// Nearby names for an unknown food: aliases within a small edit distance.
    func suggestions(for name: String) throws(DiaryError) -> [String] {
        let tables = try tables.get()
        let key = TextNormalizer.key(name)
        // Keys are lowercase, so scalar counts bound the distance before it is computed.
        let length = key.unicodeScalars.count
        var scored: [(phrase: String, distance: Int)] = []
        for alias in tables.table.aliases where abs(alias.phrase.unicodeScalars.count - length) <= 3 {
            let distance = Suggestions.editDistance(key, alias.phrase, limit: 3)
            if distance <= 3 { scored.append((alias.phrase, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.phrase < $1.phrase }
        return scored.prefix(3).map(\.phrase)
    }
}

/// The last tier: averages the foods whose names share the phrase's head noun (or any word),
/// deterministically, and says so. Nothing to go on → no estimate.
public final class BuiltinEstimator: FoodEstimator {
    /// The portions an estimate weighs by. None when its name is of a kind with a serving of its
    /// own, so a count or no amount is one serving of that kind (`a scotch egg` ≈ 100 g as an
    /// egg dish, `chicken katsu` 170 g as meat), never a portion of whichever averaged food
    /// came first (a creamed egg's 4 g, a cheese curd); otherwise those of the averaged food
    /// whose USDA unspecified serving is the median of theirs, else the first food's.
    /// A name whose head noun is no kind but names the averaged foods (`pork dumplings`, averaged
    /// from dumplings) weighs as they do: its other words say what is in it, not that a piece
    /// of it is a serving of pork.
    static func portions(
        _ name: String, group: String, _ records: [FoodRecord], namedLikeHead: Bool, _ table: FoodTable
    ) -> [FoodPortion] {
        let kind = FoodKind.ofHead(name) ?? (namedLikeHead ? nil : FoodKind.of(name: name, group: group))
        if let kind, HouseholdMeasures.serving(of: kind) != nil { return [] }
        return typicalPortions(records.map { table.portions(of: $0.number) })
    }

    /// The portions of the food whose USDA unspecified serving is the median of theirs, else
    /// the first food's.
    static func typicalPortions(_ portionsOfEach: [[FoodPortion]]) -> [FoodPortion] {
        let served = portionsOfEach.compactMap { portions in
            portions.first { $0.unit.hasPrefix(FoodMatcher.defaultServing) }.map { (portions, $0.gramsPerUnit) }
        }
        guard !served.isEmpty else { return portionsOfEach.first ?? [] }
        let sorted = served.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
        return sorted[(sorted.count - 1) / 2].element.0
    }

    let tables: FoodTableProvider
    public let providerName = "built-in (average of similar foods)"

    public init(tables: FoodTableProvider) {
        self.tables = tables
    }

    public func estimate(_ name: String) throws(DiaryError) -> FoodChoice? {
        let table = try tables.get().table
        let words = TextNormalizer.foldedWords(name).filter { !FoodMatcher.stopWords.contains($0) && $0.count > 2 }
        guard !words.isEmpty else { return nil }
        let head = FoodMatcher.headNoun(words)
        let rows = table.search(anyOf: words, limit: 200)
        // Rows named for the head noun (`Egg, creamed` for `scotch egg`) before rows that only
        // mention it (`Bagels, egg`).
        let mentioning = rows.filter { Set(TextNormalizer.foldedWords($0.name)).contains(head) }
        let named = mentioning.filter { row in
            TextNormalizer.foldedWords(String(row.name.prefix { $0 != "," })).contains(head)
        }
        let withHead = named.isEmpty ? mentioning : named
        let chosen = Array((withHead.isEmpty ? rows : withHead).prefix(5))
        guard !chosen.isEmpty else { return nil }
        let records = chosen.compactMap { table.food(number: $0.number) }
        try FoodTableProvider.check(table)
        var sum = Nutrients()
        for record in records { sum.add(record.per100g, times: 1 / Double(records.count)) }
        let first = records[0]
        let reason =
            "no food matches '\(name)'; averaged \(records.count) food\(records.count == 1 ? "" : "s") named like '\(withHead.isEmpty ? words.joined(separator: " ") : head)'"
        return FoodChoice(
            source: .estimate,
            food: FoodReference(
                id: "estimate:" + TextNormalizer.key(name), name: name,
                group: first.group),
            tags: first.tags, per100g: sum,
            portions: Self.portions(name, group: first.group, records, namedLikeHead: !withHead.isEmpty, table),
            assumed: records.map { FoodReference(id: $0.id, name: $0.name, group: $0.group) }.prefix(3).map { $0 },
            estimateReason: reason)
    }
}

extension Result where Success == ResolvedItem {
    /// For a resolved item, whether it has a note; nil for a failure. Read in place: binding the
    /// item for the whole `if` that tests it copied every item's result.
    var hasNote: Bool? {
        guard case .success(let resolved) = self else { return nil }
        return resolved.note != nil
    }
}
