import Diary
import FoodLogCore
import MealSyntax
import Nutrition

/// The form an item's amount says when its name and note say none (grammar/foods.md, "The
/// form a recipe line means"): a can or tin of a vegetable, pulse or fruit is the canned food,
/// a vegetable counted whole is raw, and a cook's quantity of meat, fish, pasta or rice is
/// weighed raw.
extension Resolver {
    /// `canned` for an item counted or sized by the can or tin (`1 can chickpeas`, `1 (14.5 oz)
    /// can diced tomatoes`), `raw` for a cook's quantity (``isCooksQuantity(_:kind:)``), nil
    /// otherwise or when the plain choice already has that form.
    static func amountForm(_ item: Item, plain: FoodChoice) -> String? {
        let plainWords = FoodMatcher.rowWords(plain.food.name)
        let kind = FoodKind.of(name: plain.food.name, group: plain.food.group)
        let container = [item.unit?.canonical, item.package?.canonical].contains { ["can", "tin"].contains($0) }
        if container, cannedKinds.contains(kind), !plainWords.contains("canned") { return "canned" }
        if [.vegetable, .leafy].contains(kind), isCooked(plain), countsWhole(item), !hasWholePortion(plain) {
            return "raw"
        }
        // `a sachet of instant porridge`, `1 packet oatmeal`: a sachet holds the dry oats (27–43 g)
        // unless the cooked row weighs its own packet (`1 packet prepared`).
        if kind == .porridge, isCooked(plain), let unit = item.unit?.canonical, sachetUnits.contains(unit),
            !plain.portions.contains(where: { portion in
                !Set(TextNormalizer.words(portion.unit)).isDisjoint(with: sachetUnits)
            })
        {
            return "raw"
        }
        guard cookedKinds.contains(kind), isCooked(plain), isCooksQuantity(item, kind: kind)
        else { return nil }
        return "raw"
    }

    /// `1 cauliflower`, `1 head broccoli`, `a bunch of kale`: a vegetable counted whole, as it
    /// is bought. Its cooked row (the alias's, for a cup of it) has no whole one to count.
    static func countsWhole(_ item: Item) -> Bool {
        guard let unit = item.unit else { return item.quantity != nil }
        return ["head", "bunch", "whole"].contains(unit.canonical)
    }

    /// True when a food has a portion for one whole piece (`ear medium` of corn on the cob).
    static func hasWholePortion(_ choice: FoodChoice) -> Bool {
        choice.portions.contains { portion in
            let first = TextNormalizer.words(portion.unit).first ?? ""
            return ["head", "whole", "bunch", "ear", "small", "medium", "large"].contains(first)
        }
    }

    /// The form the name says when the plain choice is in another one and no row carries the
    /// name's own word (no row is named `linguine` or `sweetcorn`): `raw` for `raw king
    /// prawns`, or `dried linguine` of a grain or pulse, of a cooked row; `frozen` or `canned`
    /// (also `tinned`) for `frozen sweetcorn` of a row that is neither.
    static func saidForm(_ nameWords: Set<String>, plain: FoodChoice) -> String? {
        let staple = plain.tags.contains("grain") || plain.tags.contains("legume")
        let raw =
            !nameWords.isDisjoint(with: FoodMatcher.rawWords)
            || (staple && !nameWords.isDisjoint(with: FoodMatcher.dryWords))
        if raw { return isCooked(plain) ? "raw" : nil }
        let plainWords = FoodMatcher.rowWords(plain.food.name)
        let sold = nameWords.contains("tinned") ? "canned" : ["frozen", "canned"].first(where: nameWords.contains)
        guard let sold, plainWords.isDisjoint(with: ["frozen", "canned"]) else { return nil }
        return sold
    }

    /// True for a row of a cooked food (`Spaghetti, cooked`, `Fish, cod, cooked, dry heat`).
    static func isCooked(_ choice: FoodChoice) -> Bool {
        !FoodMatcher.isRaw(choice.food.name, tags: choice.tags)
            && !FoodMatcher.rowWords(choice.food.name).isDisjoint(with: FoodMatcher.cookedWords)
    }

    /// Units of a single-serve pack of a dry food.
    static let sachetUnits: Set<String> = ["sachet", "packet", "pack", "package", "pouch"]

    /// Kinds a diary logs cooked and a recipe weighs raw. Not potatoes: boiling leaves their
    /// weight as it was (SR26: raw 77 kcal per 100 g, boiled 87), so the food as eaten stands.
    static let cookedKinds: Set<FoodKind> = [.meat, .fish, .grainDish]

    /// Kinds whose can or tin holds the food cooked in the can: vegetables, pulses, fruit and
    /// fish (`a tin of mackerel`; a tin of soup or a can of cola is already the food as sold),
    /// and milks, whose can is the canned milk (`1 (14 oz) can coconut milk` is SR26's canned
    /// coconut milk, not the carton drink).
    static let cannedKinds: Set<FoodKind> = [.vegetable, .leafy, .beans, .fruit, .smallFruit, .fish, .milk]

    /// True when the amount is one a cook weighs out, not one a person eats: any amount on an
    /// ingredient line of a `recipe` (``Item/isRecipeLine``); pounds or kilograms (`1 lb chicken breasts`, `1.5kg pork shoulder`); pasta or rice in ounces (US
    /// packets and recipes weigh them dry: `12 oz penne`); a weight over what one person eats
    /// at a meal (``largestMeal``: `500g beef mince`, `450g cod fillets`); rice or pasta named
    /// by its packet's variety or shape from 200 g (``packetGrams``: `300g basmati rice`); or meat or fish
    /// named as the butcher sells it (`boneless`, `skinless`, `bone-in`, `skin-on`).
    static func isCooksQuantity(_ item: Item, kind: FoodKind) -> Bool {
        if item.isRecipeLine { return true }
        if let (perUnit, grams) = mass(of: item) {
            // A pound (`lb`, `pound`) or a kilogram (`kg`, `kilogram`).
            if perUnit >= MeasureUnit.named("lb")?.grams ?? 453 { return true }
            if kind == .grainDish, perUnit == MeasureUnit.named("oz")?.grams { return true }
            if let largest = largestMeal[kind], grams > largest { return true }
            if kind == .grainDish, grams >= packetGrams,
                !Set(TextNormalizer.words(item.name.text)).isDisjoint(with: boughtGrainWords)
            {
                return true
            }
        }
        guard kind == .meat || kind == .fish else { return false }
        let words = TextNormalizer.words(item.name.text)
        if !Set(words).isDisjoint(with: butchersWords) { return true }
        return zip(words, words.dropFirst()).contains { $0 == ("bone", "in") || $0 == ("skin", "on") }
    }

    /// The most of a kind one person eats at a meal, cooked: a 16 oz steak, two fish fillets,
    /// a big plate of pasta or potatoes. More than that is a cook's quantity, weighed raw.
    static let largestMeal: [FoodKind: Double] = [.meat: 460, .fish: 300, .grainDish: 500]

    /// How many of the weights that make a cook's quantity (``packetGrams`` and
    /// ``largestMeal``) the item's mass passes; 0 for an item weighed by no mass. Items alike
    /// in all else but this weigh alike only on one side of each such weight.
    static func cooksWeightStep(_ item: Item) -> Int {
        guard let grams = mass(of: item)?.grams else { return 0 }
        return cooksWeights.reduce(0) { $0 + (grams >= $1 ? 1 : 0) }
    }

    /// The grams of one unit and of the whole item, for an item weighed by a mass (`500g`, `1
    /// lb`); nil for any other unit or none.
    static func mass(of item: Item) -> (perUnit: Double, grams: Double)? {
        guard let unit = item.unit, unit.kind == .mass, let perUnit = MeasureUnit.named(unit.canonical)?.grams else {
            return nil
        }
        return (perUnit, perUnit * (item.quantity?.value ?? 1))
    }

    /// The weights ``isCooksQuantity(_:kind:)`` compares a mass with, in grams.
    static let cooksWeights: [Double] = ([packetGrams] + largestMeal.values.map { $0.nextUp }).sorted()

    /// The least weight of rice or pasta named as it is bought (``boughtGrainWords``) that is a
    /// cook's: two portions of dry rice or pasta, where 200 g cooked is one plate.
    static let packetGrams = 200.0

    /// Words naming rice or pasta by the variety or shape on the packet (`300g basmati rice`,
    /// `250g spaghetti`), which a recipe names and a diary seldom does.
    static let boughtGrainWords: Set<String> = [
        "basmati", "jasmine", "arborio", "carnaroli", "risotto", "paella", "sushi", "grain", "spaghetti",
        "penne", "fusilli", "rigatoni", "linguine", "tagliatelle", "farfalle", "conchiglie", "orzo", "pappardelle",
        "macaroni", "bucatini", "orecchiette", "dried", "dry",
    ]

    /// Words that describe meat or fish as it is bought (with `bone-in` and `skin-on`).
    static let butchersWords: Set<String> = ["boneless", "skinless"]

    /// The table's row for `plain` in `form`, as a choice: its sibling in that form
    /// (``FoodMatcher/sibling(of:inForm:saying:)``), preferring rows with the item's words.
    func siblingChoice(_ plain: FoodChoice, form: String, item: Item) throws(DiaryError) -> FoodChoice? {
        let tables = try tables.get()
        guard let record = tables.table.food(named: plain.food.id) else { return nil }
        let said = Set(TextNormalizer.foldedWords(item.name.text))
        guard let sibling = tables.matcher.sibling(of: record, inForm: [form], saying: said) else { return nil }
        return try choose(sibling.id)
    }

    /// `6 cups chicken broth or water`, `1 cup milk or cream`: the item as its first
    /// alternative, the words from `or` on a note before the item's own; nil for a name with
    /// no `or` between words (or a quoted one).
    static func firstAlternative(_ item: Item) -> Item? {
        guard !item.name.quoted else { return nil }
        let words = item.name.text.split(separator: " ")
        guard let or = words.indices.dropFirst().dropLast().first(where: { words[$0].lowercased() == "or" }) else {
            return nil
        }
        let first = words[..<or].joined(separator: " ")
        let rest = words[or...].joined(separator: " ")
        let faithful = item.name.isFaithful
        let firstEnd = faithful ? item.name.range.start + first.utf8.count : item.name.range.end
        var alternative = item
        alternative.name = FoodName(text: first, quoted: false, range: SourceRange(item.name.range.start, firstEnd))
        let restRange = SourceRange(faithful ? firstEnd + 1 : item.name.range.start, item.name.range.end)
        alternative.note = Written(
            item.note.map { rest + ", " + $0.text } ?? rest, item.note.map { restRange.union($0.range) } ?? restRange)
        return alternative
    }

    /// The measure an item with no amount implies: a pinch of a seasoning (`salt, to taste`,
    /// `salt and freshly ground black pepper`: a spice or herb named with no amount), a
    /// drizzle of what is `for drizzling`; nil for any other item.
    static func impliedUnit(_ item: Item, choice: FoodChoice, toTaste: Bool) -> UnitRequest? {
        guard item.quantity == nil, item.unit == nil, item.size == nil else { return nil }
        let noteWords = item.note.map { TextNormalizer.words($0.text) } ?? []
        if noteWords.contains("drizzling") || noteWords.contains("drizzle") {
            return UnitRequest(canonical: "drizzle", unitClass: .household, written: "drizzle")
        }
        guard toTaste || FoodKind.of(name: choice.food.name, group: choice.food.group) == .spice else { return nil }
        return UnitRequest(canonical: "pinch", unitClass: .household, written: "pinch")
    }
}
