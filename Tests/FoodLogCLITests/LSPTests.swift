import Foundation
import FoodLogCore
import Testing

/// `foodlog lsp` driven over pipes, one test per request and per robustness case.
@Suite("language server") struct LSPTests {
    static let text = """
        2026-11-29
        log 2 eggs, 150 gx rice @breakfast
        log ½ cup crème brûlée 🍮, 200 gx rice @dinner
        food "kimchi" per 100 g = 15 kcal, 1.1 g protein
        log 100 g kimchi @lunch
        log 3 blorfs

        """

    @Test func initializeNegotiatesThePositionEncoding() throws {
        for (offered, chosen) in [
            (["utf-16", "utf-8"], "utf-8"), (["utf-16"], "utf-16"), ([], "utf-16"), (["utf-32"], "utf-32"),
        ] {
            let client = try LSPClient()
            let result = try client.initialize(encodings: offered)
            #expect(result["result"]?["capabilities"]?["positionEncoding"]?.string == chosen)
            #expect(result["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.integer == 2)
            #expect(try client.shutDown() == 0)
        }
    }

    /// The CLI's `file:L:C: severity: message [id]` and `help:` lines, as (line, column, text).
    static func cliDiagnostics(_ stderr: String) -> [(Int, Int, String)] {
        var result: [(Int, Int, String)] = []
        for line in stderr.split(separator: "\n") {
            if line.hasPrefix("  help: "), !result.isEmpty {
                result[result.count - 1].2 += "\nhelp: " + line.dropFirst("  help: ".count)
                continue
            }
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) else { continue }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            result.append((row, column, severity + ": " + parts[4].trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    @Test func diagnosticsAreExactlyTheCLIs() throws {
        let client = try LSPClient()
        try LSPTests.text.write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
        let cli = LSPTests.cliDiagnostics(try client.foodlog(["check", "day.meal"]).stderr)
        #expect(cli.count == 3)
        // UTF-32 positions count scalars, as the CLI's columns do (from 1).
        try client.initialize(encodings: ["utf-32"])
        client.open(LSPTests.text)
        let published = try client.diagnostics()
        #expect(published["version"]?.integer == 1)
        let lsp = (published["diagnostics"]?.array ?? []).map { diagnostic -> (Int, Int, String) in
            let severity = ["", "error", "warning", "note"][diagnostic["severity"]?.integer ?? 0]
            let lines = (diagnostic["message"]?.string ?? "").split(separator: "\n", maxSplits: 1).map(String.init)
            var text = "\(severity): \(lines[0]) [\(diagnostic["code"]?.string ?? "")]"
            if lines.count > 1 { text += "\n" + lines[1] }
            return (span(diagnostic["range"])[0] + 1, span(diagnostic["range"])[1] + 1, text)
        }
        #expect(lsp.map(\.0) == cli.map(\.0))
        #expect(lsp.map(\.1) == cli.map(\.1))
        #expect(lsp.map(\.2) == cli.map(\.2))
        #expect(lsp.contains { $0.2.contains("[unknown-food]") })
        #expect(try client.shutDown() == 0)
    }

    @Test func positionsConvertForEachEncoding() throws {
        // `gx` after `log ½ cup crème brûlée 🍮, 200 ` on line 2: scalars 30, UTF-16 31 (the
        // emoji is two units), bytes 37 (½ è û é two each, the emoji four).
        let expected = ["utf-32": 30, "utf-16": 31, "utf-8": 37]
        for (encoding, character) in expected {
            let client = try LSPClient()
            try client.initialize(encodings: [encoding])
            client.open(LSPTests.text)
            let diagnostics = try client.diagnostics()["diagnostics"]?.array ?? []
            let onLine2 = diagnostics.filter { span($0["range"])[0] == 2 && $0["code"]?.string == "unknown-unit" }
            #expect(onLine2.map { span($0["range"])[1] } == [character], "\(encoding)")
            #expect(onLine2.map { span($0["range"])[3] - span($0["range"])[1] } == [2], "\(encoding)")
            // Hover back at that position finds nothing resolved (the line has an error), but
            // a position inside the emoji's pair of UTF-16 units is still read without a crash.
            let hover = try client.request("textDocument/hover", client.at(2, 22))
            #expect(hover["error"] == nil)
            #expect(try client.shutDown() == 0)
        }
    }

    @Test func incrementalChangesAndStaleVersions() throws {
        let client = try LSPClient()
        try client.initialize(encodings: ["utf-16"])
        client.open("log 2 eggs\n", version: 1)
        #expect(try client.diagnostics()["diagnostics"]?.array?.count == 0)
        // Three versions in one write: only the newest may be published.
        let range = JSON.object([
            ("start", .object([("line", .number(0)), ("character", .number(8))])),
            ("end", .object([("line", .number(0)), ("character", .number(10))])),
        ])
        client.write(
            client.change("gx", version: 2, range: range) + client.change("log 2 eggs\nlog 150 gx rice\n", version: 3)
                + client.change("log 2 eggs\nlog 150 gx crème brûlée\n", version: 4))
        let published = try client.diagnostics()
        #expect(published["version"]?.integer == 4)
        #expect(span(published["diagnostics"]?.array?.first?["range"]) == [1, 8, 1, 10])
        #expect(client.isQuiet(for: 0.5))
        // An incremental edit: `gx` becomes `g` (a range in UTF-16 after the accented name).
        client.write(
            client.change(
                "g", version: 5,
                range: .object([
                    ("start", .object([("line", .number(1)), ("character", .number(8))])),
                    ("end", .object([("line", .number(1)), ("character", .number(10))])),
                ])))
        let fixed = try client.diagnostics()
        #expect(fixed["version"]?.integer == 5)
        #expect(fixed["diagnostics"]?.array?.count == 0)
        #expect(try client.shutDown() == 0)
    }

    @Test func inlayHintsShowEachLogAndEachDay() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "target 2000 kcal from 2026-11-01", "-e", "log 1 banana on 2026-11-29"])
        try client.initialize()
        client.open("2026-11-29\nlog 2 eggs @breakfast\nlog 3 blorfs\nlog 100 g rice, 1 serving zork cake\n")
        _ = try client.diagnostics()
        let hints = try client.request("textDocument/inlayHint", client.document)["result"]?.array ?? []
        let labels = hints.map { ($0["position"]?["line"]?.integer ?? -1, $0["label"]?.string ?? "") }
        #expect(labels.contains { $0.0 == 0 && $0.1.hasPrefix("Σ ") && $0.1.contains(" / 2,000 kcal") })
        let eggs = labels.first { $0.0 == 1 }?.1 ?? ""
        #expect(eggs.hasPrefix("≈ ") && eggs.hasSuffix(" kcal"))
        #expect(!labels.contains { $0.0 == 2 })  // an unknown food has no energy
        // The hint sits at the end of the log line.
        #expect(hints.first { $0["position"]?["line"]?.integer == 1 }?["position"]?["character"]?.integer == 21)
        #expect(try client.shutDown() == 0)
    }

    @Test func inlayHintsUseEachDaysOwnTarget() throws {
        let client = try LSPClient()
        // The diary's weekend target, the document's weekday one; 2026-11-28 is a Saturday.
        _ = try client.foodlog([
            "run", "-e", "target 2000 kcal from 2026-11-01", "-e", "target 2600 kcal on weekends from 2026-11-01",
        ])
        try client.initialize()
        client.open(
            "target 1800 kcal on weekdays from 2026-11-01\ntarget 9000 kcal per week from 2026-11-01\n"
                + "2026-11-27\nlog 2 eggs\n2026-11-28\nlog 2 eggs\n")
        _ = try client.diagnostics()
        let hints = try client.request("textDocument/inlayHint", client.document)["result"]?.array ?? []
        let labels = hints.map { ($0["position"]?["line"]?.integer ?? -1, $0["label"]?.string ?? "") }
        #expect(labels.contains { $0.0 == 2 && $0.1.hasPrefix("Σ ") && $0.1.hasSuffix(" / 1,800 kcal") }, "\(labels)")
        #expect(labels.contains { $0.0 == 4 && $0.1.hasPrefix("Σ ") && $0.1.hasSuffix(" / 2,600 kcal") }, "\(labels)")
        #expect(try client.shutDown() == 0)
    }

    @Test func hoverExplainsItemsUnitsAndDays() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "target 2200 kcal, 150 g protein"])
        try client.initialize()
        client.open("2026-11-29\nlog 2 eggs, 1 cup milk @breakfast\n")
        _ = try client.diagnostics()
        let item = try client.request("textDocument/hover", client.at(1, 6))["result"]?["contents"]?["value"]?.string
        #expect(item?.contains("**2 eggs** →") == true)
        #expect(item?.contains("from the built-in table") == true)
        #expect(item?.contains(" g** = 2 × ") == true)
        #expect(item?.contains(" kcal · ") == true)
        let unit = try client.request("textDocument/hover", client.at(1, 15))["result"]?["contents"]?["value"]?.string
        #expect(unit?.hasPrefix("**1 cup** of ") == true)
        let day = try client.request("textDocument/hover", client.at(0, 3))["result"]?["contents"]?["value"]?.string
        #expect(day?.contains("**2026-11-29**") == true)
        #expect(day?.contains(" kcal of 2,200") == true)
        #expect(day?.contains(" g protein of 150") == true)
        #expect(try client.request("textDocument/hover", client.at(5, 0))["result"]?.isNull == true)
        #expect(try client.shutDown() == 0)
    }

    func labels(_ response: JSON) -> [String] {
        (response["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
    }

    @Test func completionKnowsTheContext() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "food \"banana bread (mine)\" per 100 g = 330 kcal"])
        try client.initialize()
        let lines = [
            "lo", "log 2 cu", "log 2 eggs @bre", "plan ke", "log 2 slices bana", "log 2 eggs,", "  200 g ric",
            "log 100 g kim",
            "food \"kimchi\" per 100 g = 15 kcal",
        ]
        client.open(lines.joined(separator: "\n") + "\n")
        func complete(_ line: Int) throws -> JSON {
            try client.request("textDocument/completion", client.at(line, lines[line].utf8.count))
        }
        #expect(labels(try complete(0)) == ["log"])
        #expect(labels(try complete(1)).starts(with: ["cup", "cups"]))
        #expect(labels(try complete(2)) == ["breakfast"])
        #expect(labels(try complete(3)) == ["keto"])
        let foods = try complete(4)
        #expect(labels(foods).first == "banana bread (mine)")  // the library first
        #expect(labels(foods).dropFirst().contains("banana"))  // then the table's names
        let detail = foods["result"]?["items"]?.array?.first?["detail"]?.string
        #expect(detail == "custom · 330 kcal/100 g")
        #expect(
            foods["result"]?["items"]?.array?.first { $0["label"]?.string == "banana" }?["detail"]?.string?.hasSuffix(
                " kcal/100 g") == true)
        #expect(span(foods["result"]?["items"]?.array?.first?["textEdit"]?["range"]) == [4, 13, 4, 17])
        #expect(labels(try complete(6)).contains("rice"))  // a continuation line of a log
        #expect(labels(try complete(7)).first == "kimchi")  // defined further down this file
        #expect(try client.shutDown() == 0)
    }

    @Test func definitionReferencesAndSymbols() throws {
        let directory = NSTemporaryDirectory() + "foodlog-lsp-ws-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/days", withIntermediateDirectories: true)
        try "food \"kimchi\" per 100 g = 15 kcal\nalias kim = kimchi\n".write(
            toFile: directory + "/library.meal", atomically: true, encoding: .utf8)
        try "2026-11-28\nlog 100 g Kimchi\n".write(
            toFile: directory + "/days/a.meal", atomically: true, encoding: .utf8)
        let client = try LSPClient(directory: directory)
        try client.initialize(root: directory)
        client.open("2026-11-29\nlog 2 eggs, 50 g kimchi @lunch\nrecipe \"kimchi rice\" = 100 g kimchi, 200 g rice\n")
        _ = try client.diagnostics()
        let definition = try client.request("textDocument/definition", client.at(1, 19))["result"]?.array ?? []
        #expect(definition.map { $0["uri"]?.string ?? "" } == ["file://" + directory + "/library.meal"])
        #expect(span(definition.first?["range"]) == [0, 5, 0, 13])
        let references = try client.request("textDocument/references", client.at(1, 19))["result"]?.array ?? []
        let places = Set(references.map { ($0["uri"]?.string ?? "").split(separator: "/").last.map(String.init) ?? "" })
        #expect(places == ["day.meal", "a.meal", "library.meal"])
        #expect(references.count == 5)  // two uses here, one in a.meal, the definition and the alias target
        let symbols = try client.request("textDocument/documentSymbol", client.document)["result"]?.array ?? []
        #expect(symbols.map { $0["name"]?.string ?? "" } == ["2026-11-29"])
        #expect(
            symbols.first?["children"]?.array?.map { $0["name"]?.string ?? "" } == ["@lunch", "recipe kimchi rice"])
        #expect(try client.shutDown() == 0)
    }

    @Test func definitionFallsBackToTheScriptTheDiaryNames() throws {
        let client = try LSPClient()
        let library = client.directory + "/elsewhere.meal"
        try "food \"zork cake\" per 100 g = 400 kcal\n".write(toFile: library, atomically: true, encoding: .utf8)
        _ = try client.foodlog(["run", library])
        try client.initialize()
        client.open("log 100 g zork cake\n")
        let result = try client.request("textDocument/definition", client.at(0, 12))["result"]?.array ?? []
        #expect(result.map { $0["uri"]?.string ?? "" } == ["file://" + library])
        #expect(try client.shutDown() == 0)
    }

    @Test func codeActionsApplyTheSuggestion() throws {
        let client = try LSPClient()
        try client.initialize(encodings: ["utf-16"])
        client.open("log ½ cup crème brûlée, 150 gx rice\n")
        _ = try client.diagnostics()
        var params = client.document
        if case .object(var fields) = params {
            fields.append(
                ("range", .object([("start", client.at(0, 0)["position"]!), ("end", client.at(1, 0)["position"]!)])))
            fields.append(("context", .object([("diagnostics", .array([]))])))
            params = .object(fields)
        }
        let actions = try client.request("textDocument/codeAction", params)["result"]?.array ?? []
        #expect(actions.map { $0["title"]?.string ?? "" } == ["did you mean 'g'?"])
        let edit = actions.first?["edit"]?["changes"]?[client.uri]?.array?.first
        #expect(edit?["newText"]?.string == "g")
        #expect(span(edit?["range"]) == [0, 28, 0, 30])
        #expect(try client.shutDown() == 0)
    }

    @Test func formattingIsTheFmtCommands() throws {
        let client = try LSPClient()
        let messy =
            "2026-11-28;log 2 eggs ,200g rice   @breakfast # first\n\n\n\n2026-11-29\nlog 1 banana,\n        1 apple\n"
        try messy.write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
        let fmt = try client.foodlog(["fmt", "day.meal"])
        #expect(fmt.status == 0)
        try client.initialize()
        client.open(messy)
        let edits = try client.request("textDocument/formatting", client.document)["result"]?.array ?? []
        #expect(edits.count == 1)
        #expect(edits.first?["newText"]?.string == fmt.stdout)
        client.write(client.change(fmt.stdout, version: 2))
        #expect(try client.request("textDocument/formatting", client.document)["result"]?.array?.count == 0)
        client.write(client.change("log 2 gx eggs\n", version: 3))
        #expect(try client.request("textDocument/formatting", client.document)["result"]?.isNull == true)
        #expect(try client.shutDown() == 0)
    }

    // MARK: - Robustness

    @Test func malformedMessagesGetErrorsAndTheServerGoesOn() throws {
        let client = try LSPClient()
        try client.initialize()
        // Not JSON.
        client.write(Array("Content-Length: 9\r\n\r\n{not json".utf8))
        #expect(try client.receive()["error"]?["code"]?.integer == -32700)
        // JSON, but not a request.
        client.write(LSPClient.frame(.array([.number(1)])))
        #expect(try client.receive()["error"]?["code"]?.integer == -32600)
        // A Content-Length too short: the cut body is an error, the rest is skipped to the next header.
        let body = #"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#
        client.write(Array("Content-Length: 10\r\n\r\n\(body)\r\n".utf8))
        #expect(try client.receive()["error"]?["code"]?.integer == -32700)
        // A Content-Length that is no number.
        client.write(Array("Content-Length: lots\r\n\r\n".utf8))
        #expect(try client.receive()["error"]?["code"]?.integer == -32700)
        // An unknown method, and an unknown notification (ignored).
        client.notify("$/somethingNew", .object([]))
        let unknown = try client.request("textDocument/teleport")
        #expect(unknown["error"]?["code"]?.integer == -32601)
        #expect(try client.request("textDocument/hover", client.at(0, 0))["error"]?["code"]?.integer == -32602)
        #expect(try client.shutDown() == 0)
    }

    @Test func requestsBeforeInitializeAreRefused() throws {
        let client = try LSPClient()
        #expect(try client.request("textDocument/hover", client.at(0, 0))["error"]?["code"]?.integer == -32002)
        try client.initialize()
        #expect(try client.shutDown() == 0)
    }

    @Test func aHundredMegabyteMessageIsRefusedInBoundedMemory() throws {
        let client = try LSPClient()
        try client.initialize()
        let size = 100_000_000
        client.write(Array("Content-Length: \(size)\r\n\r\n".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
        var sent = 0
        while sent < size {
            let part = min(chunk.count, size - sent)
            client.write(Array(chunk[0..<part]))
            sent += part
        }
        let answer = try client.receive(timeout: 60)
        #expect(answer["error"]?["code"]?.integer == -32600)
        #expect(answer["error"]?["message"]?.string?.contains("100,000,000 bytes") == true)
        let status = try String(contentsOfFile: "/proc/\(client.process.pid)/status", encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap {
            Int($0.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        #expect((peak ?? .max) < 80_000, "peak resident memory \(peak ?? -1) kB")
        #expect(try client.request("shutdown")["error"] == nil)
    }

    @Test func cancelledRequestsAreAnsweredAsCancelled() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open("log 2 eggs\n")
        let id = client.takeID()
        client.write(
            client.requestFrame("textDocument/hover", client.at(0, 5), id: id)
                + client.notificationFrame("$/cancelRequest", .object([("id", .number(Double(id)))])))
        #expect(try client.response(to: id)["error"]?["code"]?.integer == -32800)
        #expect(try client.shutDown() == 0)
    }

    @Test func aVanishingClientEndsTheServerAndLeavesTheDiaryAlone() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "log 1 banana"])
        let before = try Data(contentsOf: URL(fileURLWithPath: client.diaryPath))
        try client.initialize()
        client.open(
            "food \"zork\" per 100 g = 99 kcal\ntarget 1800 kcal\nweight 70 kg\nplan keto\nlog 2 zork, 3 eggs\n")
        _ = try client.diagnostics()
        client.write(client.requestFrame("textDocument/inlayHint", client.document, id: client.takeID()))
        try client.input.fileHandleForWriting.close()
        try client.output.fileHandleForReading.close()
        #expect(try client.process.wait(timeout: 60).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: client.diaryPath)) == before)
        #expect(try client.foodlog(["show", "today"]).stdout.contains("banana"))
        #expect(!(try client.foodlog(["food", "info", "zork"]).stdout.contains("99")))
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        let client = try LSPClient()
        try client.initialize()
        client.notify("exit", .null)
        #expect(try client.process.wait(timeout: 60).status == 1)
    }

    @Test func theDiaryOptionIsHonoured() throws {
        let client = try LSPClient(arguments: ["--db", "other.sqlite"])
        _ = try client.foodlog(["run", "--db", "other.sqlite", "-e", "food \"zork\" per 100 g = 99 kcal"])
        try client.initialize()
        client.open("log 100 g zork\n")
        #expect(try client.diagnostics()["diagnostics"]?.array?.count == 0)
        #expect(!FileManager.default.fileExists(atPath: client.diaryPath))
        #expect(try client.shutDown() == 0)
    }
}
