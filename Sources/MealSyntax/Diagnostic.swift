/// How serious a diagnostic is.
public enum Severity: String, Sendable, Equatable {
    case error, warning, note
}

/// A replacement that would fix the problem: put `replacement` over `range`.
public struct FixIt: Equatable, Sendable {
    public var range: SourceRange
    public var replacement: String

    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A secondary message attached to a diagnostic, optionally pointing elsewhere.
public struct DiagnosticNote: Equatable, Sendable {
    public var message: String
    public var range: SourceRange?

    public init(_ message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// A problem found in a script, as data: a stable id, a severity, a message and where.
///
/// Diagnostics are created only through ``DiagnosticMessages`` (all wording lives there) and
/// turned into text only by ``DiagnosticRenderer``.
public struct Diagnostic: Equatable, Sendable {
    /// Stable kebab-case identifier (`unknown-unit`), shown as `[id]` and used by tests.
    public var id: String
    public var severity: Severity
    public var message: String
    /// Where the problem is, in bytes of the script.
    public var range: SourceRange
    public var notes: [DiagnosticNote]
    /// A hint such as "did you mean 'g'?".
    public var help: String?
    public var fixIt: FixIt?

    public init(
        id: DiagnosticID, severity: Severity = .error, message: String, range: SourceRange,
        notes: [DiagnosticNote] = [], help: String? = nil, fixIt: FixIt? = nil
    ) {
        self.id = id.rawValue
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.help = help
        self.fixIt = fixIt
    }

    /// True when the input merely stopped too early (a REPL shows a continuation prompt).
    public var isIncompleteInput: Bool { id == DiagnosticID.incompleteInput.rawValue }
}

/// Diagnostics travel as errors through `Result` and `throws`.
extension Diagnostic: Error {}
