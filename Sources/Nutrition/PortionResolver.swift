import FoodLogCore
/// The kind of unit a user wrote (mirrors the language's unit kinds).
public enum UnitClass: String, Sendable {
    case mass, volume, energy, household
}

/// A unit as the resolver needs it: canonical spelling, kind and the user's spelling.
public struct UnitRequest: Sendable {
    public var canonical: String
    public var unitClass: UnitClass
    public var written: String

    public init(canonical: String, unitClass: UnitClass, written: String) {
        self.canonical = canonical
        self.unitClass = unitClass
        self.written = written
    }
}

/// How an amount of a food turns into grams: grams per unit of quantity, and how that was
/// worked out (for the review). The same rule serves every quantity, so it can be cached.
public struct GramAmount: Equatable, Sendable {
    /// Grams for a quantity of 1.
    public var gramsPerQuantity: Double
    /// What follows the quantity in the explanation: ` × large (50 g)`, ` g`, ` cup at 1.03 g/ml`,
    /// ` × glass ≈ 250 ml, assumed at 1.04 g/ml`.
    public var basisSuffix: String
    /// Set when the weight is not the food's own but a default or a scaled size (`glass ≈ 250
    /// ml`, `large ≈ 1.3 × medium`): what was assumed, for the warning.
    public var assumption: String?

    public init(gramsPerQuantity: Double, basisSuffix: String, assumption: String? = nil) {
        self.gramsPerQuantity = gramsPerQuantity
        self.basisSuffix = basisSuffix
        self.assumption = assumption
    }

    /// Grams of `quantity`.
    public func grams(_ quantity: Double) -> Double { quantity * gramsPerQuantity }

    /// `2 × large (50 g)`, `200 g`, `1.5 × cup (244 g)`.
    public func basis(_ quantity: Double) -> String { formatAmount(quantity) + basisSuffix }
}

/// Why no weight could be found for an item.
public struct PortionError: Error, Equatable, Sendable {
    public var message: String
    public var help: String
}

/// Turns quantity + unit into grams for one food: mass units always; volume units through the
/// food's own volume portions (their density); household and count units from the food's
/// portions by name and unique prefix; a bare count by the food's natural unit. Sizes match a
/// portion carrying the size word anywhere (`potato large`). What the food's portions lack
/// comes from ``HouseholdMeasures`` or a scaled size, and says it is assumed.
public enum PortionResolver {
    /// - Parameters:
    ///   - hints: words of the item's note and name, the name's last (`shredded`, `cookie`), used
    ///     to prefer the matching portion (`cup, shredded`) and, for a bare count, the portion
    ///     named by the head noun, the last hint (`2 chocolate chip cookies` → `cookie`).
    ///   - size: a size or spoon adjective qualifying the unit (`small` of `2 small tins`).
    ///   - group: the food's group, which with its name decides its ``FoodKind`` for defaults.
    ///   - counted: the item has a quantity (`a quesadilla`, `2 samosas`): a count of a food
    ///     whose default is FNDDS's unspecified serving means whole items when the food has a
    ///     whole-item portion (`full circle`, `regular/large`, `whole`).
    ///   - partOfOne: the item is a count below one with no unit (`half a pizza`, `a quarter
    ///     of a melon`): that part of one whole food (``wholeCutIntoServings(_:)``, else
    ///     ``whole(_:)``), not of one of its slices.
    public static func grams(
        unit: UnitRequest?, foodName: String, portions: [FoodPortion],
        naturalPortion: String?, kcalPer100g: Double?,
        hints: [String] = [], size: String? = nil, group: String = "", counted: Bool = false,
        partOfOne: Bool = false
    ) -> Result<GramAmount, PortionError> {

        let food = FoodPortions(
            name: foodName, group: group, portions: portions, natural: naturalPortion,
            hints: Set(hints.map(TextNormalizer.singular)), headNoun: hints.last.map(TextNormalizer.singular),
            pluralNoun: hints.last.map { TextNormalizer.singular($0) != $0 } ?? false)
        if let size, let unit {
            return qualified(unit, by: size, food, kcalPer100g: kcalPer100g)
        }
        guard let unit else {
            if let (measure, millilitres) = HouseholdMeasures.spiritMeasure(words: food.hints, kind: food.kind) {
                return .success(byVolume(millilitres, written: measure, food))
            }
            if partOfOne { return wholeCutIntoServings(food).map { .success($0) } ?? whole(food) }
            return natural(food, counted: counted)
        }
        return measured(unit, food, kcalPer100g: kcalPer100g)
    }

    /// The pieces in a stack (`a stack of pancakes`): a diner's short stack is three.
    static let stackPieces = 3.0

    /// One of the food's natural unit: what a bare count (`2 eggs`) or no amount weighs.
    static func natural(_ food: FoodPortions, counted: Bool) -> Result<GramAmount, PortionError> {
        if let length = byLength(food) { return .success(length) }
        if let bare = bare(food, counted: counted) { return .success(bare.amount) }
        return .failure(
            PortionError(
                message: "no natural unit to count \(food.name) by",
                help: "give an amount such as '100 g'" + available(food.portions)))
    }

    /// `a half of lager` is a UK half pint (the table default for the kind); `a half of the
    /// pizza`, `2 halves of a peach`: that share of one whole food (``whole(_:)``).
    static func share(_ share: Double, _ unit: UnitRequest, _ food: FoodPortions) -> Result<GramAmount, PortionError> {
        if let amount = defaultAmount(unit.canonical, written: unit.written, food) { return .success(amount) }
        return whole(food).map { whole in
            let grams = whole.gramsPerQuantity * share
            return GramAmount(
                gramsPerQuantity: grams,
                basisSuffix: " × " + unit.written + " (" + formatAmount(grams) + " g) of 1" + whole.basisSuffix,
                assumption: whole.assumption)
        }
    }

    /// One whole of the food, what a share of it is taken from: the whole a size names (`half a
    /// pizza` is half the pizza, not half its slice); else the portion named by the head noun
    /// that is no measure (`melon, medium` of a cantaloupe for `a quarter of a melon`); else the
    /// household whole the head noun names (`a quarter of a baguette`, assumed); else one of its
    /// natural unit.
    static func whole(_ food: FoodPortions) -> Result<GramAmount, PortionError> {
        if let whole = namedWhole(food) { return .success(rule(whole)) }
        // `half a blueberry muffin`: a natural portion that is a size (`medium`) is one whole
        // item already, never the smaller one the head noun names (`muffin`, 31 g).
        if let natural = food.natural, MeasureUnit.named(plainKey(natural))?.size != nil {
            return PortionResolver.natural(food, counted: true)
        }
        if let head = food.headNoun, let named = portion(namedByHead: head, food.portions), !isMeasure(named) {
            return .success(rule(named))
        }
        if let head = food.headNoun, let whole = HouseholdMeasures.whole(named: head, kind: food.kind) {
            return .success(assumed(whole, written: head, food))
        }
        return natural(food, counted: true)
    }

    /// What the resolver knows of one food while weighing it.
    struct FoodPortions {
        var name: String
        var group: String
        var portions: [FoodPortion]
        var natural: String?
        var hints: Set<String>
        var headNoun: String?
        /// The name ends in a plural (`eggs`, `sausages`): with no count, a few of them.
        var pluralNoun = false
        var kind: FoodKind { FoodKind.of(name: name, group: group) }
    }

    static func measured(_ unit: UnitRequest, _ food: FoodPortions, kcalPer100g: Double?) -> Result<
        GramAmount, PortionError
    > {
        switch unit.unitClass {
        case .mass:
            let factor = MeasureUnit.named(unit.canonical)?.grams ?? 1
            return .success(GramAmount(gramsPerQuantity: factor, basisSuffix: " " + unit.written))
        case .volume:
            // A pint of a drink is the UK's imperial 568 ml (see HouseholdMeasures.drinkPint).
            if unit.canonical == "pint", let millilitres = HouseholdMeasures.drinkPint(kind: food.kind) {
                return .success(byVolume(millilitres, written: unit.canonical, food))
            }
            let own = volume(unit, foodName: food.name, portions: food.portions, hints: food.hints)
            guard case .failure = own, let millilitres = MeasureUnit.named(unit.canonical)?.millilitres else {
                return own
            }
            // No volume portion: the density of the food's kind, assumed.
            let density = HouseholdMeasures.density(of: food.kind)
            return .success(
                GramAmount(
                    gramsPerQuantity: millilitres * density,
                    basisSuffix: " " + unit.written + " at ≈ " + formatAmount(density) + " g/ml, assumed",
                    assumption: unit.written + " at ≈ " + formatAmount(density) + " g/ml"))
        case .energy:
            guard let kcal = kcalPer100g, kcal > 0 else {
                return .failure(
                    PortionError(
                        message: "\(food.name) has no energy value to count '\(unit.written)' by",
                        help: "give grams instead"))
            }
            let kcalPerQuantity = MeasureUnit.named(unit.canonical)?.kcal ?? 1
            return .success(GramAmount(gramsPerQuantity: kcalPerQuantity / kcal * 100, basisSuffix: " " + unit.written))
        case .household:
            if let scale = MeasureUnit.named(unit.canonical)?.size {
                return sized(unit, scale, food)
            }
            if unit.canonical == "half" { return share(0.5, unit, food) }
            let singular = TextNormalizer.singular(unit.written.lowercased())
            // A tin is the British tin (``HouseholdMeasures``: 400 g of tomatoes or beans): the
            // table's `can` portions are American cans (SR26's can of tomatoes is 190 g). A pot
            // of a kind the table has a pot for is the British pot (yoghurt 125 g, hummus 200 g),
            // not the American `container (6 oz)`.
            let british =
                singular == "tin" || (singular == "pot" && HouseholdMeasures.hasOwnDefault("pot", kind: food.kind))
            let words =
                british
                ? [singular]
                : [unit.canonical, unit.written, singular]
                    + HouseholdMeasures.portionSynonyms(of: unit.canonical, kind: food.kind)
                    + sameMeasures(of: unit.canonical, kind: food.kind)
            if unit.canonical == "head", let head = head(food.portions) { return .success(rule(head)) }
            // `a whole pizza`, `a whole loaf`: the whole a size names, not one of its slices.
            if unit.canonical == "whole", let whole = namedWhole(food) { return .success(rule(whole)) }
            let unsized = unsizedContainers(unit, food.portions)
            for word in words {
                if let portion = matchPortion(word, unsized, hints: food.hints, preferred: food.natural) {
                    if let single = singleServePacket(unit, instead: portion, food)
                        ?? pieceAsSlice(unit, instead: portion, food)
                        ?? otherContainerFirst(unit, instead: portion, food)
                    {
                        return .success(single)
                    }
                    return .success(rule(portion))
                }
            }
            if let portion = middleSize(of: words, food) ?? sliceAsPiece(unit, food) { return .success(rule(portion)) }
            if let slice = sliceOfWhole(unit, food) { return .success(slice) }
            if let head = headOfCloves(unit, food) { return .success(head) }
            // `a stack of pancakes`: three of the food's natural piece, assumed.
            if unit.canonical == "stack", case .success(let one) = natural(food, counted: true) {
                let grams = one.gramsPerQuantity * stackPieces
                return .success(
                    GramAmount(
                        gramsPerQuantity: grams,
                        basisSuffix: " × stack ≈ " + formatAmount(stackPieces) + one.basisSuffix + ", assumed",
                        assumption: "stack ≈ " + formatAmount(stackPieces) + one.basisSuffix))
            }
            // `10 piece chicken nuggets`, `6 pc wings`: a piece of a food counted by its head
            // noun is one of them, not the kind's piece (100 g of meat).
            if unit.canonical == "piece", let head = food.headNoun,
                let own = portion(namedByHead: head, food.portions), !isMeasure(own)
            {
                return .success(rule(own))
            }
            if let amount = defaultAmount(unit.canonical, written: unit.written, food)
                ?? defaultAmount(singular, written: unit.written, food)
            {
                return .success(amount)
            }
            // `1 whole avocado`, `2 each bagels`: with no portion of that name, one natural piece;
            // not for meat or fish, where a whole bird or fish is many of the table's pieces.
            if ["whole", "each"].contains(unit.canonical), ![.meat, .fish].contains(food.kind),
                case .success(let one) = natural(food, counted: true)
            {
                return .success(one)
            }
            if let slice = sliceAsServing(unit, food) { return .success(slice) }
            return .failure(noWeight(unit.written, food.name, food.portions))
        }
    }

    /// `2 small tins`, `1 heaped tsp`: a portion naming both the unit and the size when the food
    /// has one, else the unit's weight scaled by the size or the spoon adjective (assumed).
    static func qualified(_ unit: UnitRequest, by size: String, _ food: FoodPortions, kcalPer100g: Double?)
        -> Result<GramAmount, PortionError>
    {
        let factor: Double
        if let adjustment = MeasureUnit.spoonAdjustment(size) {
            factor = adjustment
        } else {
            guard let scale = MeasureUnit.named(size)?.size else {
                return measured(unit, food, kcalPer100g: kcalPer100g)
            }
            if let portion = sizedContainer(unit, scale, size: size, food) { return .success(rule(portion)) }
            if let bag = snackBag(unit, size: size, food) { return .success(bag) }
            // `a large glass of red wine`: a wine glass by the UK's pub sizes.
            if unit.canonical == "glass", fortifiedGlass(food) == nil,
                let millilitres = HouseholdMeasures.wineGlass(size, kind: food.kind)
            {
                return .success(byVolume(millilitres, written: size + " " + unit.written, food))
            }
            // `a tall glass`: a coffee-shop size on a glass or mug is its volume.
            if let millilitres = scale.millilitres, ["glass", "mug"].contains(unit.canonical) {
                return .success(byVolume(millilitres, written: size + " " + unit.written, food))
            }
            factor = HouseholdMeasures.containerSize(size, unit: unit.canonical) ?? scale.relative
        }
        return measured(unit, food, kcalPer100g: kcalPer100g).map { base in
            let label = size + " " + unit.written
            return GramAmount(
                gramsPerQuantity: base.gramsPerQuantity * factor,
                basisSuffix: " × " + label + " ≈ " + formatAmount(factor) + base.basisSuffix
                    + (base.assumption == nil ? ", assumed" : ""),
                assumption: label + " ≈ " + formatAmount(base.gramsPerQuantity * factor) + " g (" + formatAmount(factor)
                    + " × " + (base.assumption ?? unit.written) + ")")
        }
    }

    /// A size as the unit (`1 large potato`, `a medium coke`): the food's portion carrying the
    /// size word; else a coffee-shop size's volume; else another size's portion scaled; else,
    /// for a drink, the size's usual volume;
    /// else the food's natural unit scaled (all but the first assumed).
    static func sized(_ unit: UnitRequest, _ scale: MeasureUnit.SizeScale, _ food: FoodPortions) -> Result<
        GramAmount, PortionError
    > {
        // `a large flat white`: the alias's serving volume (a 6 fl oz flat white of the latte row)
        // is the drink's medium; the row's own sizes are the latte's cups.
        if scale.millilitres == nil, let serving = food.natural.flatMap({ servingVolume($0, food.portions) }) {
            return .success(scaled(rule(serving), by: scale.relative, written: unit.written, piece: serving.unit))
        }
        if let portion = portions(sized: scale, size: unit.canonical, food).first {
            return .success(rule(portion))
        }
        // A coffee-shop size is a volume (`grande` = 16 fl oz), whatever the food's own sizes.
        if let millilitres = scale.millilitres { return .success(byVolume(millilitres, written: unit.written, food)) }
        // `a small sherry`: a fortified wine's own glass is its small pour, so the size scales
        // that glass, not the UK pub's table-wine glass.
        if let glass = fortifiedGlass(food) {
            return .success(scaled(rule(glass), by: scale.relative, written: unit.written, piece: glass.unit))
        }
        if let (other, portion, factor) = nearestSize(to: scale, besides: unit.canonical, food) {
            return .success(
                GramAmount(
                    gramsPerQuantity: portion.gramsPerUnit * factor,
                    basisSuffix: " × " + unit.written + " ≈ " + formatAmount(factor) + " × " + portion.unit + " ("
                        + formatAmount(portion.gramsPerUnit) + " g), assumed",
                    assumption: unit.written + " ≈ " + formatAmount(factor) + " × " + other.name))
        }
        let kind = food.kind
        if kind.isDrink, let millilitres = HouseholdMeasures.drinkSize(unit.canonical, kind: kind) {
            return .success(byVolume(millilitres, written: unit.written, food))
        }
        if let whole = namedWhole(food) {
            if let inches = pizzaInches[unit.canonical], let pizza = wholePizza(inches: inches, food) {
                return .success(pizza)
            }
            return .success(
                GramAmount(
                    gramsPerQuantity: whole.gramsPerUnit * scale.relative,
                    basisSuffix: " × " + unit.written + " ≈ " + formatAmount(scale.relative) + " × " + whole.unit + " ("
                        + formatAmount(whole.gramsPerUnit) + " g), assumed",
                    assumption: unit.written + " ≈ " + formatAmount(scale.relative) + " × whole " + whole.unit))
        }
        guard var (base, natural) = bare(food, counted: true) else {
            return .failure(noWeight(unit.written, food.name, food.portions))
        }
        // `a large popcorn`: a size of a food with no piece of its own, whose kind's piece is a
        // crumb (a kernel), is a size of its serving.
        if natural == nil, base.gramsPerQuantity < smallPiece,
            let serving = defaultAmount("serving", written: "serving", food)
        {
            base = serving
        }
        let factor = relative(scale, size: unit.canonical, food)
        return .success(scaled(base, by: factor, written: unit.written, piece: natural?.unit))
    }

    /// `base` scaled by a size's relative weight, marked assumed (`large ≈ 1.3 × medium`); `base`
    /// itself for a medium. `piece` names what was scaled in the warning.
    static func scaled(_ base: GramAmount, by relative: Double, written: String, piece: String?) -> GramAmount {
        if relative == 1 { return base }
        return GramAmount(
            gramsPerQuantity: base.gramsPerQuantity * relative,
            basisSuffix: " × " + written + " ≈ " + formatAmount(relative) + base.basisSuffix
                + (base.assumption == nil ? ", assumed" : ""),
            assumption: written + " ≈ " + formatAmount(relative) + " × " + (piece ?? base.assumption ?? "serving"))
    }

    /// A wine's own glass when it is a small pour (under ``fortifiedGlassLimit`` ml, as FNDDS's
    /// 3.5 fl oz glass of dessert wine, sherry and port): nil for a table wine or a wine with no
    /// glass, whose sizes are the UK pub's glasses (``HouseholdMeasures/wineGlass(_:kind:)``).
    static func fortifiedGlass(_ food: FoodPortions) -> FoodPortion? {
        guard food.kind == .wine, let glass = matchPortion("glass", food.portions),
            glass.gramsPerUnit / (density(food.portions) ?? 1) < fortifiedGlassLimit
        else { return nil }
        return glass
    }

    /// Millilitres under which a wine's own glass is a fortified wine's small glass (a table
    /// wine's glass is 5–6 fl oz, 150–180 ml; FNDDS's dessert-wine glass 3.5 fl oz).
    static let fortifiedGlassLimit = 125.0

    /// The most one size is scaled from another (large from small is 1.3 / 0.7 ≈ 1.9; from a
    /// mini, 3.25, is too far).
    static let maximumSizeScaling = 2.5

    /// The food's portions whose description carries the size (`potato large (3" to 4-1/4"
    /// dia)`, `1 large`), best first: the word alone, then first, then anywhere; one that shares
    /// a hint with the item, or is the natural portion, before others. `large` never takes an
    /// `extra large` portion.
    static func portions(sized scale: MeasureUnit.SizeScale, size: String, _ food: FoodPortions) -> [FoodPortion] {
        let wanted = scale.portionWords.map(TextNormalizer.key)
        var found: [(portion: FoodPortion, rank: Int)] = []
        for portion in expanded(food.portions) {
            let key = plainKey(portion.unit)
            let padded = " " + key + " "
            if size != "extra large", padded.contains(" extra large ") || padded.contains(" x large ") { continue }
            guard let word = wanted.first(where: { padded.contains(" " + $0 + " ") }) else { continue }
            var rank = key == word ? 0 : (key.hasPrefix(word + " ") ? 2 : 4)
            let words = Set(key.split(separator: " ").map(String.init))
            if !words.isDisjoint(with: food.hints)
                || food.natural.map({ key.hasPrefix(TextNormalizer.key($0)) }) == true
            {
                rank -= 1
            }
            found.append((portion, rank))
        }
        return found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map {
            $0.element.portion
        }
    }

    /// `a bag of chips`: a bag or packet of a snack is one single-serve bag, so a table portion
    /// of a family bag (`bag (8 oz)`, 227 g) over three times the kind's packet gives way to it.
    /// Other foods keep their own packet (`1 pkt instant oatmeal`, a package of cream cheese).
    static func singleServePacket(_ unit: UnitRequest, instead portion: FoodPortion, _ food: FoodPortions)
        -> GramAmount?
    {
        guard ["bag", "packet", "pack"].contains(unit.canonical), snackKinds.contains(food.kind),
            case .grams(let grams)? = HouseholdMeasures.amount(of: unit.canonical, kind: food.kind),
            portion.gramsPerUnit > 3 * grams
        else { return nil }
        return defaultAmount(unit.canonical, written: unit.written, food)
    }

    /// Kinds sold in single-serve bags.
    static let snackKinds: Set<FoodKind> = [.crisps, .popcorn, .sweets, .nuts, .driedFruit]

    /// `a slice of orange` with no slice or wedge portion: an eighth of the whole fruit (a
    /// lemon's own `wedge or slice` is 1/8 of one), assumed.
    static func sliceOfWhole(_ unit: UnitRequest, _ food: FoodPortions) -> GramAmount? {
        guard unit.canonical == "slice" || unit.canonical == "wedge", [.fruit, .smallFruit].contains(food.kind),
            let (whole, _) = bare(food, counted: true)
        else { return nil }
        let grams = whole.gramsPerQuantity / 8
        return GramAmount(
            gramsPerQuantity: grams,
            basisSuffix: " × " + unit.written + " ≈ 1/8" + whole.basisSuffix + ", assumed",
            assumption: unit.written + " ≈ " + formatAmount(grams) + " g (1/8 of one)")
    }

    /// The food's portion for a head, the medium one of several sizes (`head medium (5-6"
    /// dia.)` of cauliflower, not `head large`).
    static func head(_ portions: [FoodPortion]) -> FoodPortion? {
        let heads = portions.filter { TextNormalizer.words($0.unit).first == "head" }
        return heads.first { TextNormalizer.words($0.unit).contains("medium") } ?? heads.first
    }

    /// `a head of garlic` with no head portion: ten of its cloves (a head has 10–12), assumed.
    static func headOfCloves(_ unit: UnitRequest, _ food: FoodPortions) -> GramAmount? {
        guard unit.canonical == "head", let clove = matchPortion("clove", food.portions) else { return nil }
        let grams = clove.gramsPerUnit * clovesPerHead
        return GramAmount(
            gramsPerQuantity: grams,
            basisSuffix: " × " + unit.written + " ≈ " + formatAmount(clovesPerHead) + " × " + clove.unit + " ("
                + formatAmount(clove.gramsPerUnit) + " g), assumed",
            assumption: unit.written + " ≈ " + formatAmount(grams) + " g (" + formatAmount(clovesPerHead) + " cloves)")
    }

    /// Cloves in a head of garlic.
    static let clovesPerHead = 10.0

    /// The table default of `unit` for the food's kind, marked assumed; nil when there is none.
    static func defaultAmount(_ unit: String, written: String, _ food: FoodPortions) -> GramAmount? {
        if ["serving", "portion"].contains(unit),
            let grams = HouseholdMeasures.freshCheeseServing(name: food.name, kind: food.kind)
        {
            return assumed(.grams(grams), written: written, food)
        }
        return HouseholdMeasures.amount(of: unit, kind: food.kind).map { assumed($0, written: written, food) }
    }

    /// `amount` of a food (a volume weighed by its density), marked assumed and explained as
    /// `written` (`side with a hot drink ≈ 30 ml`).
    public static func assumed(
        _ amount: HouseholdMeasures.Amount, written: String, foodName: String, group: String, portions: [FoodPortion]
    ) -> GramAmount {
        assumed(
            amount, written: written,
            FoodPortions(name: foodName, group: group, portions: portions, natural: nil, hints: [], headNoun: nil))
    }

    static func assumed(_ amount: HouseholdMeasures.Amount, written: String, _ food: FoodPortions) -> GramAmount {
        switch amount {
        case .grams(let grams):
            return GramAmount(
                gramsPerQuantity: grams, basisSuffix: " × " + written + " ≈ " + formatAmount(grams) + " g, assumed",
                assumption: written + " ≈ " + formatAmount(grams) + " g")
        case .millilitres(let millilitres):
            return byVolume(millilitres, written: written, food)
        }
    }

    /// `millilitres` of the food by its density (1 g/ml when it has no volume portion), assumed.
    static func byVolume(_ millilitres: Double, written: String, _ food: FoodPortions) -> GramAmount {
        let density = density(food.portions) ?? HouseholdMeasures.density(of: food.kind)
        return GramAmount(
            gramsPerQuantity: millilitres * density,
            basisSuffix: " × " + written + " ≈ " + formatAmount(millilitres) + " ml, assumed at "
                + formatAmount(density) + " g/ml",
            assumption: written + " ≈ " + formatAmount(millilitres) + " ml")
    }

    /// Grams per millilitre from the food's volume portions (plain ones first); nil without any.
    static func density(_ portions: [FoodPortion]) -> Double? {
        let volumePortions = expanded(portions).filter { MeasureUnit.millilitres(ofPortion: $0.unit) != nil }
        guard let reference = volumePortions.first(where: { !$0.unit.contains(",") }) ?? volumePortions.first,
            let referenceMillilitres = MeasureUnit.millilitres(ofPortion: reference.unit), referenceMillilitres > 0
        else { return nil }
        return reference.gramsPerUnit / referenceMillilitres
    }

    static func volume(
        _ unit: UnitRequest, foodName: String,
        portions: [FoodPortion], hints: Set<String>
    ) -> Result<GramAmount, PortionError> {
        let millilitres = MeasureUnit.named(unit.canonical)?.millilitres ?? 1
        // Same measure named by the food ("cup"): use its weight directly.
        if let portion = matchPortion(unit.canonical, portions, hints: hints),
            MeasureUnit.millilitres(ofPortion: portion.unit) != nil
        {
            return .success(rule(portion))
        }
        // Otherwise the density from any volume portion, plain ones first.
        guard let density = density(portions) else {
            return .failure(noWeight(unit.written, foodName, portions))
        }
        return .success(
            GramAmount(
                gramsPerQuantity: millilitres * density,
                basisSuffix: " " + unit.written + " at " + formatAmount(density) + " g/ml"))
    }

    /// The food's portion named by `word`: equal first (ignoring parenthesised detail, so
    /// `bar (1.55 oz)` is a `bar`), then a unique prefix (`slice` → `slice, large`); the table's
    /// order breaks ties. Among several, one whose description shares a word with `hints` wins
    /// (`cup, shredded`), and `preferred` (the alias's natural portion) before that.
    public static func matchPortion(
        _ word: String, _ portions: [FoodPortion], hints: Set<String> = [],
        preferred: String? = nil
    ) -> FoodPortion? {
        let wanted = TextNormalizer.key(word)
        guard !wanted.isEmpty else { return nil }
        let keyed = expanded(portions).map { (portion: $0, key: TextNormalizer.key($0.unit), plain: plainKey($0.unit)) }
        // `grape` also finds the table's `grapes` (a portion of "10 grapes").
        let plurals = [wanted + "s", wanted + "es"]
        // `slice` also finds `wedge or slice (1/8 of one lemon)`, `bottle` finds `can or bottle`.
        let matching = keyed.filter { candidate in
            candidate.key == wanted || candidate.key.hasPrefix(wanted + " ")
                || plurals.contains { candidate.key == $0 || candidate.key.hasPrefix($0 + " ") }
                || laterAlternatives(candidate.plain).contains { $0 == wanted || $0.hasPrefix(wanted + " ") }
        }
        if let preferred {
            let preferredKey = TextNormalizer.key(preferred)
            if let natural = matching.first(where: { $0.key == preferredKey })
                ?? matching.first(where: { $0.portion.unit.lowercased().hasPrefix(preferred.lowercased()) })
            {
                return natural.portion
            }
        }
        if !hints.isEmpty,
            let hinted = matching.first(where: { candidate in
                !Set(candidate.plain.split(separator: " ").map(String.init)).subtracting([wanted]).isDisjoint(
                    with: hints)
            })
        {
            return hinted.portion
        }
        // Unhinted, a cup of the food as it comes beats one of it cut or whipped (`1/2 cup heavy
        // cream` is fluid, not `cup, whipped`).
        let asItComes = matching.first { candidate in
            Set(candidate.plain.split(separator: " ").map(String.init)).isDisjoint(with: preparedStates)
        }
        return matching.first { $0.key == wanted }?.portion
            ?? middleOfSizes(matching.map { ($0.portion, $0.plain) }, wanted: wanted)
            ?? (matching.first { $0.plain == wanted } ?? asItComes ?? matching.first)?.portion
    }

    /// Words of a portion that say the food was cut or whipped into the measure (not `packed`
    /// or `ground`: a cup of brown sugar is packed, a teaspoon of pepper ground).
    static let preparedStates: Set<String> = [
        "whipped", "crumbs", "crumbled", "cubes", "cubed", "chopped", "diced", "sliced", "slices", "grated",
        "shredded", "mashed", "pureed", "melted",
    ]

    /// The alternatives after the first in a key that offers several: `wedge or slice` → `slice`.
    static func laterAlternatives(_ key: String) -> [String] {
        key.split(separator: " ").split(separator: "or").dropFirst().map { $0.joined(separator: " ") }
    }

    /// The description's key without parenthesised detail: `bar (1.55 oz)` → `bar`.
    static func plainKey(_ description: String) -> String {
        var depth = 0
        var kept = ""
        for character in description {
            if character == "(" {
                depth += 1
                continue
            }
            if character == ")" {
                depth = max(0, depth - 1)
                continue
            }
            if depth == 0 { kept.append(character) }
        }
        return TextNormalizer.key(kept)
    }

    /// The portions plus, for `serving 1/2 cup (132 g)`-style rows, the measure they contain
    /// (`0.5 cup = 132 g`), so a `cup` or `medium` finds them.
    public static func expanded(_ portions: [FoodPortion]) -> [FoodPortion] {
        var result = portions
        for portion in portions {
            let lowered = portion.unit.lowercased()
            guard lowered.hasPrefix("serving ") else { continue }
            var rest = lowered.dropFirst("serving ".count).split(separator: " ").map(String.init)
            var amount = 1.0
            if let first = rest.first, let value = parseAmount(first) {
                amount = value
                rest.removeFirst()
            }
            guard !rest.isEmpty, amount > 0 else { continue }
            result.append(
                FoodPortion(
                    sequence: portion.sequence, amount: portion.amount * amount,
                    unit: rest.joined(separator: " "), grams: portion.grams))
        }
        return result
    }

    static func parseAmount(_ text: String) -> Double? {
        if let value = Double(text) { return value }
        let parts = text.split(separator: "/")
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator > 0 {
            return numerator / denominator
        }
        return nil
    }

    /// FNDDS portion names for one whole item of a food served in pieces or halves, most
    /// specific first: a quesadilla's `full circle` (its unspecified serving is a half), an
    /// empanada's `regular/large`, an onion's `whole`, a dumpling's `item, any size` (its
    /// unspecified serving is three), a hash brown's `patty`, a kabob's `shishkabob`, a crab
    /// rangoon's `puff`.
    static let wholeItemPortions = [
        "full circle", "whole", "regular/large", "small/regular", "regular", "item, any size", "item", "patty",
        "shishkabob", "puff",
    ]

    /// The food's portion for one whole item, if it has one.
    static func wholeItem(_ portions: [FoodPortion]) -> FoodPortion? {
        for name in wholeItemPortions {
            if let portion = portions.first(where: { $0.unit.lowercased() == name }) { return portion }
        }
        return nil
    }

    /// First words of portions that hold many servings (`bag (8 oz)` of crisps, a whole `cake`):
    /// a bare count never means one of them unless the name says so (`a loaf`).
    static let packageWords: Set<String> = ["bag", "package", "pkg", "box", "loaf", "jar", "cake", "pie", "carton"]

    /// The unit a bare count means: the alias's natural portion, else the portion named by the
    /// head noun, else the first portion that is neither a mass nor a volume measure nor a
    /// package of many servings; nil leaves the household serving to the caller.
    static func naturalUnit(_ portions: [FoodPortion], preferred: String?, headNoun: String?) -> FoodPortion? {
        if let preferred, let serving = servingVolume(preferred, portions) { return serving }
        if let preferred,
            let portion = matchPortion(preferred, portions)
                ?? portions.first(where: { $0.unit.lowercased().hasPrefix(preferred.lowercased()) })
        {
            return portion
        }
        if let headNoun, let portion = portion(namedByHead: headNoun, portions) { return portion }
        // `2 turkey sausage links`: a portion counting several of the head noun (`2 oz, 2 links`).
        if let headNoun, let piece = portions.lazy.compactMap(piecePortion).first(where: { $0.unit == headNoun }) {
            return piece
        }
        // A whole vegetable counted (`1 cauliflower`, `1 red cabbage`) is a head.
        if let head = head(portions) { return head }
        let massWords: Set<String> = ["oz", "lb", "g", "ounce", "ounces", "pound"]
        let counts = expanded(portions).filter { portion in
            let first = TextNormalizer.words(portion.unit).first ?? ""
            return MeasureUnit.millilitres(ofPortion: portion.unit) == nil && !massWords.contains(first)
                && !packageWords.contains(first)
        }
        if let count = counts.first(where: { !isSmallerProduct($0) }) ?? counts.first {
            return middleOfBareSizes(counts, first: count) ?? count
        }
        return portions.lazy.compactMap(piecePortion).first
    }

    /// An alias's serving given as a volume (`6 fl oz`: a flat white is a smaller cup of the
    /// latte row) as one portion, weighed by the food's density (1 g/ml without a volume
    /// portion); nil when `preferred` is no such volume.
    static func servingVolume(_ preferred: String, _ portions: [FoodPortion]) -> FoodPortion? {
        let words = preferred.split(separator: " ", maxSplits: 1)
        guard words.count == 2, let amount = Double(words[0]), amount > 0,
            let unit = MeasureUnit.named(String(words[1])), let millilitres = unit.millilitres
        else { return nil }
        return FoodPortion(
            sequence: 0, amount: 1, unit: "serving (" + preferred + ")",
            grams: amount * millilitres * (density(portions) ?? 1))
    }

    /// A portion that counts pieces, as one piece: in parentheses, of one measure (`oz (18
    /// kernels)` → 1 kernel, 1/18 oz), or after a comma, of the whole portion (`2 oz, 2 links` →
    /// 1 link, 28 g).
    static func piecePortion(_ portion: FoodPortion) -> FoodPortion? {
        let description = portion.unit
        let counted: Substring
        let total: Double
        if let open = description.firstIndex(of: "(") {
            counted = description[description.index(after: open)...].prefix { $0 != ")" }
            total = portion.gramsPerUnit
        } else if let comma = description.firstIndex(of: ",") {
            counted = description[description.index(after: comma)...]
            total = portion.grams
        } else {
            return nil
        }
        let words = counted.split(separator: " ")
        guard words.count >= 2, let count = Double(words[0]), count >= 2, words[1].first?.isLetter == true,
            MeasureUnit.millilitres(ofPortion: String(words[1])) == nil, !["oz", "g", "lb"].contains(String(words[1]))
        else { return nil }
        return FoodPortion(
            sequence: portion.sequence, amount: 1, unit: TextNormalizer.singular(String(words[1])),
            grams: total / count)
    }

    static func rule(_ portion: FoodPortion) -> GramAmount {
        GramAmount(
            gramsPerQuantity: portion.gramsPerUnit,
            basisSuffix: " × " + portion.unit + " (" + formatAmount(portion.gramsPerUnit) + " g)")
    }

    static func noWeight(_ unit: String, _ foodName: String, _ portions: [FoodPortion]) -> PortionError {
        PortionError(
            message: "no gram weight for '\(unit)' of \(foodName)",
            help: (portions.isEmpty ? "it has no household portions" : "it has: " + list(portions)) + "; or give grams")
    }

    static func available(_ portions: [FoodPortion]) -> String {
        portions.isEmpty ? "" : "; it has: " + list(portions)
    }

    static func list(_ portions: [FoodPortion]) -> String {
        var shown = portions.prefix(6).map { $0.unit + " (" + formatAmount($0.gramsPerUnit) + " g)" }
        if portions.count > 6 { shown.append("…") }
        return shown.joined(separator: ", ")
    }
}
