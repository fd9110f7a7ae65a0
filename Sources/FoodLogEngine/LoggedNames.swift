import Diary
import MealSyntax

/// The food name each entry was logged with, as plans see it in `item.name`: the name of the
/// one item its text parses to (`rice` for "200g rice", `chicken breast` for "150 g chicken
/// breast, grilled"). Imported entries, and texts that are not one item, are their own name.
/// Each distinct text is parsed once per engine, so a ten-year check parses a few hundred.
public final class LoggedNames {
    private var names: [String: String] = [:]

    public init() {}

    /// The name `entry` was logged with.
    public func name(of entry: Entry) -> String {
        guard entry.food.source != "imported" else { return entry.text }
        if let known = names[entry.text] { return known }
        let name = LoggedNames.parse(entry.text) ?? entry.text
        names[entry.text] = name
        return name
    }

    static func parse(_ text: String) -> String? { Parser.singleItem(text)?.name.text }
}
