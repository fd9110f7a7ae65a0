import FoodLogCore
import Nutrition
import Testing
import TestSupport

/// Scores of one part of the corpus.
struct CorpusTally {
    var phrases = 0
    var read = 0
    var resolved = 0
    var phantoms = 0
    var confidentWrong = 0
    /// Of ``confidentWrong``, those whose food is wrong (the rest are right foods at wrong grams).
    var confidentWrongFood = 0
    /// Resolved right but shown with a doubt (assumed, estimated or warned): what a mark costs.
    var markedRight = 0

    mutating func add(_ outcome: CorpusOutcome) {
        phrases += 1
        if outcome.readRight { read += 1 }
        if outcome.resolvedRight { resolved += 1 }
        if outcome.phantom { phantoms += 1 }
        if outcome.confidentWrong { confidentWrong += 1 }
        if outcome.confidentWrong && outcome.wrongFood { confidentWrongFood += 1 }
        if outcome.resolvedRight && outcome.marked { markedRight += 1 }
    }

    func percent(_ count: Int) -> Double { 100 * Double(count) / Double(max(1, phrases)) }

    var summary: String {
        func share(_ count: Int) -> String {
            let tenths = Int((percent(count) * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }
        return "\(phrases) phrases: read right \(share(read)), resolved right \(share(resolved)), "
            + "phantom items \(phantoms), confident wrong \(share(confidentWrong)) "
            + "(\(confidentWrongFood) food, \(confidentWrong - confidentWrongFood) grams), right but marked \(share(markedRight))"
    }
}

/// The least a part of the corpus must keep scoring (percentages of its phrases). Set just under
/// what main scores, so a regression fails; raised as the resolver gets better.
struct CorpusFloor {
    var read: Double
    var resolved: Double
    /// At most this many phrases with phantom items.
    var phantoms: Int
    /// At most this share of phrases resolved confidently wrong.
    var confidentWrong: Double
}

/// The labelled corpus (Tests/FoodLogEngineTests/Corpus): every phrase runs through the parser and
/// a dry-run pipeline and is scored. `FOODLOG_CORPUS_REPORT=1` prints the scores by category and
/// the dev misses; `FOODLOG_CORPUS_HOLDOUT_MISSES=1` also lists the holdout misses (look at them
/// only when the dev set passes: labels are never changed to fit what the resolver does).
struct CorpusTests {
    static let floors: [String: CorpusFloor] = [
        // main at d8ee716 scored dev 92.1% / 51.2% / 41 / 16.4% and holdout 89.5% / 44.4% / 22 / 21.1%;
        // with FNDDS, household measures, sizes and comma notes (4a335af): dev 98.4% / 71.1% / 4 /
        // 11.7% and holdout 97.6% / 69.7% / 1 / 13.7%; with coffee-shop variants and sizes as
        // volumes: dev 98.4% / 72.3% / 4 / 11.7% and holdout 97.6% / 71.0% / 1 / 13.5%; with
        // ambiguous words, whole-item counts, table-word spelling, British vocabulary and dishes
        // as FNDDS servings: dev 98.4% / 77.5% / 4 / 10.3% and holdout 97.6% / 75.2% / 1 / 12.0%.
        // With default servings and household measures by kind, amounts as typed, names (cutting
        // and quality words, notes that say the form, brands), with/on sides by what they come
        // with, and take-away dishes (main at the merge of dishes): dev 99.1% / 90.6% / 1 / 4.1%,
        // holdout 97.6% / 80.4% / 0 / 10.2%, holdout-2 98.5% / 72.2% / 4 / 10.7%. With recipe
        // forms (cans, raw cook's quantities), plurals with no count, UK drink measures and four
        // new blind-written dev files (dev 1,504 phrases): dev 99.1% / 93.0% / 1 / 3.2%, holdout
        // 98.0% / 84.3% / 0 / 9.4%, holdout-2 99.1% / 76.1% / 4 / 9.8%. dev-takeaway3.tsv (100
        // take-away and snack phrases written blind) joined dev at 55% resolved right, taking dev
        // to 90.6%; with dish words, common names and unsaid variants (takeaway3): dev 98.9% /
        // 91.5% / 1 / 3.4%, holdout 98.0% / 84.3% / 0 / 9.2%, holdout-2 99.1% / 76.8% / 4 / 9.2%.
        // With all of 2026-12-02's branches (counts, measures, dish words, 161 UK and US words,
        // nearest foods marked) and five new blind-written dev files (dev-week, dev-counts3,
        // dev-counts3-2, dev-measures3, dev-takeaway3; dev 1,986 phrases): dev 99.0% / 91.6% / 4
        // / 3.8%, holdout 98.3% / 85.6% / 0 / 9.6%, holdout-2 99.4% / 77.1% / 4 / 9.2%.
        // dev-counts4.tsv (120 snack, sweet and baked-good phrases written blind) joined dev at
        // 54.1% resolved right, taking dev to 89.5%; with the snack portion rules (counts4):
        // dev 99.0% / 90.5% / 4 / 3.6%.
        // dev-takeaway4.tsv (120 take-away phrases written blind) joined dev at 53.3% resolved
        // right, taking dev to 89.5% / 6 phantoms; with meats by their class, lengths and dish
        // words (takeaway4): dev 98.9% / 90.7% / 6 / 3.9%, holdout 98.3% / 85.6% / 0 / 9.6%,
        // holdout-2 99.4% / 77.4% / 4 / 9.2%.
        // With all of them merged, two more blind files (dev-audit, dev-drinks3; dev 2,472
        // phrases) and side/order/bit as units: dev 99.3% / 90.2% / 3 / 3.4%, holdout 98.3% /
        // 85.6% / 0 / 9.6%, holdout-2 99.4% / 78.6% / 4 / 8.9%, holdout-3 97.4% / 73.1% / 0 / 11.5%.
        // With the short portions5 and rank5 rounds (dev 2,485): dev 99.3% / 90.9% / 3 / 3.1%,
        // holdout 98.3% / 85.8% / 0 / 9.4%, holdout-2 and holdout-3 unchanged.
        // dev-rank6.tsv (116 take-away, snack and diner phrases written blind) joined dev at
        // 58.6% resolved / 12.9% confident wrong (69.8% / 4.3% once the SR26 rows its first labels
        // left out were added; dev 2,601: 90.0% / 3.2%). With nearest rows for describing and
        // nutrition words: dev 99.2% / 90.2% / 3 / 3.2%, holdout 98.3% / 85.8% / 0 / 9.4%,
        // holdout-2 99.4% / 78.6% / 4 / 8.9%, holdout-3 97.4% / 74.4% / 0 / 11.5%. With kebab and
        // donut spelled as the table does and kabobs and crab rangoons counted whole: dev 99.2% /
        // 90.3% / 3 / 3.1%, holdouts unchanged. Rebased on c8fc11d (main: dev 90.1% / 3.2%, holdout-3
        // 73.1% / 12.8%, holdout-4 61.1% / 11.3%): dev 99.3% / 90.5% / 2 / 3.1%, holdout-3 98.7% /
        // 74.4% / 0 / 12.8%, holdout-4 88.7% / 62.6% / 8 / 11.3%.
        // dev-drinks4.tsv (165 drink phrases written blind) joined dev at 67.9% resolved right,
        // taking dev to 89.5% / 8 phantoms / 3.5%; with drinks by name, order notes, garnishes,
        // shop milkshakes and diet rows (drinks4, rebased on dbe4511): dev 99.5% / 91.9% / 2 /
        // 2.8%, holdout 86.1% / 9.2%, holdout-2 79.2% / 8.3%, holdout-3 74.4% / 12.8%,
        // holdout-4 61.6% / 8 / 10.8%.
        // dev-counts5.tsv (119 count, slice, share, size and portion phrases written blind)
        // joined dev at 58.8% resolved right (64.7% once labels missing acceptable rows were
        // fixed), taking dev (2,604) to 89.7% / 3.5%; with shares of a whole, bars by their size,
        // sweets by the piece and the other counts5 rules: dev 99.1% / 90.7% / 3 / 3.2%.
        // All four merged (dev 2,885): dev 99.4% / 91.1% / 2 / 2.9%, holdout 98.5% / 86.1% / 0 /
        // 9.2%, holdout-2 99.4% / 79.2% / 4 / 8.3%, holdout-3 98.7% / 75.6% / 0 / 12.8%, holdout-4
        // 88.7% / 63.1% / 8 / 10.8%.
        // dev-recipe6.tsv (56 recipe lines written blind) joined dev at 73.2% resolved right and
        // dev-counts6.tsv (12 counts) beside it, taking dev (2,953) to 99.3% / 90.8% / 2 / 3.0%.
        // A filling or flavour no row says makes the row of the kind only the nearest food
        // (`a blueberry scone` is `Scone`, marked) where it was an estimate: dev 91.4%, holdout
        // 86.5%, holdout-2 80.7%, holdout-4 63.5%, nothing else moved. Spices, baking goods,
        // mushrooms and potatoes as recipes name them, and everyday words (`veg`, `soldiers`):
        // dev 91.6%, holdout 86.7%, holdout-2 81.3%, holdout-3 78.2%, holdout-4 64.0%. Ten pieces
        // of nuggets as ten nuggets, and aliases from probing 500 British and American diary
        // phrases and recipe lines: dev 91.8%, holdout-2 82.0%, holdout-4 66.0%. The food before
        // `and` choosing which chips, pizza sizes as diameters, and aliases from probing 480 more
        // recipe lines, `with` phrases, snacks and drinks: holdout-4 67.0% / 7 phantoms; dev's
        // confident wrong 3.0 -> 3.01%: `4 meatballs` became the right food (meatballs with
        // sauce, not meatless ones) at FNDDS's 43 g meatball, over its label's weight.
        // A lone `w` as `with`, and aliases from probing a newcomer's week and take-away
        // orders: dev 91.9% / 2.9%, holdout 86.9% / 8.9%, holdout-4 68.0% / 10.3%. Aliases from
        // home cooking, diet foods and world cuisines, and a typo keeping its first letter in a
        // tie: dev 92.0%, holdout 87.1%.
        // The food an ambiguous word goes with read by its kind (`cod and chips`), a chip shop's
        // fish battered, a household unit that begins a food's name part of it (`a pot noodle`):
        // dev 92.4% / 2.7%. Two blind files then joined dev (written 2026-12-03 by helpers who never
        // ran the resolver): dev-week7.tsv (129 phrases, a newcomer's week) first scored 46.5%
        // resolved right and dev-mixed7.tsv (130, take-away, diary-app entries, typos) 69.2%,
        // taking dev (3,212) to 98.2% / 90.4% / 9 / 3.6%.
        // Labels of the two files fixed where they left out the SR26 row of the very food (a
        // butter croissant's `Croissants, butter`, a whopper's `BURGER KING, WHOPPER`), a label of
        // `1` accepting no number read (`pint of guinness`), and from their misses: an amount
        // after the name followed by preparation words (`quinoa 150g cooked`), a fraction alone
        // as a count (`avocado 1/2`), a meal or place after the food as a note (`cottage pie for
        // tea`), the bread a sandwich is on as a note (`tuna melt on rye`), `chips and salsa` as
        // tortilla chips, `veg` as vegetable, a unit with two letters swapped (`a peice of`), a
        // size of a crumb-pieced food scaling its serving: dev 99.3% / 91.6% / 6 / 3.0%, holdout
        // 98.9% / 87.4% / 0 / 8.7%, holdout-2 82.3% / 3 / 8.0%, holdout-4 89.7% / 68.5% / 5.
        // Two more blind files joined dev (written 2026-12-03 by helpers who never ran the
        // resolver), first scored on main at b3b3fb2: dev-takeaway8.tsv (153 take-away and drink
        // phrases) 63.4% resolved right, dev-diary8.tsv (148 diary phrases) 72.3%, taking dev
        // (3,513) to 98.9% / 90.1% / 11 / 3.5%.
        // From their misses: iced coffee-shop drinks, lemonade's two senses, `on the side` as a
        // note, a chain's own food after `from`, `for a snack`, `before work` and `in my tea` as
        // notes, a slice of a food with only a piece, a size after the name, spirits by brand,
        // omelettes by filling, labels given the SR26 row of the very food: dev 98.9% / 90.7% /
        // 10 / 3.3%, holdout-2 82.6% / 2 phantoms / 7.6%.
        // Read right now also counts the parts `resolve --json` shows (the resolver's reread:
        // `hard boiled egg for a snack` is the egg, noted): dev 98.9 -> 99.2%, holdout 98.9 ->
        // 99.1%, holdout-4 89.7 -> 92.1%. An inch mark (`10" pizza`), `leftover` as a note, a
        // fast-food row's sole ounce weight as one item (a hash brown, 56 g).
        // Three blind files joined dev (written 2026-12-03 by helpers who never ran the
        // resolver; word-for-word repeats of other files dropped unread), first scored as read
        // right / resolved right / phantoms / confident wrong: dev-recipe9.tsv (128 recipe
        // lines) 93.0% / 75.8% / 4 / 5.5%, dev-diary9.tsv (147 diary-app entries) 92.5% / 53.7%
        // / 9 / 9.5%, dev-week9.tsv (144, a newcomer's week) 77.1% / 53.5% / 8 / 9.0%, taking
        // dev (3,932) to 98.0% / 87.7% / 31 / 3.9%.
        // From dev-week9's misses: a size alone after a comma (`sweet tea, large`), `ct` as a
        // count, the food before `from` read with its spelling corrected, an amount after foods
        // joined by `and` as the one food's, any word of the food after `and` choosing which
        // chips, `hm` and `dq` as shop words, aliases (oat milk as one word, topo chico, a
        // blizzard): dev 98.2% / 87.9% / 31 / 3.8%, the held-out splits unchanged. (A lone `n`
        // as `and` was tried and left out: it split `in n out` and `ham n cheese sandwhich`.)
        // From dev-diary9's misses: grocery brands before the food as shop words (`warburtons
        // crumpets`), `a whole tin of`, a flavour after a product's name as its note (`white claw
        // black cherry`), `sauv blanc`, `patron`: dev 88.1%, holdout-4 69.0 -> 69.5%.
        // Diary shorthand (`chkn`, `bfast`, `marg`), `over ice`, a whole number before `egg
        // omelette` counting its eggs, a `with` row that begins as the main's own row (`omelette
        // with cheese`), a sandwich `on a roll`, a unit alone after a comma as a note, a
        // spirit's `jigger` as a measure: dev 88.3% / 29 phantoms.
        // Three more blind files joined dev (written 2026-12-03 by helpers who never ran the
        // resolver; repeats dropped unread), first scored as read / resolved / phantoms /
        // confident wrong: dev-recipe10.tsv (133 recipe lines) 88.0% / 73.7% / 2 / 3.8% (95.5% /
        // 84.2% / 1 / 3.8% once the recipe-line rules below joined), dev-takeaway10.tsv (118
        // take-away, coffee and bar phrases) 93.2% / 56.8% / 8 / 19.5%, dev-week10.tsv (139, four
        // newcomers' weeks) 92.1% / 53.2% / 7 / 14.4%. From dev-recipe10's misses: a
        // parenthesis after the amount as a note (`8 (6-inch) corn tortillas`), numbers and `and`
        // inside a comma note, a lean ratio in a ground meat's name, what a food is mixed with as
        // a note, `packed`, `generous`, a nest of noodles, aliases: holdout-4 69.5 -> 70.0% (read
        // 92.1 -> 92.6%), dev (4,322) 97.8% / 86.1% / 45 / 4.6%.
        // From dev-takeaway10's misses: a size after a shop's name or a coffee-shop size after
        // a comma, `half of` a beer, `meal` after a product, a sauce after a comma, chains'
        // nicknames, aliases: dev 86.4% / 43 / 4.5%, holdout-4 70.0 -> 70.9% (read 93.1%).
        // From dev-week10's misses: an amount's package after a comma (`skyr, 150g pot`), how a
        // food was cooked and the meal a drink went with as notes, `yog`, `houmous`, aliases:
        // dev 86.5% / 40 phantoms, the held-out splits unchanged.
        // FNDDS's own rows for foods it names (hot wings, Monster, Triscuit, tequila), a bag
        // spanning sizes: dev 86.9% / 4.3%. Two more blind dev files (dev-week11.tsv, 125 phrases
        // of a newcomer's week, Scottish and Canadian; dev-recipe11.tsv, 101 recipe lines) first
        // scored 87.2% / 35.2% / 10 / 15.2% and 93.1% / 79.2% / 2 / 10.9%; from dev-week11's
        // misses: flavour notes after a comma, how a food was cooked `in`, `about a cup`,
        // `8 count`, `no sugar`, `wee` and `dram`, half of a sized muffin, a square of a tray
        // dish, no cubic inch for a bare count, Scottish and British aliases: dev-week11 44.0%,
        // dev 85.6% / 48 phantoms / 4.8% over 4,548 phrases.
        "dev": CorpusFloor(read: 97.5, resolved: 85.5, phantoms: 48, confidentWrong: 4.9),
        "holdout": CorpusFloor(read: 98.7, resolved: 87.2, phantoms: 0, confidentWrong: 8.8),
        // holdout-2 (327 phrases, written on 2026-12-01 before any resolver output was seen)
        // first scored 97.6% / 64.2% / 8 / 11.3% on main at 6426716.
        // A name of preparation words alone going on after its comma (`4 boneless, skinless
        // chicken breasts`): holdout-2 99.7% / 82.9% / 1 phantom, dev 30 phantoms.
        "holdout-2": CorpusFloor(read: 99.5, resolved: 83.4, phantoms: 1, confidentWrong: 7.4),
        // holdout-3 (78 phrases, written blind on 2026-12-02 by someone who never ran the resolver;
        // the 82 it repeated from other files dropped) first scored 97.4% / 70.5% / 0 / 14.1% on
        // main at b2b2f01. Reading `w/` as `with` made one rejected phrase read right but resolve
        // to a wrong food (read 97.4 -> 98.7%, confident wrong 11.5 -> 12.8%).
        "holdout-3": CorpusFloor(read: 99.5, resolved: 78.0, phantoms: 0, confidentWrong: 12.9),
        // holdout-4 (203 phrases, written blind on 2026-12-02 by someone who never ran the resolver;
        // the ones it repeated from other files dropped). First score, with main at 051e829 and
        // `with` names read by their main food as its labels name them: 88.7% / 60.6% / 8 / 11.3%.
        // Diary-sentence words and recipe notes (`pressed`, `deveined`, `lukewarm`): holdout-3 read
        // 100%, holdout-4 6 phantoms.
        "holdout-4": CorpusFloor(read: 92.9, resolved: 71.3, phantoms: 5, confidentWrong: 10.4),
    ]

    @Test func theCorpusKeepsItsFloors() throws {
        let phrases = try CorpusPhrase.loadAll()
        let holdout = phrases.filter { $0.split == "holdout" }
        #expect(phrases.count >= 1_000 && holdout.count >= 370, "the corpus shrank")
        let scorer = try CorpusScorer()
        let outcomes = try phrases.map(scorer.score)
        let report = RepositoryPaths.environment("FOODLOG_CORPUS_REPORT") == "1"
        for split in Set(phrases.map(\.split)).sorted() {
            let part = outcomes.filter { $0.phrase.split == split }
            var tally = CorpusTally()
            part.forEach { tally.add($0) }
            if report { print(Self.report(split, part, total: tally)) }
            guard let floor = Self.floors[split] else {
                Issue.record("\(split): no floor in CorpusTests.floors (\(tally.summary))")
                continue
            }
            #expect(tally.percent(tally.read) >= floor.read, "\(split): \(tally.summary)")
            #expect(tally.percent(tally.resolved) >= floor.resolved, "\(split): \(tally.summary)")
            #expect(tally.phantoms <= floor.phantoms, "\(split): \(tally.summary)")
            #expect(tally.percent(tally.confidentWrong) <= floor.confidentWrong, "\(split): \(tally.summary)")
        }
        let listHoldout = RepositoryPaths.environment("FOODLOG_CORPUS_HOLDOUT_MISSES") == "1"
        if report || listHoldout {
            for outcome in outcomes where outcome.phrase.split == "dev" ? report : listHoldout {
                if let miss = Self.miss(outcome) { print(miss) }
            }
        }
    }

    /// Labels name SR26 rows that exist (FNDDS ids are checked once the table carries them).
    @Test func everySR26LabelIsAFoodOfTheBuiltInTable() throws {
        let table = try FoodTable()
        let ids = Set(try CorpusPhrase.loadAll().flatMap(\.acceptable))
        let missing = ids.filter { $0.hasPrefix("usda:") && table.food(named: $0) == nil }.sorted()
        #expect(missing.isEmpty, "not in the built-in table: \(missing)")
    }

    static func report(_ split: String, _ outcomes: [CorpusOutcome], total: CorpusTally) -> String {
        var byCategory: [String: CorpusTally] = [:]
        for outcome in outcomes { byCategory[outcome.phrase.category, default: CorpusTally()].add(outcome) }
        var lines = ["corpus \(split): \(total.summary)"]
        for (category, tally) in byCategory.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(category): \(tally.summary)")
        }
        return lines.joined(separator: "\n")
    }

    /// One miss for the report, or nil when the phrase scored on every count.
    static func miss(_ outcome: CorpusOutcome) -> String? {
        let phrase = outcome.phrase
        var wrong: [String] = []
        if !outcome.readRight { wrong.append("read") }
        if !outcome.resolvedRight { wrong.append("resolved") }
        if outcome.phantom { wrong.append("phantom") }
        if outcome.confidentWrong { wrong.append("confident-wrong") }
        guard !wrong.isEmpty else { return nil }
        func alternatives<T>(_ values: [T?], _ show: (T) -> String) -> String {
            values.map { $0.map(show) ?? "-" }.joined(separator: "|")
        }
        let quantity = alternatives(phrase.quantities) { formatAmount($0) }
        let unit = alternatives(phrase.units) { $0 }
        return """
            MISS \(phrase.file):\(phrase.line) [\(phrase.category)] \(phrase.phrase)  (\(wrong.joined(separator: ", ")))
              read \(outcome.read)  want \(quantity) | \(unit) | \(phrase.names.joined(separator: "|"))
              got  \(outcome.result)  want \(phrase.acceptable.sorted().joined(separator: " ")) \
            \(formatAmount(phrase.grams)) g ±\(formatAmount(phrase.tolerance * 100))%, \(phrase.items) items
            """
    }
}
