import Diary
import LuaHost

extension Resolver {
    /// The chain every command resolves with: the diary's library (custom → recipe → meal),
    /// the built-in table, the user's Lua estimators (in the sandbox, with `limits`), then the
    /// built-in estimator. Returns the user estimator too, for its failures.
    public static func standard(
        diary: Diary, tables: FoodTableProvider, limits: LuaLimits, environment: [String: String]
    ) -> (resolver: Resolver, userEstimator: LuaEstimator) {
        let userEstimator = LuaEstimator(limits: limits, environment: environment)
        let resolver = Resolver(
            library: DiaryLibrary(diary: diary), tables: tables,
            estimators: [userEstimator, BuiltinEstimator(tables: tables)])
        return (resolver, userEstimator)
    }
}
