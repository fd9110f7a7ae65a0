import Diary
import MealCompiler
import MealSyntax

/// The one path from text to effect, as jlox's `run` is: text → tokens → AST (``Parser``) →
/// operations (``Compiler``) → execution (``Interpreter``), inside one diary transaction.
///
/// Invariant: a script writes all of its work or none of it. Every diagnostic of every stage
/// is collected, in source order, and a single error means the transaction rolls back.
public enum Pipeline {
    /// What a run reports: whether it wrote (or, outside `run` mode, would have written) and
    /// every diagnostic of the parse, the compile and the execution, in source order.
    public struct Outcome: Sendable {
        public var succeeded: Bool
        public var diagnostics: [Diagnostic]
    }

    /// What a caller may decide about each compiled statement of a script before it runs.
    public enum Admission {
        /// Run it.
        case run
        /// Leave it out (it was compiled, so a date line still sets the day).
        case skip
        /// Refuse it with this error: nothing of the script is written.
        case refuse(Diagnostic)
    }

    /// Runs a whole script: everything parses, compiles and resolves before anything is kept.
    /// `replacing` removes what the same origin wrote on an earlier run. `progress` is called
    /// every 50,000 items with (items so far, bytes read, total bytes); `observing` sees every
    /// statement that parsed, before it is compiled. `start` runs first inside the transaction
    /// (what it writes is kept only with the script); `admit` decides about each compiled
    /// statement (`foodlog edit` keeps unchanged lines and refuses all but log lines).
    public static func run(
        _ source: SourceFile, on interpreter: Interpreter, originPath: String, replacing: Bool,
        progress: ((Int, Int, Int) -> Void)? = nil, observing: ((Statement) -> Void)? = nil,
        start: ((Diary) throws(DiaryError) -> Void)? = nil,
        admit: ((Op, Statement) -> Admission)? = nil
    ) throws(DiaryError) -> Outcome {
        try interpreter.begin(originPath: originPath, replacing: replacing)
        if let start {
            do throws(DiaryError) { try start(interpreter.diary) } catch {
                interpreter.abandon()
                throw error
            }
        }
        var compiler = Compiler(today: interpreter.today)
        var failure: DiaryError?
        var nextProgress = 50_000
        let script = Parser.parse(source) { statement in
            observing?(statement)
            guard failure == nil else { return }
            if statement.kind.period == .all {
                // `all` reaches back to the first day logged so far, this script's days included.
                do throws(DiaryError) { compiler.firstDay = try interpreter.diary.firstDay() } catch {
                    failure = error
                    return
                }
            }
            guard let op = compiler.compile(statement) else {
                interpreter.pendingError = true
                return
            }
            switch admit?(op, statement) ?? .run {
            case .run: break
            case .skip: return
            case .refuse(let diagnostic):
                interpreter.diagnostics.append(diagnostic)
                interpreter.pendingError = true
                return
            }
            do throws(DiaryError) { try interpreter.execute(op, statement: statement, source: source) } catch {
                failure = error
            }
            if let progress, interpreter.summary.items >= nextProgress {
                nextProgress = interpreter.summary.items + 50_000
                progress(interpreter.summary.items, statement.range.end, source.bytes.count)
            }
        }
        if let failure {
            interpreter.abandon()
            throw failure
        }
        interpreter.finish()
        let diagnostics = (script.diagnostics + compiler.diagnostics + interpreter.diagnostics)
            .sorted { $0.range.start < $1.range.start }
        interpreter.diagnostics = diagnostics
        let succeeded = try interpreter.end(failed: diagnostics.contains { $0.severity == .error })
        return Outcome(succeeded: succeeded, diagnostics: diagnostics)
    }

    /// Runs one compiled statement on its own transaction (the REPL, one-statement commands):
    /// written unless it fails. Returns what the execution reported.
    public static func run(
        _ op: Op, statement: Statement, source: SourceFile, on interpreter: Interpreter,
        originPath: String
    ) throws(DiaryError) -> [Diagnostic] {
        interpreter.diagnostics = []
        interpreter.pendingError = false
        try interpreter.begin(originPath: originPath, replacing: false)
        do throws(DiaryError) {
            try interpreter.execute(op, statement: statement, source: source)
        } catch {
            interpreter.abandon()
            throw error
        }
        _ = try interpreter.end(failed: interpreter.diagnostics.contains { $0.severity == .error })
        return interpreter.diagnostics
    }
}
