/// How a name was matched to a row of the food table.
public enum MatchKind: String, Sendable {
    /// The whole phrase is a curated alias.
    case alias
    /// The phrase names the row (all its words found, ranked best).
    case name
    /// Only after correcting a typo; always shown as assumed.
    case fuzzy
}

/// The food table's answer for a name: the row, its natural unit and the runners-up.
public struct TableMatch: Sendable {
    public var food: FoodRecord
    /// The unit a bare count means (`large` for eggs), from the alias table.
    public var naturalPortion: String?
    public var kind: MatchKind
    /// Close alternatives when the winner's margin is small (at most 3).
    public var alternatives: [FoodRecord]
    /// For fuzzy matches: the words as corrected.
    public var correctedPhrase: String?
    /// Set when a word of the name has several senses and nothing in the item said which
    /// (`chips`): the other readings (`french fries`), for the `ambiguous-food` doubt.
    public var otherReadings: [String] = []
    /// Set when a curated alias says its row is only the nearest food to the phrase's (a pork
    /// pie as a beef empanada), for the `nearest-food` doubt.
    public var nearest = false
    /// Words of the name the chosen row does not say though they change which food it is or
    /// its nutrition (`tikka`, `skinny`): the row is only the nearest food, shown as such with
    /// these words, and the name is not named confidently. Empty for most matches.
    public var unnamedWords: [String] = []

    public init(
        food: FoodRecord, naturalPortion: String?, kind: MatchKind, alternatives: [FoodRecord],
        correctedPhrase: String?
    ) {
        self.food = food
        self.naturalPortion = naturalPortion
        self.kind = kind
        self.alternatives = alternatives
        self.correctedPhrase = correctedPhrase
    }
}

/// Ranks the food table's rows for a typed name:
/// exact alias → token coverage with the head noun first → plain/raw before prepared unless
/// the phrase says otherwise → fuzzy matching only as a flagged last resort.
///
/// A ranked row is only taken when it is a confident match (the floor, see grammar/foods.md):
/// every word of the phrase that the row does not name is a mere modifier (`grilled`,
/// `fresh`, `large`), and the row is not a brand the phrase did not name. Below the floor the
/// matcher answers nil, so the resolver estimates (marked) or reports `unknown-food`.
public final class FoodMatcher {
    let table: FoodTable
    private var aliasIndex: [String: (number: Int, portion: String?, nearest: Bool)] = [:]
    /// The aliases by word, for aliases inside longer phrases. Built on first use: names that
    /// are aliases exactly never need it.
    private lazy var aliasWords = AliasWordIndex(keys: aliasKeys, aliases: table.aliases)
    /// What the ranking has read of rows' names, by number (at most ``rowCacheLimit`` each):
    /// the words a row covers, and the details of rows that had a phrase's head noun.
    private var rowNamesCache: [Int: (words: Set<String>, folded: [String])] = [:]
    private var rowDetailsCache: [Int: RowDetails] = [:]
    /// A row as ``FoodTable/search(anyOf:limit:)`` finds it.
    typealias SearchRow = (number: Int, name: String, tags: String, synonyms: String?)
    /// The most rows each cache keeps: a session that reads more starts it afresh.
    static let rowCacheLimit = 4_000
    /// ``TextNormalizer/key(_:)`` of each of the table's aliases, in their order (made once).
    private var aliasKeys: [String] = []
    private var vocabulary: [String]?
    private var knownWordCache: [String: Bool] = [:]
    private lazy var aliasWordSet = Set(knownWords())
    private var cache: [String: TableMatch?] = [:]
    private var seasoningCache: [String: TableMatch?] = [:]

    /// Units that measure a seasoning: with one of them the table prefers a spice or herb.
    public static let seasoningUnits: Set<String> = ["pinch", "dash", "sprinkle", "sprinkling", "grind", "smidgen"]

    /// Words that carry no food meaning in a phrase.
    public static let stopWords: Set<String> = [
        "with", "and", "of", "the", "a", "an", "in", "on", "some", "my", "for", "to", "from", "alla",
    ]
    /// Words in a table name that mark a prepared or processed form.
    public static let preparedWords: Set<String> = [
        "fried", "canned", "frozen", "dried", "dehydrated", "baked", "roasted", "boiled", "cooked", "stewed",
        "braised", "grilled", "broiled", "prepared", "sweetened", "breaded", "batter", "microwaved", "pickled",
        "smoked", "cured", "heated", "toasted", "scrambled", "poached", "infant", "babyfood", "formula", "mix",
        "dough", "powder", "concentrate", "dry",
    ]
    /// The words of a name that say an item's length or diameter (`footlong`, `foot long`, `12
    /// inch`, `six inch`): a size of the one item, which the portion weighs
    /// (``PortionResolver/byLength(_:)``), never a word a row must name.
    static func lengthWords(_ words: [String]) -> Set<String> {
        var result = Set<String>()
        for (index, word) in words.enumerated() {
            if word == "footlong" { result.insert(word) }
            if word == "long", index > 0, words[index - 1] == "foot" { result.formUnion(["foot", "long"]) }
            if word == "inch", index > 0, lengthNumber(words[index - 1]) != nil {
                result.formUnion([word, words[index - 1]])
            }
        }
        return result
    }

    /// Inches a word before `inch` says (`12`, `six`); nil for any other word.
    static func lengthNumber(_ word: String) -> Double? {
        if let number = Double(word), number > 0, number <= 30 { return number }
        return lengthNumbers[word]
    }

    /// Number words of the lengths subs and pizzas are sold in.
    static let lengthNumbers: [String: Double] = [
        "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
        "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "eighteen": 18,
    ]

    /// Words that name a way of cooking: a note saying one picks the cooked row (`eggs, fried`).
    public static let cookingWords: Set<String> = [
        "fried", "baked", "roasted", "roast", "boiled", "stewed", "braised", "grilled", "broiled", "steamed",
        "poached", "scrambled", "toasted", "sauteed", "microwaved", "barbecued", "griddled", "mashed", "smoked",
    ]
    /// Words that describe a food without naming a different one: a row may leave them
    /// unmatched and still be a confident match (`grilled chicken breast`, `fresh mango`).
    public static let modifierWords: Set<String> = preparedWords.subtracting(productWords).union([
        "raw", "fresh", "plain", "organic", "homemade", "home", "made", "sliced", "chopped", "diced", "minced",
        "grated", "shredded", "cubed", "mashed", "whole", "half", "small", "medium", "large", "big", "regular",
        "mini", "extra", "jumbo", "hot", "warm", "cold", "chilled", "iced", "lean", "skinless", "boneless",
        "boiling", "lukewarm", "tepid",
        "skinned", "peeled", "cooked", "leftover", "ripe", "natural", "unsweetened", "salted", "unsalted",
        "light", "lite", "low", "fat", "reduced", "free", "range", "skinny", "simple", "classic", "traditional",
        "original", "standard", "normal", "usual", "tasty", "nice", "quick", "instant", "pan", "oven", "deep",
        "stir", "roast", "bbq", "barbecued", "griddled", "steamed", "sauteed", "farm", "wild", "local",
        "british", "english", "american", "cup", "glass", "mug", "bowl", "plate", "serving", "portion", "piece",
        "slice", "bit", "little", "tiny", "huge", "double", "single", "triple", "wholegrain", "brown", "white",
        "thin", "thick", "crispy", "crunchy", "soft", "hard", "sweet", "spicy", "mild", "pot", "tub", "tin",
        "can", "bottle", "packet", "bag", "box", "bar",
    ]).union(cutWords.subtracting(cutPieces)).union(qualityWords)

    /// Prepared words that name a product of their own, not a form of the food (`dough balls`
    /// are no melon balls, `protein powder` no protein bar): a row must say them.
    static let productWords: Set<String> = [
        "dough", "mix", "powder", "concentrate", "formula", "infant", "babyfood", "batter",
    ]

    /// Words that say how a food is cut or what its pieces are (`chopped onion`, `pineapple
    /// chunks`, `orange segments`). They never count toward a row's coverage: a row that
    /// happens to say `chopped` (`Onions, frozen, chopped`) is no better a match for `chopped
    /// onion` than the plain row, so a processed row is only chosen when the phrase says so.
    /// A row that names the cut still wins a tie (`Cheese, parmesan, grated`).
    public static let cutWords: Set<String> = cutPieces.union([
        "chopped", "sliced", "diced", "minced", "cubed", "grated", "shredded", "halved", "quartered",
        "julienned", "spiralized", "spiralised", "half", "segment", "chunk", "floret",
        // How finely (`finely grated parmesan`, `roughly chopped coriander`).
        "finely", "roughly", "thinly", "thickly", "coarsely",
        // How fries are cut (FNDDS weighs `1 spiral or curly`, `1 crinkle cut` of the same fries).
        "curly", "crinkle", "shoestring",
    ])

    /// Cutting words that are also foods or parts of one (`stock cube`, `bay leaf`, `potato
    /// wedges`): a confident row names them or has them as a portion (`Lemons, raw`: `wedge`).
    static let cutPieces: Set<String> = ["wedge", "cube", "leaf"]

    /// Words that praise or place a food without naming another one: its grade (`mature`,
    /// `pure`, `kosher`), how fresh it is, or the shop it came from (`greggs`, `tesco`), in
    /// their folded spelling (``TextNormalizer/singular(_:)``).
    public static let qualityWords: Set<String> = [
        "freshly", "pure", "mature", "aged", "vintage", "sharp", "premium", "finest", "luxury", "best", "good",
        "quality", "artisan", "artisanal", "handmade", "real", "genuine", "authentic", "proper", "kosher",
        "store", "bought", "shop", "supermarket", "bakery", "gregg", "tesco", "sainsbury", "asda",
        "morrison", "waitrose", "aldi", "lidl", "coop", "pret", "costco", "kirkland",
        // Chains the table has no rows of (`a latte from costa` is a latte).
        "costa", "nero", "starbuck", "itsu", "leon", "wagamama", "nando", "wetherspoon", "panera", "dunkin",
        "horton", "boot", "dq",
        // Grocery and restaurant brands said before the food (`warburtons crumpets`, `chobani
        // greek yogurt`, `amy's burrito`); a row that names the brand still covers it better.
        "warburton", "hovis", "kingsmill", "heinz", "muller", "mullerlight", "chobani", "fage", "oikos",
        "yoplait", "dannon", "activia", "panera", "campbell", "progresso", "ihop", "amy", "trader", "mccain",
        "innocent", "m&s", "marks", "spencer", "princes", "birdseye", "kraft", "jamba", "sonic",
        // `hm chicken curry`: diary shorthand for homemade.
        "hm",
        // Chains by their nicknames, and where a food was bought (`maccies big mac`, `a ballpark
        // hot dog`, `auntie anne's pretzel`).
        "maccy", "maccas", "mcd", "ballpark", "auntie", "anne",
        // How full a cook's cup is (`loosely packed cilantro leaves`).
        "packed", "loosely", "firmly", "tightly",
    ]

    /// Words of a row that mean it is raw or unprepared: one covers another (`Quinoa,
    /// uncooked` is raw quinoa, `Rice, white, raw` is uncooked rice).
    public static let rawWords: Set<String> = ["raw", "uncooked", "unprepared"]

    /// Words of a row that say it was cooked: a cooking word or `cooked` itself.
    public static let cookedWords = cookingWords.union(["cooked"])

    public init(table: FoodTable) {
        self.table = table
        let aliases = table.aliases
        aliasKeys.reserveCapacity(aliases.count)
        aliasIndex.reserveCapacity(aliases.count)
        for alias in aliases {
            let key = TextNormalizer.key(alias.phrase)
            aliasKeys.append(key)
            if aliasIndex[key] == nil { aliasIndex[key] = (alias.number, alias.portion, alias.nearest) }
        }
    }

    /// True when the phrase key is a curated alias.
    public func isAlias(_ key: String) -> Bool { aliasIndex[key] != nil }

    /// The best row for a name, or nil when nothing in the table is a confident match.
    /// - Parameter seasoning: the amount is a seasoning measure (`a pinch of pepper`): a
    ///   confident spice or herb row wins over the everyday meaning (the vegetable).
    /// - Parameter unit: the item's canonical unit, which may say which sense an ambiguous
    ///   word has (`a plate of chips` are fries, see ``AmbiguousWords``).
    public func match(_ name: String, seasoning: Bool = false, unit: String? = nil) -> TableMatch? {
        let typed = TextNormalizer.key(name)
        let key =
            aliasIndex[typed] == nil
            ? DishWords.styled(FoodMatcher.regionalKey(typed)) ?? FoodMatcher.regionalKey(typed) : typed
        guard key != typed else { return senseMatch(key, seasoning: seasoning, unit: unit) }
        // A regional word or a cooking style read as the table's words (`salt and pepper squid`
        // → `fried squid`) is shown as assumed, unless an alias of the words it became is
        // curated (`bacon sandwich`).
        guard var result = senseMatch(key, seasoning: seasoning, unit: unit) else { return nil }
        if result.kind == .name {
            result.kind = .fuzzy
            result.correctedPhrase = key
        }
        return result
    }

    /// ``match(_:seasoning:unit:)`` of a key: an ambiguous word's sense chosen by the item.
    func senseMatch(_ key: String, seasoning: Bool, unit: String?) -> TableMatch? {
        // A curated alias of several words already says which sense it means (`fish and chips`).
        if aliasIndex[key] == nil || !key.contains(" "), let reading = AmbiguousWords.read(key, unit: unit) {
            switch reading {
            case .supported(let rewritten):
                return unambiguousMatch(rewritten, seasoning: seasoning)
            case .unsupported(let others):
                guard var result = unambiguousMatch(key, seasoning: seasoning) else { return nil }
                let readings = others.filter { unambiguousMatch(TextNormalizer.key($0), seasoning: false) != nil }
                result.otherReadings = readings
                return result
            }
        }
        return unambiguousMatch(key, seasoning: seasoning)
    }

    /// Regional words for a food the table names otherwise, word for word: a British `butty`,
    /// `sarnie` or `bap` of bacon is a bacon sandwich. Only words the table does not know.
    static let regionalWords: [String: String] = [
        "butty": "sandwich", "buttie": "sandwich", "sarnie": "sandwich", "sarny": "sandwich", "sanger": "sandwich",
        "bap": "sandwich", "barm": "sandwich", "stottie": "sandwich", "sammie": "sandwich", "sammy": "sandwich",
        "tinned": "canned",
    ]

    /// The key with ``regionalWords`` replaced.
    static func regionalKey(_ key: String) -> String {
        guard key.split(separator: " ").contains(where: { regionalWords[String($0)] != nil }) else { return key }
        return key.split(separator: " ").map { regionalWords[String($0)] ?? String($0) }.joined(separator: " ")
    }

    /// ``match(_:seasoning:unit:)`` of a key whose words need no sense chosen.
    func unambiguousMatch(_ key: String, seasoning: Bool) -> TableMatch? {
        if seasoning {
            if let cached = seasoningCache[key] { return cached }
            let spice = rank(key, requiring: "spice") ?? correctTypos(key).flatMap { rank($0, requiring: "spice") }
            let result = spice ?? unambiguousMatch(key, seasoning: false)
            seasoningCache[key] = result
            return result
        }
        if let cached = cache[key] { return cached }
        var result = rank(key)
        // A nearest row that leaves out a word the table does not know may be a typo's: `a
        // bluberry muffin` is the blueberry muffin, corrected, before the plain muffin.
        let typoLeftOut = result.map { $0.nearest && $0.unnamedWords.contains { !isKnownWord($0) } } ?? true
        if typoLeftOut, let corrected = correctTypos(key), corrected != key, var fuzzy = rank(corrected),
            result == nil || !fuzzy.nearest
        {
            fuzzy.kind = .fuzzy
            fuzzy.correctedPhrase = corrected
            result = fuzzy
        }
        if let found = result, let iced = icedForm(of: found, key: key) { result = iced }
        cache[key] = result
        return result
    }

    /// `an iced caramel latte`: where the name says `iced` and the row found is a coffee-shop
    /// drink served hot, the table's iced form of that very row (`Coffee, Latte, flavored` →
    /// `Coffee, Iced Latte, flavored`; a mocha's `Coffee, Iced Cafe Mocha`); nil when the table
    /// has none or the row is iced already.
    func icedForm(of found: TableMatch, key: String) -> TableMatch? {
        guard key.split(separator: " ").contains("iced"), found.food.name.hasPrefix("Coffee, ") else { return nil }
        var segments = found.food.name.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.drop { $0 == " " })
        }
        guard segments.count >= 2, !segments[1].hasPrefix("Iced") else { return nil }
        segments[1] = "Iced " + segments[1]
        guard let food = table.food(named: segments.joined(separator: ", ")) else { return nil }
        var iced = found
        iced.food = food
        iced.naturalPortion = defaultPortion(food, key)
        return iced
    }

    struct Candidate {
        var number: Int
        var portion: String?
        var score: Double
        /// Phrase words the row (or alias) does not name.
        var uncovered: Set<String> = []
        /// The row's name begins with a brand in capitals (`SILK Mocha, soymilk`).
        var brand: Set<String> = []
        /// Found only through an alias whose row is the nearest food, not the phrase's own.
        var nearest = false
        /// The row's name, when it was found by name (nil for an alias's row).
        var name: String?
        /// Phrase words the row covers only by a wider class (``DishWords/generic``: `chicken`
        /// by the `meat` of `Soup, pho, with meat`), each with the row's word that covered it.
        var loose: [String: String] = [:]
    }

    /// True when the candidate clears the confidence floor for a phrase of these words.
    static func isConfident(_ candidate: Candidate, phraseWords: Set<String>) -> Bool {
        candidate.uncovered.isSubset(of: modifierWords) && candidate.brand.isSubset(of: phraseWords)
    }

    func rank(_ key: String, requiring tag: String? = nil) -> TableMatch? {
        // A name in another spelling of an alias (`pitta bread`, `a pitta`) is that alias.
        let aliasKey = aliasIndex[key] == nil ? DishWords.respelled(key) ?? key : key
        if let alias = aliasIndex[aliasKey], let food = table.food(number: alias.number),
            tag.map(food.tags.contains) ?? true
        {
            var match = TableMatch(
                food: food, naturalPortion: alias.portion ?? defaultPortion(food, key), kind: .alias,
                alternatives: [], correctedPhrase: nil)
            match.nearest = alias.nearest
            return match
        }
        let phraseWords = Set(key.split(separator: " ").map(String.init))
        let all = candidates(key)
        // A word the row leaves unnamed may still be one of its portions (`ear of corn`).
        let ranked = all.enumerated().filter { index, candidate in
            FoodMatcher.isConfident(candidate, phraseWords: phraseWords)
                || (index < 8 && candidate.brand.isSubset(of: phraseWords)
                    && candidate.uncovered.subtracting(FoodMatcher.modifierWords).isSubset(
                        of: portionWords(candidate.number)))
        }.map(\.element)
        var records: [Int: FoodRecord] = [:]
        func record(_ number: Int) -> FoodRecord? {
            if let known = records[number] { return known }
            records[number] = table.food(number: number)
            return records[number]
        }
        let eligible = tag.map { tag in ranked.filter { record($0.number)?.tags.contains(tag) == true } } ?? ranked
        guard let first = eligible.first, first.score >= FoodMatcher.rankFloor else {
            guard tag == nil else { return nil }
            return flavouredDrink(key, among: all, phraseWords: phraseWords)
                ?? nearestByDescription(key, among: all, phraseWords: phraseWords)
        }
        let best = lighterChoice(key, best: first, among: eligible)
        guard let food = record(best.number) else { return nil }
        var alternatives = eligible.filter { $0.number != best.number }.prefix { best.score - $0.score < 0.25 }.prefix(
            3
        )
        .compactMap { record($0.number) }
        if alternatives.isEmpty {
            // A variant the name did not say (`… on wheat` for `a tuna sandwich`) is an assumption.
            let said = phraseWords.union(
                phraseWords.flatMap { DishWords.tableWords(for: $0, inNameOf: phraseWords.count) }
                    .flatMap { $0.split(separator: " ").map(String.init) })
            alternatives = variantSiblings(of: best, among: eligible, phrase: said).compactMap(record)
        }
        var match = TableMatch(
            food: food, naturalPortion: best.portion ?? defaultPortion(food, key), kind: .name,
            alternatives: Array(alternatives), correctedPhrase: nil)
        match.nearest = best.nearest
        // `a skinny latte` as a latte made with whole milk: the nearest food, not the food.
        let rowHas = FoodMatcher.rowWords(food.name)
        let nutrition = FoodMatcher.unsaidNutrition(key, uncovered: best.uncovered).filter { !rowHas.contains($0) }
        if !nutrition.isEmpty {
            match.nearest = true
            match.unnamedWords = nutrition
        }
        if !best.loose.isEmpty {
            // `chicken pho` as `Soup, pho, with meat`: shown as assumed, in the row's words.
            match.kind = .fuzzy
            match.correctedPhrase = key.split(separator: " ").map { best.loose[String($0)] ?? String($0) }
                .joined(separator: " ")
        }
        return match
    }

    /// The lowest score a ranked row may have to be taken for a name.
    static let rankFloor = 1.4

    /// The words of a food's portion descriptions (`ear`, `slice`, `cup`).
    /// USDA's citrus `sections` are what people call `segments`.
    func portionWords(_ number: Int) -> Set<String> {
        var words = Set(table.portions(of: number).flatMap { TextNormalizer.foldedWords($0.unit) })
        if words.contains("section") { words.insert("segment") }
        return words
    }

    /// What a bare count of an FNDDS food means when nothing more specific does: its
    /// "Quantity not specified" portion (USDA's default amount), unless it has a portion named
    /// by the phrase's head noun (`3 cookies` → `cookie`). SR26 rows keep the resolver's rules.
    func defaultPortion(_ food: FoodRecord, _ key: String) -> String? {
        guard FoodSource(number: food.number) == .fndds else { return nil }
        let portions = table.portions(of: food.number)
        let head = FoodMatcher.headNoun(key.split(separator: " ").map(String.init))
        if PortionResolver.portion(namedByHead: head, portions) != nil { return nil }
        return portions.contains { $0.unit.hasPrefix(FoodMatcher.defaultServing) } ? FoodMatcher.defaultServing : nil
    }

    /// The portion word for FNDDS's "Quantity not specified", as the build script spells it.
    public static let defaultServing = "serving"

    /// Rows for `foodlog search`: the ranked candidates for the words, best first.
    public func search(_ text: String, limit: Int = 10) -> [(food: FoodRecord, score: Double)] {
        var key = TextNormalizer.key(text)
        var ranked = candidates(key)
        if ranked.isEmpty, let corrected = correctTypos(key) {
            key = corrected
            ranked = candidates(key)
        }
        if let alias = aliasIndex[key] {
            ranked.removeAll { $0.number == alias.number }
            ranked.insert(Candidate(number: alias.number, portion: alias.portion, score: 9), at: 0)
        }
        return ranked.prefix(limit).compactMap { candidate in
            table.food(number: candidate.number).map { ($0, candidate.score) }
        }
    }

    /// Every candidate row for a phrase key with its score, best first (ties by number).
    func candidates(_ key: String) -> [Candidate] {
        let words = key.split(separator: " ").map(String.init)
        let lengths = FoodMatcher.lengthWords(words)
        let named = words.filter { !FoodMatcher.stopWords.contains($0) && !lengths.contains($0) }
        guard !named.isEmpty else { return [] }
        // Cutting words say nothing about which food it is; they only break ties.
        let uncut = named.filter { !FoodMatcher.cutWords.contains($0) }
        let significant = uncut.isEmpty ? named : uncut
        let cuts = Set(named).subtracting(significant)
        let pieces = cuts.intersection(FoodMatcher.cutPieces)
        let wordSet = Set(significant)
        let head = FoodMatcher.dishHead(words, significant: significant)
        let said = wordSet.intersection(FoodMatcher.preparedWords.union(FoodMatcher.rawWords))
        let mentionsPreparation = !said.isEmpty
        // Words the table spells otherwise (`korma` is a `curry`, see ``DishWords``).
        var tableWords: [String: [Set<String>]] = [:]
        // The same words as phrases, searched too.
        var translations: [String] = []
        for word in wordSet {
            let translated = DishWords.tableWords(for: word, inNameOf: wordSet.count)
            if !translated.isEmpty {
                tableWords[word] = translated.map { Set($0.split(separator: " ").map(String.init)) }
                translations += translated
            }
        }
        /// True when `words` name `word` itself or as the table says it.
        func names(_ words: Set<String>, _ word: String) -> Bool {
            words.contains(word) || tableWords[word]?.contains { $0.isSubset(of: words) } == true
        }
        var candidates: [Int: Candidate] = [:]
        func offer(_ candidate: Candidate) {
            guard var existing = candidates[candidate.number] else {
                candidates[candidate.number] = candidate
                return
            }
            // The same row found twice (as an alias and by name): it names what either way named.
            existing.uncovered.formIntersection(candidate.uncovered)
            // A word is loosely covered only when neither finding named it itself.
            existing.loose = existing.loose.merging(candidate.loose) { first, _ in first }.filter { word, _ in
                (existing.loose[word] != nil || existing.uncovered.contains(word))
                    && (candidate.loose[word] != nil || candidate.uncovered.contains(word))
            }
            existing.nearest = existing.nearest && candidate.nearest
            existing.name = existing.name ?? candidate.name
            if candidate.score > existing.score {
                existing.score = candidate.score
                existing.portion = candidate.portion ?? existing.portion
            }
            candidates[candidate.number] = existing
        }
        // The words of an alias row in another form than the phrase says: its sibling in the
        // right form shares them (`Rice, white, long-grain, regular, raw` for `uncooked rice`).
        var otherForm = Set<String>()
        var contradicted: [Int] = []
        // Set when a row named for the food (its first segment is the head noun or words of the
        // phrase: `Chicken, ..., thigh, ..., raw`) says every preparation the phrase said.
        var formNamed = false
        // Words a dish row may say by a wider class (`meat` for `chicken`): coverage only.
        var genericWords: [String: [String]] = [:]
        for word in wordSet {
            let generic = DishWords.genericWords(for: word, inNameOf: wordSet.count)
            if !generic.isEmpty { genericWords[word] = generic }
        }
        // Aliases contained in the phrase ("grilled chicken breast" ⊇ "chicken breast").
        for alias in aliasWords.aliases(within: wordSet.union(cuts)) {
            let alias = (words: Set(alias.words), number: alias.number, portion: alias.portion, nearest: alias.nearest)
            let coverage = Double(alias.words.intersection(wordSet).count) / Double(significant.count)
            let headBonus = alias.words.contains(head) ? 0.6 : 0
            let score = 2.2 * coverage + headBonus + 0.3
            // `raw chicken breast`, `uncooked rice`: the alias's row is cooked, and the phrase
            // says otherwise. The rows that say what the phrase says rank first.
            if !said.isSubset(of: alias.words), let row = table.food(number: alias.number) {
                let rowWords = FoodMatcher.rowWords(row.name)
                if FoodMatcher.contradicts(said, rowWords) {
                    contradicted.append(alias.number)
                    otherForm = otherForm.union(
                        rowWords.subtracting(FoodMatcher.preparedWords.union(FoodMatcher.rawWords)))
                }
            }
            // `chicken pad see ew`: the alias's row may say the meat by its class (`… with meat`).
            var uncovered = wordSet.union(pieces).subtracting(alias.words)
            var loose: [String: String] = [:]
            if uncovered.contains(where: { genericWords[$0] != nil }), let row = table.food(number: alias.number) {
                let rowWords = FoodMatcher.rowWords(row.name)
                for word in uncovered {
                    if let generic = genericWords[word]?.first(where: rowWords.contains) { loose[word] = generic }
                }
                uncovered.subtract(loose.keys)
            }
            offer(
                Candidate(
                    number: alias.number, portion: alias.portion, score: score, uncovered: uncovered,
                    nearest: alias.nearest, loose: loose))
        }
        // Table rows by full-text search, scored by coverage.
        // A table word of several words is searched as that phrase (`potato chip`), not as every
        // row with `potato`.
        // A common name may be said in another spelling (`po boy` is the `poor boy` of `Fried
        // seafood sandwich`).
        let translationWords = Set(translations.flatMap { $0.split(separator: " ").map(String.init) })
        let sayable = wordSet.union(cuts).union(
            wordSet.flatMap { DishWords.spellings[$0] ?? [] }.flatMap { $0.split(separator: " ").map(String.init) })
        for row in table.search(anyOf: significant + translations.sorted()) {
            let (rowNames, foldedName) = coveredWords(of: row)
            guard !FoodMatcher.isRecipeIngredient(foldedName) || wordSet.contains("ingredient") else { continue }
            // A common name of the row that the name says whole (`popcorn chicken` for `Chicken
            // tenders or strips, breaded`, `cashew chicken` for `Kung pao chicken`) names it too.
            let commonWords = FoodMatcher.commonNameWords(row.synonyms, within: sayable, head: head)
            let nameWords = commonWords.isEmpty ? rowNames : rowNames.union(commonWords)
            guard names(nameWords, head) else { continue }
            let rowWords = details(of: row, folded: foldedName)
            guard FoodMatcher.partNamed(byFirstSegment: rowWords.firstWords).map(wordSet.contains) ?? true else {
                continue
            }
            // `500g frozen prawns` are the prawns, not a frozen meal of shrimp and noodles.
            guard !rowWords.isFrozenMeal || !wordSet.isDisjoint(with: FoodMatcher.mealWords) else { continue }
            // A word the row says as the table does (`curry` for `korma`) covers a little less.
            let direct = wordSet.filter { nameWords.contains($0) }
            let translated = wordSet.subtracting(direct).filter { names(nameWords, $0) }
            // The narrower class first: `chicken` is the `poultry` of `Alfredo sauce with poultry`
            // before the `meat` of `Alfredo sauce with meat`.
            var loose: [String: String] = [:]
            var looseCoverage = 0.0
            for word in wordSet.subtracting(direct).subtracting(translated) {
                guard let generic = genericWords[word],
                    let index = generic.firstIndex(where: { nameWords.contains($0) && !rowWords.negated.contains($0) })
                else { continue }
                loose[word] = generic[index]
                looseCoverage += index == 0 ? 0.85 : 0.8
            }
            let coverage =
                (Double(direct.count) + 0.9 * Double(translated.count) + looseCoverage) / Double(significant.count)
            let firstSegment = rowWords.firstSegment
            var score = 2.0 * coverage
            // A common name of several words is the row's own name (`popcorn chicken`); a word
            // alone may be a flavour (`ginger`), and only covers.
            if names(firstSegment, head) || (commonWords.count > 1 && commonWords.contains(head)) { score += 0.5 }
            if firstSegment.isSubset(of: wordSet) { score += 0.2 }
            if mentionsPreparation, firstSegment.contains(head) || firstSegment.isSubset(of: wordSet),
                said.isSubset(of: nameWords)
            {
                formNamed = true
            }
            if !mentionsPreparation {
                if nameWords.contains("raw") { score += 0.12 }
                if !nameWords.isDisjoint(with: FoodMatcher.preparedWords) { score -= 0.1 }
            } else if said.isDisjoint(with: FoodMatcher.cookingWords) {
                // `frozen peas`, `canned tomatoes` say how the food is sold, not cooked: a row
                // that also cooked it (`frozen, cooked, boiled`; `canned, stewed`) comes after.
                let cookedToo = nameWords.intersection(FoodMatcher.cookedWords).subtracting(said)
                score -= 0.15 * Double(cookedToo.count)
            }
            score -= 0.03 * Double(rowWords.segmentCount)
            score -= 0.005 * Double(rowWords.folded.subtracting(wordSet).count)
            if row.name.hasSuffix(", NFS") { score += 0.05 }  // FNDDS's "not further specified" default
            score += FoodMatcher.unsaidAdjustment(
                row.name, folded: rowWords.folded, said: sayable.union(translationWords))
            // A dish without a part the name did not take away (`Sloppy joe, no bun`) comes after
            // the whole dish.
            if !rowWords.without.isSubset(of: wordSet), wordSet.isDisjoint(with: FoodMatcher.withoutWords) {
                score -= 0.3
            }
            score += 0.03 * Double(cuts.intersection(nameWords).count)
            score += min(0.3, 0.04 * Double(otherForm.intersection(nameWords).count))
            // An SR26 ingredient row before an FNDDS food of the same words (grammar/foods.md).
            if rowWords.isIngredient { score += 0.08 }
            // `a 6 inch veggie sub`: a row the length weighs before one it cannot.
            if !lengths.isEmpty, PortionResolver.weighsByLength(table.portions(of: row.number)) { score += 0.1 }
            offer(
                Candidate(
                    number: row.number, portion: nil, score: score,
                    uncovered: wordSet.union(pieces).subtracting(nameWords).subtracting(translated)
                        .subtracting(loose.keys),
                    brand: rowWords.brand, name: row.name, loose: loose))
        }
        // An alias's row in another form gives way only to a row in the form said
        // (`grilled tomatoes` stay tomatoes when no tomato row says grilled).
        if formNamed {
            for number in contradicted { candidates[number]?.score -= 0.8 }
        }
        return candidates.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.number < $1.number }
    }

    /// The words a row found by search covers: ``rowWords(_:)``, and for dry beans, lentils and
    /// grains the dry words too (SR26 calls them `raw`: `dried lentils` are `Lentils, raw`).
    func coveredWords(of row: SearchRow) -> (words: Set<String>, folded: [String]) {
        if let known = rowNamesCache[row.number] { return known }
        let folded = TextNormalizer.foldedWords(row.name)
        var words = FoodMatcher.rowWords(folded: folded)
        if words.contains("raw"), RowDetails.has("legume", row.tags) || RowDetails.has("grain", row.tags) {
            words.formUnion(FoodMatcher.dryWords)
        }
        if rowNamesCache.count >= FoodMatcher.rowCacheLimit { rowNamesCache.removeAll(keepingCapacity: true) }
        rowNamesCache[row.number] = (words, folded)
        return (words, folded)
    }

    /// ``RowDetails`` of a row found by search (its name's `folded` words given), made once per row.
    func details(of row: SearchRow, folded: [String]) -> RowDetails {
        if let known = rowDetailsCache[row.number] { return known }
        let details = RowDetails(number: row.number, name: row.name, folded: folded, tags: row.tags)
        if rowDetailsCache.count >= FoodMatcher.rowCacheLimit { rowDetailsCache.removeAll(keepingCapacity: true) }
        rowDetailsCache[row.number] = details
        return details
    }

    /// The words of a row's common names (`;`-separated) that `phrase` says whole: a common
    /// name counts only when every word of it is in the phrase (`char siu`, not `siu` alone),
    /// except the chain that owns a one-word product (`McDonald's McFlurry` is a `mcflurry`).
    /// A one-word common name counts as the phrase's head noun (`salmon nigiri`, `tempura
    /// prawns`) or as the meat or fish a mixed dish is also made with (`Beef curry`: `lamb`,
    /// `goat`); FNDDS lists flavours the same way (`Cookie, tea, Japanese`: `ginger`), and
    /// `ginger biscuits` are not that cookie.
    static func commonNameWords(_ commonNames: String?, within phrase: Set<String>, head: String) -> Set<String> {
        guard let commonNames else { return [] }
        // Only names that might be said are folded: most rows' share no word with the phrase.
        guard mentionsAny(commonNames, phrase) else { return [] }
        var result = Set<String>()
        for name in commonNames.split(separator: ";") {
            // `McDonald's McFlurry`: a chain's one-word product is said without the chain.
            var named = name.split(separator: " ")
            if named.count == 2, named[0].hasSuffix("'s") || named[0].hasSuffix("’s") { named.removeFirst() }
            let words = Set(TextNormalizer.foldedWords(named.joined(separator: " "))).subtracting(stopWords)
            guard !words.isEmpty, words.isSubset(of: phrase) else { continue }
            if words.count > 1 || words.contains(head) || words.allSatisfy(isMeatOrFish) {
                result.formUnion(words)
            }
        }
        return result
    }

    /// True when `text` has one of `words` (lowercase ASCII) anywhere in it, ignoring ASCII case:
    /// a cheap test before folding it.
    static func mentionsAny(_ text: String, _ words: Set<String>) -> Bool {
        let bytes = Array(text.utf8).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        for word in words {
            let needle = Array(word.utf8)
            guard let first = needle.first, needle.count <= bytes.count else { continue }
            var start = 0
            while start + needle.count <= bytes.count {
                if bytes[start] == first, bytes[start..<start + needle.count].elementsEqual(needle) { return true }
                start += 1
            }
        }
        return false
    }

    /// True for FNDDS's recipe parts (`Fish fillet, fried as ingredient in sandwiches`,
    /// `Vegetables as ingredient in curry`, `Bacon, for use on a sandwich`): what a dish was
    /// made of, never what a name for a dish means (`a fish fillet sandwich` is the sandwich).
    static func isRecipeIngredient(_ name: String) -> Bool { isRecipeIngredient(TextNormalizer.foldedWords(name)) }

    /// ``isRecipeIngredient(_:)`` of a name's folded words.
    static func isRecipeIngredient(_ words: [String]) -> Bool {
        words.contains("ingredient") || zip(words, words.dropFirst()).contains { $0 == "for" && $1 == "use" }
    }

    /// The part of a dish a row is, when its first segment names one (`Lemon pie filling`, `Pie
    /// fillings, apple, canned`, `Topping from meat pizza`): such a row answers only a name that
    /// says the part (`apple pie filling`), never the dish (`a lemon tart` is the pie).
    static func partNamed(by name: String) -> String? {
        partNamed(byFirstSegment: TextNormalizer.foldedWords(String(name.prefix { $0 != "," })))
    }

    /// ``partNamed(by:)`` of the folded words of a name's first segment.
    static func partNamed(byFirstSegment words: [String]) -> String? { words.first { partWords.contains($0) } }

    /// Words of a name that say it is a meal of several foods (`a frozen shrimp meal`, `a
    /// salisbury steak dinner`): only such a name means one of FNDDS's frozen meals.
    static let mealWords: Set<String> = ["meal", "dinner", "entree"]

    /// Words of a row's first segment that make it a part of a dish rather than the dish.
    static let partWords: Set<String> = ["filling", "topping", "spread", "sauce"]

    /// True for a word that names meat, poultry or fish (`lamb`, `turkey`, `shrimp`), or a meat
    /// as a dish names it (`pastrami`, `carnita`).
    static func isMeatOrFish(_ word: String) -> Bool {
        dishMeats.contains(word) || [.meat, .fish, .bacon].contains(FoodKind.of(name: word, group: ""))
    }

    /// Meats named by how they are cured or cooked, which FNDDS lists among a dish's common names
    /// (`Corned beef sandwich`: `pastrami`).
    static let dishMeats: Set<String> = ["pastrami", "carnita", "barbacoa", "brisket", "mutton", "goat", "venison"]

    /// Words of a name that ask for a dish without a part (`a burger, no bun`).
    static let withoutWords: Set<String> = ["no", "without", "meatless", "bunless"]

    /// The head noun of a dish name (``headNoun(_:)``), except that a cooking style said after
    /// the food (`shrimp tempura`: ``DishWords`` reads `tempura` as `fried`) is no head: the
    /// food before it is.
    static func dishHead(_ words: [String], significant: [String]) -> String {
        let head = headNoun(words)
        guard significant.count > 1, let style = DishWords.kinds[head],
            style.allSatisfy(cookingWords.contains), let index = significant.lastIndex(of: head), index > 0
        else { return head }
        return significant[index - 1]
    }

    /// The words a row's name covers: its folded words and their stems (``withStems(_:)``),
    /// each raw word standing for the others (``rawWords``), and without FNDDS's `from dried`,
    /// `from raw`, `from frozen`, which say what a cooked food was made from, not its form.
    public static func rowWords(_ name: String) -> Set<String> {
        rowWords(folded: TextNormalizer.foldedWords(name))
    }

    /// ``rowWords(_:)`` of a name's ``TextNormalizer/foldedWords(_:)``.
    static func rowWords(folded: [String]) -> Set<String> {
        var folded = folded
        if let from = folded.firstIndex(of: "from"), from + 1 < folded.count,
            ["dried", "canned", "frozen", "fresh", "dry", "raw"].contains(folded[from + 1])
        {
            folded.removeSubrange(from...(from + 1))
        }
        var words = withStems(folded)
        if !words.isDisjoint(with: rawWords) { words.formUnion(rawWords) }
        return words
    }

    /// True when the phrase's preparation words (`said`) and a row disagree on raw against
    /// prepared: the phrase says raw and the row is cooked (`raw chicken breast`, `uncooked
    /// rice`), or the phrase says a preparation the raw row lacks (`poached egg`, `frozen peas`).
    static func contradicts(_ said: Set<String>, _ rowWords: Set<String>) -> Bool {
        let rowRaw = !rowWords.isDisjoint(with: rawWords)
        let rowPrepared = !rowWords.isDisjoint(with: preparedWords)
        if !said.isDisjoint(with: rawWords) { return rowPrepared && !rowRaw }
        return rowRaw && !said.isEmpty && !said.isSubset(of: rowWords)
    }

    /// A row's words plus the stems of its past participles, so a phrase saying `roast
    /// potatoes` or `mash` covers `Potato, roasted` and `Potato, mashed` (`roasted` → `roast`,
    /// `baked` → `bake`). Only the row's words gain stems: the phrase's own words stay as typed.
    static func withStems(_ words: [String]) -> Set<String> {
        var result = Set(words)
        for word in words where word.count >= 5 && word.hasSuffix("ed") {
            result.insert(String(word.dropLast(2)))
            result.insert(String(word.dropLast()))
        }
        return result
    }

    /// Words of a name written in capitals (`SILK Mocha`, `Cereals ready-to-eat, POST Bran
    /// Flakes`, `Snacks, KELLOGG'S, NUTRI-GRAIN`): a brand, which the phrase must name for the
    /// row to be a confident match. Capitalised abbreviations (`NFS`, `USDA`, `BBQ`) are not brands.
    static func brandWords(_ name: String) -> Set<String> {
        var result = Set<String>()
        // Most names have no word of three capitals: counting capital bytes answers them unread.
        var capitals = 0
        for byte in name.utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) { capitals += 1 }
        guard capitals >= 3 else { return result }
        for word in name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" || $0 == "," }) {
            let letters = word.filter(\.isLetter)
            guard letters.count >= 3, letters.allSatisfy(\.isUppercase), !notBrands.contains(String(letters))
            else { continue }
            result.formUnion(TextNormalizer.foldedWords(String(word)))
        }
        return result
    }

    /// Capitalised words of table names that are abbreviations, not brands.
    static let notBrands: Set<String> = ["NFS", "USDA", "BBQ", "DHA", "ARA", "UHT", "RTF", "RTE"]

    /// The noun a phrase is about: the last word before `with`, or the last word.
    /// Cutting words are skipped (`pineapple chunks` is about pineapple), and so are words of
    /// quality or shop (`a salad from pret` is about the salad).
    public static func headNoun(_ words: [String]) -> String {
        let beforeWith = words.split(separator: "with", maxSplits: 1).first.map(Array.init) ?? words
        // `chicken caesar salad from pret` is about the salad: a shop is no head.
        return beforeWith.last { !stopWords.contains($0) && !cutWords.contains($0) && !qualityWords.contains($0) }
            ?? beforeWith.last { !stopWords.contains($0) } ?? words.last ?? ""
    }

    /// Replaces words the table does not know by their nearest known word (distance 1, or 2
    /// for words of 6+ letters, keeping the first letter; a plural may be near the
    /// known word's plural; a word of three letters only by one changed letter); nil when
    /// nothing changed.
    func correctTypos(_ key: String) -> String? {
        let known = knownWords()
        var changed = false
        let words = key.split(separator: " ").map { word -> String in
            let text = String(word)
            if FoodMatcher.stopWords.contains(text) || text.count < 3 || isKnownWord(text) { return text }
            let limit = text.count >= 6 ? 2 : 1
            // A plural typed wrong (`egss`) is near the known word's plural (`eggs`).
            let plural = text.count > 3 && text.hasSuffix("s")
            // Equally near words: one the typed word is missing letters of wins (`coffe` is
            // `coffee`, not `caffe`), else one keeping its first letter, else the first in order.
            var best: (word: String, distance: Int, dropped: Bool, keepsFirst: Bool)?
            for candidate in known where abs(candidate.count - text.count) <= limit + (plural ? 1 : 0) {
                // Three letters leave room for one changed letter only (`tee` → `tea`).
                if text.count == 3, candidate.count != 3 { continue }
                var distance = editDistance(text, candidate, limit: limit)
                if plural, distance > limit { distance = editDistance(text, candidate + "s", limit: limit) }
                guard distance <= limit else { continue }
                // Two edits keep the first letter: `brocolli` is `broccoli`, `freddo` no `reddi`.
                if distance == 2, text.first != candidate.first { continue }
                let dropped = FoodMatcher.isSubsequence(text, of: candidate)
                // Then one that keeps the typed word's first letter (`tee` is `tea`, not `see`).
                let keepsFirst = candidate.first == text.first
                if let best,
                    best.distance < distance
                        || (best.distance == distance
                            && (best.dropped && !dropped
                                || (best.dropped == dropped && (best.keepsFirst || !keepsFirst))))
                {
                    continue
                }
                best = (candidate, distance, dropped, keepsFirst)
            }
            if let best {
                changed = true
                return best.word
            }
            return text
        }
        return changed ? words.joined(separator: " ") : nil
    }

    /// True when every letter of `short` appears in `long` in order (`coffe` in `coffee`).
    static func isSubsequence(_ short: String, of long: String) -> Bool {
        var rest = Substring(long).utf8[...]
        for byte in short.utf8 {
            guard let found = rest.firstIndex(of: byte) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }

    /// True for a word of the aliases or of any food's name or synonyms: never "corrected".
    func isKnownWord(_ word: String) -> Bool {
        if let known = knownWordCache[word] { return known }
        let known = aliasWordSet.contains(word) || table.knowsWord(word)
        knownWordCache[word] = known
        return known
    }

    func knownWords() -> [String] {
        if let vocabulary { return vocabulary }
        // A word of no food (`the` of `toad in the hole`) is no word a typo means (`a cup of tee`).
        let result = aliasWords.words.filter { !FoodMatcher.stopWords.contains($0) }
        vocabulary = result
        return result
    }
}

/// Edit distance by bytes, stopping early past `limit`: insertions, deletions, substitutions
/// and swaps of two neighbouring letters (`jiuce` is one edit from `juice`) each count one.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    if abs(a.utf8.count - b.utf8.count) > limit { return limit + 1 }
    let left = Array(a.utf8)
    let right = Array(b.utf8)
    if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
    var beforePrevious = Array(repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = previous
    for i in 1...left.count {
        current[0] = i
        var rowMinimum = i
        for j in 1...right.count {
            var cost = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1))
            if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                cost = min(cost, beforePrevious[j - 2] + 1)
            }
            current[j] = cost
            rowMinimum = min(rowMinimum, cost)
        }
        if rowMinimum > limit { return limit + 1 }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count]
}
