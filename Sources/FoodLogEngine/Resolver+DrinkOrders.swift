import MealSyntax
import Nutrition

extension Resolver {
    /// `a cappuccino, skimmed milk`, `a flat white, oat`, `a latte, decaf, extra shot`: comma
    /// segments after a hot drink or a shake that only say how it was ordered
    /// (``FoodMatcher/drinkOrder(_:)``) are that drink's order, read as if said in one breath:
    /// the milk as `with` its milk (`a cappuccino with skimmed milk`), `decaf` before the drink,
    /// and the rest (`extra shot`, `extra hot`) a note. Any other segment stays an item.
    static func foldingDrinkOrders(_ items: [Item]) -> [Item] {
        guard items.count > 1, items.contains(where: { $0.joinedByComma }) else { return items }
        // Made only once an order folds: most lists with a comma fold nothing and stay as they are.
        var folded: [Item]?
        for index in items.indices {
            // Asked of the item in place: most fail here, and a copy of each would cost more.
            guard index > 0, items[index].joinedByComma, items[index].quantity == nil, items[index].unit == nil,
                items[index].size == nil, !items[index].name.quoted
            else {
                folded?.append(items[index])
                continue
            }
            let item = items[index]
            guard case var drink = folded?.last ?? items[index - 1], !drink.name.quoted,
                let order = FoodMatcher.drinkOrder(item.name.text),
                let kind = FoodKind.ofHead(drink.name.text), kind == .hotDrink || kind == .shake
            else {
                folded?.append(item)
                continue
            }
            var list = folded ?? Array(items[..<index])
            var name = drink.name.text
            if order.decaf, !TextNormalizer.words(name).contains(where: FoodMatcher.decafWords.contains) {
                name = "decaf " + name
            }
            if let milk = order.milk, !name.contains(" with ") { name += " with " + milk }
            let range = drink.written.range.union(item.written.range)
            drink.name = FoodName(text: name, quoted: false, range: drink.name.range.union(item.name.range))
            let saidNotes = [order.note, item.note?.text].compactMap { $0 }
            if !saidNotes.isEmpty {
                let notes = saidNotes.joined(separator: ", ")
                drink.note = Written(drink.note.map { $0.text + ", " + notes } ?? notes, item.written.range)
            }
            drink.written = Written(drink.written.text + ", " + item.written.text, range)
            list[list.count - 1] = drink
            folded = list
        }
        return folded ?? items
    }
}
