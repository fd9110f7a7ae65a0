import FoodLogCore
import FoodLogEngine
import LuaHost

/// What one CLI process works with: the resolver chain (custom → recipe → meal → table →
/// the user's Lua estimators → the built-in estimator) and the lazily opened food table.
final class Session {
    let tables = FoodTableProvider()
    let resolver: Resolver
    let userEstimator: LuaEstimator

    init(library: FoodLibrary?, environment: [String: String] = ProcessEnvironment.variables) {
        userEstimator = LuaEstimator(limits: LuaLimits.from(environment: environment), environment: environment)
        resolver = Resolver(library: library, tables: tables,
                            estimators: [userEstimator, BuiltinEstimator(tables: tables)])
    }

    /// The session for a command (a fresh one per invocation; the REPL keeps its own).
    static func current(_ invocation: Invocation) -> Session {
        Session(library: nil)
    }
}
