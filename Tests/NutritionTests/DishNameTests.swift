import Testing
@testable import Nutrition

/// Dish names no alias has reach the as-eaten row by rule (grammar/foods.md, "Dish words and
/// common names"), and a variant the name did not say is shown as an assumption.
struct DishNameTests {
    let matcher = FoodMatcher(table: try! FoodTable())

    @Test func aCurryStyleIsTheTablesCurryOfWhatIsInIt() {
        #expect(matcher.match("vegetable korma")?.food.id == "fndds:75440600")
        #expect(matcher.match("beef massaman curry")?.food.id == "fndds:27116100")
        // FNDDS's beef curry is also the lamb, mutton and goat curry.
        #expect(matcher.match("goat curry")?.food.id == "fndds:27116100")
        #expect(matcher.match("lamb keema")?.food.id == "fndds:27116100")
    }

    @Test func aDishKindWordKeepsItsOwnMeaningAlone() {
        #expect(matcher.match("falafel pitta")?.food.id == "fndds:41901030")
        #expect(matcher.match("cheese toastie")?.food.id.hasPrefix("fndds:1464") == true)
        #expect(matcher.match("baguette")?.food.name.hasPrefix("Bread") == true)
        #expect(matcher.match("pitta")?.food.id == "usda:18041")
        #expect(DishWords.tableWords(for: "baguette", inNameOf: 1).isEmpty)
        #expect(DishWords.tableWords(for: "baguette", inNameOf: 3) == ["sandwich"])
    }

    @Test func britishSpellingsCoverTheTablesWord() {
        #expect(matcher.match("prawn fried rice")?.food.id == "fndds:58150510")
        #expect(matcher.match("bbq crisps")?.food.id == "fndds:71200110")
        // `crisps` are potato chips only: a cookie with chocolate chips is no oatmeal crisp.
        #expect(matcher.match("oatmeal crisp") == nil)
        #expect(DishWords.respelled("pitta bread") == "pita bread")
        #expect(DishWords.respelled("naan bread") == nil)
    }

    @Test func aCommonNameSaidWholeNamesItsRow() {
        #expect(matcher.match("popcorn chicken")?.food.name.hasPrefix("Chicken tenders or strips") == true)
        #expect(matcher.match("cashew chicken")?.food.id == "fndds:27445220")
        #expect(matcher.match("char siu buns")?.food.id == "fndds:58123110")
        #expect(matcher.match("salmon nigiri")?.food.id == "fndds:58151420")
        #expect(matcher.match("mcflurry")?.food.id == "fndds:13130700")
        // A one-word common name that is a flavour (`ginger` of a Japanese tea cookie) is no name:
        // a ginger biscuit is the alias's ginger nut (SR26's gingersnap), not the tea cookie.
        #expect(matcher.match("ginger biscuits")?.food.id == "usda:18172")
        #expect(
            FoodMatcher.commonNameWords("senbei; ginger; seaweed", within: ["ginger", "cookie"], head: "cookie")
                .isEmpty)
        #expect(
            FoodMatcher.commonNameWords("lamb; mutton; goat; pork", within: ["lamb", "curry"], head: "curry")
                == ["lamb"])
    }

    @Test func aChipShopSizeSaysChipsAreFries() {
        #expect(AmbiguousWords.read("chip", unit: "large") == .supported("french fry"))
        // A bag says crisps whatever its size: the size is no unit then.
        #expect(AmbiguousWords.read("chip", unit: "bag") == .supported("crisp"))
    }

    @Test func aProductWordMustBeSaidByTheRow() {
        // `dough` names a product, not a form: dough balls are no melon balls.
        #expect(matcher.match("dough balls") == nil)
        #expect(!FoodMatcher.modifierWords.contains("dough"))
        #expect(FoodMatcher.modifierWords.contains("fried"))
    }

    @Test func aRecipePartIsNeverTheDish() {
        #expect(FoodMatcher.isRecipeIngredient("Fish fillet, fried as ingredient in sandwiches"))
        #expect(FoodMatcher.isRecipeIngredient("Bacon, for use on a sandwich"))
        #expect(!FoodMatcher.isRecipeIngredient("Fish sandwich, fried, from fast food"))
        #expect(matcher.match("vegetable curry")?.food.id == "fndds:75440600")
        // A pie's filling answers only a name that says `filling`.
        #expect(matcher.match("lemon tart")?.food.id == "fndds:53305700")
        #expect(matcher.match("apple pie filling")?.food.name.lowercased().contains("filling") == true)
        #expect(FoodMatcher.partNamed(by: "Topping from meat pizza") == "topping")
        #expect(FoodMatcher.partNamed(by: "Pizza, cheese, from restaurant or fast food, thin crust") == nil)
    }

    @Test func aVariantTheNameDidNotSayIsAnAssumption() {
        // `Tuna salad sandwich wrap` over `… on white` and `… on wheat`: the bread is assumed.
        let tuna = matcher.match("tuna mayo baguette")
        #expect(tuna?.food.name.hasPrefix("Tuna salad sandwich") == true)
        #expect(tuna?.alternatives.isEmpty == false)
        // The row of what was said is no assumption.
        #expect(matcher.match("chicken curry")?.alternatives.contains { $0.name == "Chicken curry" } != true)
        #expect(
            FoodMatcher.variantWords(of: "Cheese, parmesan, grated", beyond: ["parmesan", "grated"]).isEmpty)
        #expect(
            FoodMatcher.variantWords(of: "Tuna salad sandwich on wheat", beyond: ["tuna", "sandwich"])
                == ["salad", "wheat"])
    }
}
