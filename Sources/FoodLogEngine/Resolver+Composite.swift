import Diary
import MealSyntax
import Nutrition

extension Resolver {
    /// `toast with jam`, `beans on toast`: the parts of a `with`/`on` name as separate items,
    /// or nil when the name is one food (the library knows it, or the table has a composite
    /// food such as `Bagel with cream cheese` or `Coffee with milk`). The first part keeps the
    /// quantity, unit and note; the other reads as an item of its own (`a drizzle of honey`), and
    /// without an amount counts one of its natural unit (`1 tbsp` of jam).
    /// Never drops a part: each one resolves, or fails, on its own.
    func composite(_ item: Item) throws(DiaryError) -> [Item]? {
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
        let faithful = item.name.text.utf8.count == item.name.range.end - item.name.range.start
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
        let side =
            (faithful ? Parser.singleItem(second, at: secondStart) : nil)
            ?? Item(
                written: Written(second, secondRange), quantity: nil, unit: nil,
                name: FoodName(text: second, quoted: false, range: secondRange), note: nil)
        return [main, side]
    }

    /// True when the whole name is one food: the library or a curated alias knows it, or the
    /// table's choice is itself a composite whose main part is the phrase's (`Bagel with cream
    /// cheese`, `chicken and rice`), not a food that merely mentions both words (`French toast
    /// with butter` is not `toast with butter`; `Syrups, table blends, pancake` is not
    /// `pancakes with syrup`).
    func isOneFood(_ name: String, main: String, side: String) throws(DiaryError) -> Bool {
        guard let whole = try choose(name), whole.source != .estimate, whole.correctedPhrase == nil else {
            return false
        }
        if whole.source != .database { return true }
        if try knowsExactly(name) { return true }
        let mainWords = Set(TextNormalizer.foldedWords(main)).union(FoodMatcher.modifierWords)
        let sideWords = Set(TextNormalizer.foldedWords(side))
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

    /// Words that join a main food and what comes with it.
    static let jointWords: Set<String> = ["with", "on", "w/"]

    /// Whether a joint word stands between two words of `name`, without splitting it into
    /// Strings (every item of a script is asked; few have one).
    static func hasInnerJointWord(_ name: String) -> Bool {
        // The shortest such name is `a on b`: a shorter one is answered without reading it.
        guard name.utf8.count >= 6 else { return false }
        var packed: UInt64 = 0
        var length = 0
        var wordsBefore = 0
        for byte in name.utf8 {
            if byte == 0x20 {
                if wordsBefore > 0, length <= 4, jointKeys.contains(packed) { return true }
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

    /// ``jointWords`` packed as ``hasInnerJointWord(_:)`` packs a word (three: a list is quicker
    /// to search than a set is to hash).
    private static let jointKeys: [UInt64] = jointWords.map { $0.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
}
