import FoodLogCore

extension PortionResolver {
    /// The share of a can's net contents left once it is drained, for beans and vegetables:
    /// SR26 weighs a can of chickpeas at 448 g with its liquid and 253 g drained (56%), a cup of
    /// canned kidney beans at 256 g and 158 g rinsed (62%), a can of corn drained at 266 g of
    /// about 430 g (62%).
    public static let drainedShare = 0.6

    /// `1 (15 oz) can kidney beans, drained`, `1 tin chickpeas, drained`: a can of beans or
    /// vegetables weighed by its net contents (the unit `can`, or a stated size that replaced
    /// the word `can`), with `drained` in the note, is its drained solids: ``drainedShare`` of
    /// the weight, marked assumed. So is a can of a row that is drained solids (`a tin of
    /// sweetcorn` of SR26's drained corn) weighed by an assumed tin or a stated size: both are
    /// the can's net contents, and the row is only the solids. A weight of drained solids
    /// already (the food's own `can drained` portion, the own `can` portion of a row named
    /// drained) is left as it is, and so is any other amount.
    public static func drained(
        _ rule: GramAmount, unit: String?, package: String?, note: String?, foodName: String, group: String
    ) -> GramAmount {
        let rowIsDrained = foodName.lowercased().contains("drained")
        let saysDrained = note.map(saysDrained) ?? false
        guard unit == "can" || package == "can", saysDrained || rowIsDrained,
            group.lowercased().contains("legume")
                || [.beans, .vegetable].contains(FoodKind.of(name: foodName, group: group)),
            !rule.basisSuffix.contains("drained"),
            // A row of drained solids weighs its own can drained (SR26's can of drained corn,
            // 298 g); a stated size or an assumed tin is still the can's net contents.
            !(rowIsDrained && unit == "can" && rule.assumption == nil)
        else { return rule }
        let assumed = "drained ≈ " + formatAmount(drainedShare * 100) + "% of the can"
        return GramAmount(
            gramsPerQuantity: rule.gramsPerQuantity * drainedShare,
            basisSuffix: rule.basisSuffix + ", drained × " + formatAmount(drainedShare)
                + (rule.assumption == nil ? ", assumed" : ""),
            assumption: rule.assumption.map { $0 + "; " + assumed } ?? assumed)
    }

    /// True when a note (or a comma segment that became one) says the food was drained
    /// (`rinsed and drained`, `drained`): the amount changes, so the item is weighed again.
    public static func saysDrained(_ note: String) -> Bool {
        TextNormalizer.words(note).contains("drained")
    }
}
