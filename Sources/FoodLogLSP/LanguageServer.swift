import FoodLogCore
import FoodLogEngine
import Glibc
import MealSyntax

/// FoodLog's language server: LSP 3.17 over standard input and output (`foodlog lsp`).
///
/// One thread reads a batch of messages (all that are waiting), answers them in order, and
/// only when no input is waiting checks the documents that changed and publishes their
/// diagnostics, so a result is never published for a version the client has already replaced.
/// A request cancelled within its batch is answered with `RequestCancelled`. The diary is read
/// through an in-memory copy (``Analyzer``) and never written.
public final class LanguageServer {
    /// Where the server reads the diary and what it treats as today.
    public struct Configuration: Sendable {
        public var diaryPath: String
        public var environment: [String: String]
        /// Today's date, asked at each analysis: a server left running past midnight moves on.
        public var today: @Sendable () -> CalendarDate
        public var version: String

        public init(
            diaryPath: String, environment: [String: String], today: @escaping @Sendable () -> CalendarDate,
            version: String
        ) {
            self.diaryPath = diaryPath
            self.environment = environment
            self.today = today
            self.version = version
        }
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    /// A request's failure: its code and message.
    struct Failure: Error {
        var code: ErrorCode
        var message: String
    }

    let configuration: Configuration
    let reader: MessageReader
    let writer: MessageWriter
    let analyzer: Analyzer
    var encoding = PositionEncoding.utf16
    var initialized = false
    var shutDown = false
    var documents: [String: TextDocument] = [:]
    /// The latest analysis of each document (by URI), with the version it was made for.
    var analyses: [String: Analysis] = [:]
    /// Documents whose diagnostics are not yet published for their current version.
    var unpublished: Set<String> = []
    /// The diary problem last shown to the user (`window/showMessage`), if any.
    var shownProblem: String?
    lazy var completer = Completer(tables: analyzer.tables, environment: configuration.environment)
    var workspace = Workspace()

    public init(configuration: Configuration, input: Int32 = 0, output: Int32 = 1) {
        self.configuration = configuration
        reader = MessageReader(descriptor: input)
        writer = MessageWriter(descriptor: output)
        analyzer = Analyzer(
            diaryPath: configuration.diaryPath, environment: configuration.environment, today: configuration.today)
    }

    /// Serves until `exit` or the end of input; returns the exit code (0 after `shutdown` and
    /// `exit`, 1 when the client went away or exited without `shutdown`, as the protocol says).
    public func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)  // a vanished client is a failed write, not a killed server
        while true {
            var batch: [Incoming] = [reader.next()]
            while batch.count < 1000, batch.last != .end, reader.hasCompleteMessage { batch.append(reader.next()) }
            let cancelled = Set(batch.compactMap(LanguageServer.cancelledID))
            for incoming in batch {
                if let code = handle(incoming, cancelled: cancelled) { return code }
                if !writer.isOpen { return 1 }
            }
            if !reader.hasPendingInput { publishDiagnostics() }
            if !writer.isOpen { return 1 }
        }
    }

    /// The id a `$/cancelRequest` in the batch names.
    static func cancelledID(_ incoming: Incoming) -> String? {
        guard case .message(let body) = incoming, let message = try? JSON.parse(body),
            message["method"]?.string == "$/cancelRequest", let id = message["params"]?["id"]
        else { return nil }
        return id.render(indent: nil)
    }

    /// Handles one incoming item; returns an exit code when the server should stop.
    func handle(_ incoming: Incoming, cancelled: Set<String>) -> Int32? {
        switch incoming {
        case .end: return shutDown ? 0 : 1
        case .tooLarge(let length):
            respond(
                id: .null,
                error: Failure(
                    code: .invalidRequest,
                    message:
                        "message of \(formatThousands(Double(length))) bytes is larger than the \(MessageReader.bodyLimit >> 20) MiB this server accepts; it was skipped"
                ))
        case .badHeader(let problem):
            respond(id: .null, error: Failure(code: .parseError, message: "bad message header: \(problem)"))
        case .message(let body):
            let message: JSON
            do throws(JSON.ParseError) { message = try JSON.parse(body) } catch {
                respond(id: .null, error: Failure(code: .parseError, message: "the message is not JSON: \(error)"))
                return nil
            }
            return dispatch(message, cancelled: cancelled)
        }
        return nil
    }

    func dispatch(_ message: JSON, cancelled: Set<String>) -> Int32? {
        let id = message["id"]
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (none are sent that need one) or not a message at all.
            if message["result"] != nil || message["error"] != nil { return nil }
            respond(id: id ?? .null, error: Failure(code: .invalidRequest, message: "not a JSON-RPC request"))
            return nil
        }
        let params = message["params"] ?? .null
        guard let id, !id.isNull else {
            return notify(method, params)
        }
        if cancelled.contains(id.render(indent: nil)) {
            respond(id: id, error: Failure(code: .requestCancelled, message: "cancelled"))
            return nil
        }
        do throws(Failure) {
            respond(id: id, result: try request(method, params))
        } catch {
            respond(id: id, error: error)
        }
        return nil
    }

    /// A notification: nothing is answered.
    func notify(_ method: String, _ params: JSON) -> Int32? {
        if method == "exit" { return shutDown ? 0 : 1 }
        guard initialized, !shutDown else { return nil }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string,
                let text = item["text"]?.string
            else { return nil }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.integer ?? 0, text: text)
            unpublished.insert(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return nil }
            for change in params["contentChanges"]?.array ?? [] { document.apply(change, encoding: encoding) }
            document.setVersion(params["textDocument"]?["version"]?.integer ?? document.version + 1)
            documents[uri] = document
            unpublished.insert(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return nil }
            documents[uri] = nil
            analyses[uri] = nil
            unpublished.remove(uri)
            send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": .array([])])
        default: break  // `initialized`, `$/cancelRequest`, `$/setTrace`, … need no answer
        }
        return nil
    }

    /// A request: its result, or the error to answer with.
    func request(_ method: String, _ params: JSON) throws(Failure) -> JSON {
        if method == "initialize" {
            guard !initialized else { throw Failure(code: .invalidRequest, message: "initialize was already sent") }
            initialized = true
            return initialize(params)
        }
        guard initialized else {
            throw Failure(code: .serverNotInitialized, message: "the first request must be initialize")
        }
        guard !shutDown else { throw Failure(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            shutDown = true
            return .null
        case "textDocument/hover": return try hover(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/formatting": return try formatting(params)
        default: throw Failure(code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    func initialize(_ params: JSON) -> JSON {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = PositionEncoding.negotiate(offered)
        var roots = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string.flatMap(TextDocument.path) } ?? []
        if roots.isEmpty, let root = params["rootUri"]?.string.flatMap(TextDocument.path) { roots = [root] }
        workspace.roots = roots
        return .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string(encoding.rawValue)),
                    (
                        "textDocumentSync",
                        .object([("openClose", .bool(true)), ("change", .number(2))])
                    ),
                    ("hoverProvider", .bool(true)),
                    ("inlayHintProvider", .bool(true)),
                    (
                        "completionProvider",
                        .object([("triggerCharacters", .array([.string("@"), .string(" ")]))])
                    ),
                    ("definitionProvider", .bool(true)),
                    ("referencesProvider", .bool(true)),
                    ("documentSymbolProvider", .bool(true)),
                    ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                    ("documentFormattingProvider", .bool(true)),
                ])
            ),
            ("serverInfo", .object([("name", .string("foodlog")), ("version", .string(configuration.version))])),
        ])
    }

    // MARK: - Documents

    /// The document a request names.
    func document(_ params: JSON) throws(Failure) -> TextDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw Failure(code: .invalidParams, message: "textDocument.uri is missing")
        }
        guard let document = documents[uri] else {
            throw Failure(code: .invalidParams, message: "\(uri) is not open")
        }
        return document
    }

    /// The analysis of a document's current version (made now when it is missing or stale:
    /// another version, or a diary changed since, say by `foodlog run` in a terminal).
    func analysis(of document: TextDocument) -> Analysis {
        if let known = analyses[document.uri], known.version == document.version,
            known.source.bytes == document.source.bytes, known.diaryStamp == analyzer.fileStamp()
        {
            return known
        }
        let fresh = analyzer.analyze(document)
        analyses[document.uri] = fresh
        return fresh
    }

    /// Publishes the diagnostics of every document changed since its last publication, each
    /// with the version it was computed for; stops as soon as new input waits (it may change
    /// a document again, and the rest are published after it).
    func publishDiagnostics() {
        for uri in unpublished.sorted() {
            guard let document = documents[uri] else {
                unpublished.remove(uri)
                continue
            }
            let result = analysis(of: document)
            if reader.hasPendingInput { return }
            guard result.version == documents[uri]?.version else { continue }
            unpublished.remove(uri)
            send(
                notification: "textDocument/publishDiagnostics",
                [
                    "uri": .string(uri), "version": .number(Double(result.version)),
                    "diagnostics": .array(result.diagnostics.map { lspDiagnostic($0, in: document) }),
                ])
            // A diary that cannot be read is said once (not at every keystroke), again only
            // when the problem changes.
            if result.diaryProblem != shownProblem, let problem = result.diaryProblem {
                send(
                    notification: "window/showMessage",
                    ["type": .number(2), "message": .string("foodlog: \(problem)")])
            }
            shownProblem = result.diaryProblem
        }
    }

    /// A diagnostic as LSP sends it: the CLI's message, id as code, help and notes below it.
    func lspDiagnostic(_ diagnostic: Diagnostic, in document: TextDocument) -> JSON {
        let severity: Double
        switch diagnostic.severity {
        case .error: severity = 1
        case .warning: severity = 2
        case .note: severity = 3
        }
        var message = diagnostic.message
        var related: [JSON] = []
        for note in diagnostic.notes {
            if let range = note.range {
                related.append(
                    .object([
                        (
                            "location",
                            .object([
                                ("uri", .string(document.uri)),
                                ("range", document.range(range, encoding: encoding)),
                            ])
                        ),
                        ("message", .string(note.message)),
                    ]))
            } else {
                message += "\nnote: " + note.message
            }
        }
        if let help = diagnostic.help { message += "\nhelp: " + help }
        var fields: [(String, JSON)] = [
            ("range", document.range(diagnostic.range, encoding: encoding)),
            ("severity", .number(severity)),
            ("code", .string(diagnostic.id)),
            ("source", .string("foodlog")),
            ("message", .string(message)),
        ]
        if !related.isEmpty { fields.append(("relatedInformation", .array(related))) }
        if let fixIt = diagnostic.fixIt {
            fields.append(
                (
                    "data",
                    .object([
                        ("fix", .string(fixIt.replacement)),
                        ("range", document.range(fixIt.range, encoding: encoding)),
                    ])
                ))
        }
        return .object(fields)
    }

    // MARK: - Sending

    func respond(id: JSON, result: JSON) {
        writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respond(id: JSON, error: Failure) {
        writer.send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                (
                    "error",
                    .object([("code", .number(Double(error.code.rawValue))), ("message", .string(error.message))])
                ),
            ]))
    }

    func send(notification method: String, _ params: KeyValuePairs<String, JSON>) {
        writer.send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string(method)),
                ("params", .object(params.map { ($0.key, $0.value) })),
            ]))
    }
}
