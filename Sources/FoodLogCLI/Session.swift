import Diary
import FoodLogEngine
import LuaHost

/// What one command works with, built from its invocation: the diary it names (`--db`, else
/// `FOODLOG_DB`, else the XDG default), the environment it was given (Lua limits, plan and
/// estimator folders, today), the lazily opened food table and the resolver chain over the
/// diary's library (custom → recipe → meal → table → the user's Lua estimators → the built-in
/// estimator). Every command that touches the diary or resolves a name makes one of these.
final class Session {
    let diary: Diary
    let environment: Environment
    let tables = FoodTableProvider()
    let resolver: Resolver
    let userEstimator: LuaEstimator
    let limits: LuaLimits

    init(diary: Diary, environment: Environment) {
        self.diary = diary
        self.environment = environment
        limits = LuaLimits.from(environment: environment.variables)
        (resolver, userEstimator) = Resolver.standard(
            diary: diary, tables: tables, limits: limits, environment: environment.variables)
    }

    /// The session of a command: opens its diary, or prints why it cannot (the caller exits 74).
    /// Commands that only read pass `.readOnly`: they never wait for a writer and work on a
    /// read-only file. A writing command checks the diary's integrity once a day before it writes.
    static func open(_ invocation: Invocation, access: Diary.Access = .readWrite) -> Session? {
        let path = Diary.defaultPath(option: invocation.value("db"), environment: invocation.environment.variables)
        let timeout =
            invocation.environment["FOODLOG_BUSY_TIMEOUT_MS"].flatMap { Int32($0) } ?? Diary.busyTimeoutMilliseconds
        do throws(DiaryError) {
            let diary = try Diary(
                path: path, busyTimeout: timeout, access: access,
                integrityCheckDay: access == .readWrite ? invocation.environment.today : nil)
            return Session(diary: diary, environment: invocation.environment)
        } catch {
            invocation.console.err("foodlog: \(error.message)\n")
            return nil
        }
    }

    /// Plans and insight rules for this session (one engine, made on first use).
    lazy var rules = RuleEngine(diary: diary, resolver: resolver, limits: limits, environment: environment.variables)

    /// An interpreter over this session's diary and resolver, sharing its rule engine.
    func interpreter(_ mode: Interpreter.Mode, output: InterpreterOutput) -> Interpreter {
        Interpreter(
            diary: diary, resolver: resolver, mode: mode, today: environment.today, output: output,
            environment: environment.variables, rules: { [unowned self] in self.rules })
    }
}
