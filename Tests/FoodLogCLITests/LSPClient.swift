import Foundation
import FoodLogCore
import Glibc

/// Drives `foodlog lsp` as an editor would: a child process, framed JSON-RPC over its pipes.
final class LSPClient {
    let process: ChildProcess
    let input = Pipe()
    let output = Pipe()
    let directory: String
    /// The server's environment, which ``foodlog(_:)`` runs the CLI with too.
    let environment: [String: String]
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Notifications received while waiting for responses.
    private(set) var notifications: [JSON] = []

    /// Starts the server in a fresh directory with its own diary (`FOODLOG_DB`).
    init(arguments: [String] = [], environment extra: [String: String] = [:], directory: String? = nil) throws {
        self.directory = directory ?? NSTemporaryDirectory() + "foodlog-lsp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        environment = [
            "FOODLOG_DB": self.directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
            "HOME": self.directory, "XDG_CONFIG_HOME": self.directory + "/config", "PATH": "/usr/bin:/bin",
        ].merging(extra) { $1 }
        let errors = try ScratchFile(holding: "")
        process = try ChildProcess(
            CLIPaths.binary, ["lsp"] + arguments, environment: environment, directory: self.directory,
            standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.fileHandleForWriting.fileDescriptor, standardError: errors.descriptor)
        // The child has its own copies; keeping these open would hide its end of the stream.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
    }

    deinit {
        // ChildProcess kills a server still running when it goes.
        try? FileManager.default.removeItem(atPath: directory)
    }

    var diaryPath: String { directory + "/diary.sqlite" }
    var uri: String { "file://" + directory + "/day.meal" }

    /// Writes raw bytes to the server's input.
    func write(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// One framed message's bytes.
    static func frame(_ message: JSON) -> [UInt8] {
        let body = Array(message.render(indent: nil).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    func requestFrame(_ method: String, _ params: JSON, id: Int) -> [UInt8] {
        LSPClient.frame(
            .object([
                ("jsonrpc", .string("2.0")), ("id", .number(Double(id))), ("method", .string(method)),
                ("params", params),
            ]))
    }

    func notificationFrame(_ method: String, _ params: JSON) -> [UInt8] {
        LSPClient.frame(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// Sends a request and returns its response (notifications before it are kept).
    @discardableResult
    func request(_ method: String, _ params: JSON = .object([])) throws -> JSON {
        let id = takeID()
        write(requestFrame(method, params, id: id))
        return try response(to: id)
    }

    func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func notify(_ method: String, _ params: JSON) {
        write(notificationFrame(method, params))
    }

    /// The response with this id.
    func response(to id: Int, timeout: Double = 30) throws -> JSON {
        while true {
            let message = try receive(timeout: timeout)
            if message["id"]?.integer == id, message["method"] == nil { return message }
            if message["method"] != nil { notifications.append(message) }
        }
    }

    /// The next `publishDiagnostics` for this URI (kept ones first).
    func diagnostics(timeout: Double = 30) throws -> JSON {
        if let index = notifications.firstIndex(where: { $0["method"]?.string == "textDocument/publishDiagnostics" }) {
            return notifications.remove(at: index)["params"]!
        }
        while true {
            let message = try receive(timeout: timeout)
            if message["method"]?.string == "textDocument/publishDiagnostics" { return message["params"]! }
            if message["method"] != nil { notifications.append(message) }
        }
    }

    struct Timeout: Error {}
    struct Closed: Error {}

    /// Reads one framed message.
    func receive(timeout: Double = 30) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                let length =
                    header.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        return parts.count == 2 && parts[0].lowercased() == "content-length"
                            ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                    }.first ?? 0
                if buffer.count >= end + 4 + length {
                    let body = Array(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeSubrange(0..<(end + 4 + length))
                    return try JSON.parse(body)
                }
            }
            guard try fill(until: deadline) else { throw Closed() }
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Reads what the server wrote; false at its end of output.
    private func fill(until deadline: Date) throws -> Bool {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { throw Timeout() }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    /// True when no message arrives within `seconds`.
    func isQuiet(for seconds: Double) -> Bool {
        (try? receive(timeout: seconds)) == nil
    }

    /// `initialize` (offering `encodings`) and `initialized`; returns the result.
    @discardableResult
    func initialize(encodings: [String] = ["utf-8", "utf-16"], root: String? = nil) throws -> JSON {
        let result = try request(
            "initialize",
            .object([
                ("processId", .null), ("rootUri", root.map { .string("file://" + $0) } ?? .null),
                (
                    "capabilities",
                    .object([("general", .object([("positionEncodings", .array(encodings.map(JSON.string)))]))])
                ),
            ]))
        notify("initialized", .object([]))
        return result
    }

    func open(_ text: String, uri: String? = nil, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri ?? self.uri)), ("languageId", .string("meal")),
                        ("version", .number(Double(version))), ("text", .string(text)),
                    ])
                )
            ]))
    }

    func change(_ text: String, version: Int, range: JSON? = nil) -> [UInt8] {
        var change: [(String, JSON)] = [("text", .string(text))]
        if let range { change.insert(("range", range), at: 0) }
        return notificationFrame(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .number(Double(version)))])),
                ("contentChanges", .array([.object(change)])),
            ]))
    }

    /// `{"textDocument": {"uri": …}, "position": {…}}`.
    func at(_ line: Int, _ character: Int) -> JSON {
        .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", .number(Double(line))), ("character", .number(Double(character)))])),
        ])
    }

    var document: JSON { .object([("textDocument", .object([("uri", .string(uri))]))]) }

    /// `shutdown`, `exit`, and the exit status.
    func shutDown() throws -> Int32 {
        try request("shutdown")
        notify("exit", .null)
        try input.fileHandleForWriting.close()
        return try process.wait(timeout: 60).status
    }

    /// Runs the real CLI in the same directory with the same diary and environment.
    func foodlog(_ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        try runProcess(arguments, stdin: "", directory: directory, environment: environment)
    }
}

/// `{"start": {"line": …}, "end": {…}}` as (line, character) pairs.
func span(_ range: JSON?) -> [Int] {
    [
        range?["start"]?["line"]?.integer ?? -1, range?["start"]?["character"]?.integer ?? -1,
        range?["end"]?["line"]?.integer ?? -1, range?["end"]?["character"]?.integer ?? -1,
    ]
}
