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

    /// A published diagnostic (UTF-32 positions) as `cliDiagnostics` reads the CLI's.
    static func asCLIText(_ diagnostic: JSON) -> (Int, Int, String) {
        let severity = ["", "error", "warning", "note"][diagnostic["severity"]?.integer ?? 0]
        let lines = (diagnostic["message"]?.string ?? "").split(separator: "\n", maxSplits: 1).map(String.init)
        var text = "\(severity): \(lines[0]) [\(diagnostic["code"]?.string ?? "")]"
        if lines.count > 1 { text += "\n" + lines[1] }
        return (span(diagnostic["range"])[0] + 1, span(diagnostic["range"])[1] + 1, text)
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
        let lsp = (published["diagnostics"]?.array ?? []).map(LSPTests.asCLIText)
        #expect(lsp.map(\.0) == cli.map(\.0))
        #expect(lsp.map(\.1) == cli.map(\.1))
        #expect(lsp.map(\.2) == cli.map(\.2))
        #expect(lsp.contains { $0.2.contains("[unknown-food]") })
        #expect(try client.shutDown() == 0)
    }

    /// The resolver's errors and its assumed/estimated/implausible warnings, on lines with
    /// accents, `½` and emoji: the same places, ids and messages as `check`, and the help that
    /// `check --strict` prints for them (plain `check` lists warnings one line each).
    @Test func resolverDiagnosticsAreTheCLIsToo() throws {
        let text = """
            2026-11-29
            log a glass of apple juice 🧃, ½ cup crème brûlée
            log 1 bananna @snack
            log 🥝 100 g kumquat xylo
            log 3 kg rice
            log 2 blorfs 🍰
            weight 900 kg

            """
        let client = try LSPClient()
        try text.write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
        let sorted = { (list: [(Int, Int, String)]) in list.sorted { ($0.0, $0.1) < ($1.0, $1.1) } }
        let cli = sorted(LSPTests.cliDiagnostics(try client.foodlog(["check", "day.meal"]).stderr))
        let strict = sorted(LSPTests.cliDiagnostics(try client.foodlog(["check", "--strict", "day.meal"]).stderr))
        try client.initialize(encodings: ["utf-32"])
        client.open(text)
        let lsp = sorted((try client.diagnostics()["diagnostics"]?.array ?? []).map(LSPTests.asCLIText))
        let codes = Set(lsp.compactMap { $0.2.firstMatch(of: /\[([a-z-]+)\]/).map { String($0.1) } })
        for id in [
            "assumed-amount", "assumed-spelling", "estimated-food", "implausible-item", "unknown-food",
            "implausible-amount",
        ] {
            #expect(codes.contains(id), "\(id) missing from \(codes)")
        }
        #expect(lsp.map { [$0.0, $0.1] } == cli.map { [$0.0, $0.1] })
        #expect(lsp.map { $0.2.split(separator: "\n")[0] } == cli.map { $0.2.split(separator: "\n")[0] })
        // Every help line is the one the full rendering prints.
        #expect(
            lsp.map { $0.2.split(separator: "\n").dropFirst() }
                == strict.map { $0.2.split(separator: "\n").dropFirst() })
        #expect(lsp.allSatisfy { $0.2.contains("\nhelp: ") })
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

    /// What another command logs while the file is open shows in the next hints: the day's
    /// total is taken again when the diary file changes.
    @Test func inlayHintsFollowTheDiaryWhenItChanges() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "target 2000 kcal from 2026-11-01"])
        try client.initialize()
        client.open("2026-11-29\nlog 2 eggs @breakfast\n")
        _ = try client.diagnostics()
        func dayHint() throws -> String {
            let hints = try client.request("textDocument/inlayHint", client.document)["result"]?.array ?? []
            return hints.first { $0["position"]?["line"]?.integer == 0 }?["label"]?.string ?? ""
        }
        let before = try dayHint()
        #expect(before == "Σ 143 / 2,000 kcal")
        #expect(try client.foodlog(["run", "-e", "log 1 banana on 2026-11-29"]).status == 0)
        #expect(try dayHint() == "Σ 248 / 2,000 kcal")  // a banana is 105 kcal
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
        #expect(
            labels.contains { $0.0 == 2 && $0.1.hasPrefix("Σ ") && $0.1.contains(" / 1,800 kcal · week ") }, "\(labels)"
        )
        #expect(
            labels.contains { $0.0 == 4 && $0.1.hasPrefix("Σ ") && $0.1.contains(" / 2,600 kcal · week ") }, "\(labels)"
        )
        #expect(labels.allSatisfy { $0.0 % 2 == 1 || $0.1.hasSuffix(" / 9,000 kcal") }, "\(labels)")
        #expect(try client.shutDown() == 0)
    }

    /// With a `per week` target a date line also shows the week from Monday against it,
    /// counting the days of the week this file does not name (the week of
    /// weekly-and-weekend-targets.cli, whose `show` gives the same 1,906 of 3,000).
    @Test func inlayHintsShowTheWeekAgainstAWeeklyTarget() throws {
        let client = try LSPClient()
        _ = try client.foodlog([
            "run", "-e", "target 500 kcal, 40 g protein from 2026-11-23", "-e",
            "target 800 kcal on weekends from 2026-11-23", "-e", "target 3000 kcal per week from 2026-11-23", "-e",
            "log 150 g chicken breast, 300 g rice on 2026-11-25",
        ])
        try client.initialize()
        client.open(
            "2026-11-23\nlog 2 eggs, 200 g rice @breakfast\n2026-11-28\n"
                + "log 3 eggs, 200 g rice, 150 g chicken breast @dinner\ntoday\nlog 2 eggs @breakfast\n"
                + "2026-12-01\nlog 2 eggs\n")
        _ = try client.diagnostics()
        let hints = try client.request("textDocument/inlayHint", client.document)["result"]?.array ?? []
        let days = hints.filter { ($0["position"]?["line"]?.integer ?? 1) % 2 == 0 }.map { $0["label"]?.string ?? "" }
        #expect(
            days == [
                "Σ 403 / 500 kcal · week 403 / 3,000 kcal", "Σ 722 / 800 kcal · week 1,763 / 3,000 kcal",
                "Σ 143 / 800 kcal · week 1,906 / 3,000 kcal", "Σ 143 / 500 kcal · week 143 / 3,000 kcal",
            ])
        let hover = try client.request("textDocument/hover", client.at(4, 1))["result"]?["contents"]?["value"]?.string
        #expect(
            hover?.contains("this week (2026-11-23..2026-11-29):\n\n1,906 kcal of 3,000 · ") == true, "\(hover ?? "")")
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

    /// After a target's amounts: the days it is for and `from`, whole phrases, each once.
    @Test func completionOffersATargetsScopeAndFrom() throws {
        let client = try LSPClient()
        try client.initialize(encodings: ["utf-16"])
        let lines = [
            "target 2000 kcal ", "target 2000 kcal per ", "target 150 g protein on we", "target 15000 kcal per week ",
            "target 1900 kcal from 2026-12-01 ", "target 2000 ", "target 2000 kcal, ",
            "target 2000 kcal per week from 2026-12-01 ", "target 2000 kcal f",
        ]
        client.open(lines.joined(separator: "\n") + "\n")
        func complete(_ line: Int) throws -> JSON {
            try client.request("textDocument/completion", client.at(line, lines[line].utf8.count))
        }
        #expect(labels(try complete(0)) == ["per day", "per week", "on weekends", "on weekdays", "from"])
        #expect(labels(try complete(1)) == ["per day", "per week"])
        let weekends = try complete(2)
        #expect(labels(weekends) == ["on weekends", "on weekdays"])
        // The phrase replaces `on we`, from the preposition.
        #expect(span(weekends["result"]?["items"]?.array?.first?["textEdit"]?["range"]) == [2, 21, 2, 26])
        #expect(labels(try complete(3)) == ["from"])
        #expect(labels(try complete(4)) == ["per day", "per week", "on weekends", "on weekdays"])
        #expect(labels(try complete(5)).isEmpty)  // a unit or nutrient comes first
        #expect(labels(try complete(6)).isEmpty)  // another amount
        #expect(labels(try complete(7)).isEmpty)  // all written
        #expect(labels(try complete(8)) == ["from"])
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

    /// The whole-text edit ends where the text ends in each encoding (no final newline, an
    /// accent, `½`, emoji pairs), and its text is `foodlog fmt`'s.
    @Test func formattingEditsEndAtTheTextsEndInEachEncoding() throws {
        let text = "2026-11-29;log ½ cup crème brûlée ,2 eggs 🥚🥚   @breakfast # très bon 🍳"
        for (encoding, end) in [("utf-16", 73), ("utf-8", 84), ("utf-32", 70)] {
            let client = try LSPClient()
            try text.write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
            let fmt = try client.foodlog(["fmt", "day.meal"]).stdout
            try client.initialize(encodings: [encoding])
            client.open(text)
            let edits = try client.request("textDocument/formatting", client.document)["result"]?.array ?? []
            #expect(edits.map { span($0["range"]) } == [[0, 0, 0, end]], "\(encoding)")
            #expect(edits.first?["newText"]?.string == fmt)
            #expect(fmt == "2026-11-29\nlog ½ cup crème brûlée, 2 eggs 🥚🥚 @breakfast # très bon 🍳\n")
            #expect(try client.shutDown() == 0)
        }
    }

    // MARK: - Robustness

    /// A Content-Length longer than what comes: the server waits for the rest (it cannot tell),
    /// and when the client closes its end it exits with status 1, without an answer.
    @Test func aBodyCutShortByTheClientGoingAwayEndsTheServer() throws {
        let client = try LSPClient()
        try client.initialize()
        client.write(Array("Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"shutdown\"}".utf8))
        #expect(client.isQuiet(for: 0.3))
        try client.input.fileHandleForWriting.close()
        #expect(try client.process.wait(timeout: 60).status == 1)
    }

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
        // Too short again, and the next message follows the body with no line break between:
        // its header is found at the end of the left-over text, and it is answered.
        let next = client.takeID()
        client.write(
            Array("Content-Length: 10\r\n\r\n\(body)".utf8)
                + client.requestFrame("textDocument/hover", client.at(0, 0), id: next))
        #expect(try client.receive()["error"]?["code"]?.integer == -32700)
        #expect(try client.response(to: next)["error"]?["code"]?.integer == -32602)  // not open, but answered
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

    /// Every request the server answers, on a document that defines, sets targets and a weight,
    /// turns a plan on and logs: the diary file keeps its bytes and its modification time, its
    /// write-ahead log stays empty, and nothing the document did is in it.
    @Test func aSessionOfEveryRequestLeavesTheDiaryAlone() throws {
        let client = try LSPClient()
        _ = try client.foodlog(["run", "-e", "log 1 banana", "-e", "target 2000 kcal"])
        let path = client.diaryPath
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        try client.initialize(root: client.directory)
        let text = """
            2026-11-29
            food "zork" per 100 g = 99 kcal
            recipe "zork stew" = 200 g zork, 100 g rice
            meal "zork plate" = 1 serving zork stew
            alias zk = zork
            target 1800 kcal per week
            weight 70 kg
            plan keto
            log 2 zk, 3 eggs @lunch
            log 150 gx rice

            """
        client.open(text)
        _ = try client.diagnostics()
        client.write(client.change(text + "log 1 zork plate\n", version: 2))
        _ = try client.diagnostics()
        var rangeParams = client.document
        if case .object(var fields) = rangeParams {
            fields.append(
                ("range", .object([("start", client.at(0, 0)["position"]!), ("end", client.at(10, 0)["position"]!)])))
            fields.append(("context", .object([("diagnostics", .array([])), ("includeDeclaration", .bool(true))])))
            rangeParams = .object(fields)
        }
        for (method, params) in [
            ("textDocument/hover", client.at(8, 13)), ("textDocument/hover", client.at(0, 2)),
            ("textDocument/inlayHint", rangeParams), ("textDocument/completion", client.at(8, 6)),
            ("textDocument/definition", client.at(8, 7)), ("textDocument/references", client.at(1, 7)),
            ("textDocument/documentSymbol", client.document), ("textDocument/codeAction", rangeParams),
            ("textDocument/formatting", client.document),
        ] {
            let response = try client.request(method, params)
            #expect(response["error"] == nil, "\(method): \(response)")
            // Formatting is refused (null) for a script with errors; everything else has an answer.
            #expect(response["result"]?.isNull == (method == "textDocument/formatting"), "\(method)")
        }
        client.notify("textDocument/didClose", client.document)
        #expect(try client.shutDown() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0)
        #expect(!(try client.foodlog(["food", "info", "zork"]).stdout.contains("99")))
        #expect(try client.foodlog(["show", "today"]).stdout.contains("banana"))
    }

    /// A user Lua estimator runs in the sandbox with the CLI's limits: one that loops forever is
    /// stopped (the item is then unknown, as `check` says), one that reaches for `io` or `os`
    /// finds nothing there, and a well-behaved one's answer shows as an estimate.
    @Test func luaEstimatorsRunInTheSandboxWithTheCLIsLimits() throws {
        let client = try LSPClient(environment: ["FOODLOG_LUA_SECONDS": "1", "FOODLOG_LUA_INSTRUCTIONS": "200000"])
        let folder = client.directory + "/config/foodlog/estimators"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let escape = client.directory + "/escaped"
        try """
        foodlog.estimator(function(name)
          if name:find("xqspin") then while true do end end
          if name:find("xqwrite") then
            if io then io.open("\(escape)", "w") end
            if os then os.execute("touch \(escape)") end
          end
          if name:find("xqzork") then return { kcal = 321, protein = 1, carbs = 2, fat = 3 } end
          return nil
        end)
        """.write(toFile: folder + "/mine.lua", atomically: true, encoding: .utf8)
        let text = "log 100 g xqzork\nlog 100 g xqspin\nlog 100 g xqwrite\n"
        try text.write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
        let cli = LSPTests.cliDiagnostics(try client.foodlog(["check", "day.meal"]).stderr)
        try client.initialize(encodings: ["utf-32"])
        let started = Date()
        client.open(text)
        let lsp = (try client.diagnostics()["diagnostics"]?.array ?? []).map(LSPTests.asCLIText)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(
            Set(lsp.map { "\($0.0):\($0.1) " + $0.2.split(separator: "\n")[0] })
                == Set(cli.map { "\($0.0):\($0.1) " + $0.2.split(separator: "\n")[0] }))
        #expect(lsp.contains { $0.0 == 2 && $0.2.contains("[unknown-food]") })
        // The errors' help as check prints it: the loop's script and why it was stopped.
        #expect(lsp.filter { $0.2.hasPrefix("error") }.map(\.2) == cli.filter { $0.2.hasPrefix("error") }.map(\.2))
        #expect(
            lsp.contains { $0.2.contains("help: your estimator failed: estimators/mine.lua:2: instruction budget") })
        let hover = try client.request("textDocument/hover", client.at(0, 12))["result"]?["contents"]?["value"]?.string
        #expect(hover?.contains("estimated by estimators/mine.lua (a user estimator)") == true, "\(hover ?? "")")
        #expect(hover?.contains("321 kcal") == true)
        #expect(!FileManager.default.fileExists(atPath: escape))
        #expect(try client.shutDown() == 0)
    }

    /// A damaged diary: the parse's diagnostics still come, and the CLI's message about the
    /// diary is shown once, not again at each change; the file is left as it was.
    @Test func aDamagedDiaryIsSaidOnceAndLeftAlone() throws {
        let client = try LSPClient()
        let junk = Data(String(repeating: "this is not a database ", count: 100).utf8)
        try junk.write(to: URL(fileURLWithPath: client.diaryPath))
        try "log 2 eggs\n".write(toFile: client.directory + "/day.meal", atomically: true, encoding: .utf8)
        let cli = try client.foodlog(["check", "day.meal"])
        #expect(cli.status == 74)
        try client.initialize()
        client.open("log 2 gx eggs\n")
        #expect(try client.diagnostics()["diagnostics"]?.array?.map { $0["code"]?.string ?? "" } == ["unknown-unit"])
        client.write(client.change("log 2 g eggs\n", version: 2))
        #expect(try client.diagnostics()["version"]?.integer == 2)
        try client.request("textDocument/hover", client.at(0, 7))
        let shown = client.notifications.filter { $0["method"]?.string == "window/showMessage" }
        #expect(
            shown.map { $0["params"]?["message"]?.string ?? "" } == [
                "foodlog: " + cli.stderr.dropFirst("foodlog: ".count).trimmingCharacters(in: .newlines)
            ])
        #expect(try client.shutDown() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: client.diaryPath)) == junk)
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
