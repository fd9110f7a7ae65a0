extension Optional {
    /// True when there is no value, told from the optional's tag alone.
    ///
    /// Where the wrapped type is `Equatable`, `x == nil` and `x != nil` resolve to
    /// `Optional.==`, which copies both sides into a tuple (retaining every string inside) and
    /// destroys it through the runtime's type metadata: ~150 instructions for a `UnitWord?`.
    /// The parser asks this several times of every item, so it asks `isNil` instead.
    @inlinable public var isNil: Bool {
        if case .none = self { return true }
        return false
    }
}
