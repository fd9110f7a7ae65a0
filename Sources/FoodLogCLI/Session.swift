import FoodLogEngine

/// What one CLI process works with: the resolver chain and the lazily opened food table.
final class Session {
    let tables = FoodTableProvider()
    let resolver: Resolver

    init(library: FoodLibrary?) {
        resolver = Resolver(library: library, tables: tables)
    }

    /// The session for a command (a fresh one per invocation; the REPL keeps its own).
    static func current(_ invocation: Invocation) -> Session {
        Session(library: nil)
    }
}
