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
    /// the weight, marked assumed. A weight of drained solids already (the food's own `can
    /// drained` portion, or a can portion of a row named drained) is left as it is, and so is
    /// any other amount.
    public static func drained(
        _ rule: GramAmount, unit: String?, package: String?, note: String?, foodName: String, group: String
    ) -> GramAmount {
        guard unit == "can" || package == "can", let note,
            TextNormalizer.words(note).contains("drained"),
            // A legume by its group as well as by its name's kind.
            group.lowercased().contains("legume")
                || [.beans, .vegetable].contains(FoodKind.of(name: foodName, group: group)),
            // A row of drained solids is weighed as they are by its own can portion, not by a
            // stated size or a default tin, which are the can's net contents.
            !foodName.lowercased().contains("drained") || package == "can" || rule.assumption != nil,
            !rule.basisSuffix.contains("drained")
        else { return rule }
        let assumed = "drained ≈ " + formatAmount(drainedShare * 100) + "% of the can"
        return GramAmount(
            gramsPerQuantity: rule.gramsPerQuantity * drainedShare,
            basisSuffix: rule.basisSuffix + ", drained × " + formatAmount(drainedShare)
                + (rule.assumption == nil ? ", assumed" : ""),
            assumption: rule.assumption.map { $0 + "; " + assumed } ?? assumed)
    }
}
