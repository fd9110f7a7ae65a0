import FoodLogCore

/// A portion that names two containers at once (SR26's `can or bottle (12 fl oz)`): it is the
/// first one, not the other.
extension PortionResolver {
    /// `a bottle of coke`: a portion the table names first as another container (SR26's `can or
    /// bottle (12 fl oz)`, an American can) gives way to the kind's own default of the unit (a
    /// bottle of a soft drink 500 ml), assumed. A portion the unit names first (FNDDS's `bottle
    /// (16.9 fl oz or 500 ml)`), a kind with no default of its own for the unit, or one within
    /// ``containerAgreement`` of it, keeps it.
    static func otherContainerFirst(_ unit: UnitRequest, instead portion: FoodPortion, _ food: FoodPortions)
        -> GramAmount?
    {
        let alternatives = plainKey(portion.unit).split(separator: " ").split(separator: "or")
        guard alternatives.count >= 2, let first = alternatives.first?.first.map(String.init),
            first != unit.canonical, HouseholdMeasures.containers.contains(first),
            HouseholdMeasures.hasOwnDefault(unit.canonical, kind: food.kind)
        else { return nil }
        guard let usual = defaultAmount(unit.canonical, written: unit.written, food),
            abs(usual.gramsPerQuantity / portion.gramsPerUnit - 1) > containerAgreement
        else { return nil }
        return usual
    }

    /// How far the kind's own container may differ from the table's shared one before it wins:
    /// a US 12 fl oz bottle of beer or cider (355 ml) is a bottle as the 330 ml one is; a 12 fl
    /// oz can of cola is no 500 ml bottle.
    static let containerAgreement = 0.25
}
