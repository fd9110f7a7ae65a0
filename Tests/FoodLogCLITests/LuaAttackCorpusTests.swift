import Foundation
import Testing

/// One hostile script of `Tests/FoodLogCLITests/attacks`, with the outcome its first line expects.
struct LuaAttack: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { String(path.split(separator: "/").last ?? "") }

    static let all: [LuaAttack] = {
        let directory = CLIPaths.root + "/Tests/FoodLogCLITests/attacks"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { LuaAttack(path: directory + "/" + $0) }
    }()

    /// `-- expect: KIND` (or `KIND or KIND`) on line 1; `-- host: conversion` on line 2 overrides
    /// it for the host.
    var expectedKind: String {
        let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n", maxSplits: 3)
        var kind =
            lines.first.map { String($0.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces) } ?? "?"
        if lines.count > 1, lines[1].hasPrefix("-- host:") {
            kind = String(lines[1].drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        return kind
    }
}

/// Every attack runs through the real CLI under an external timeout: the process survives, the
/// outcome matches, nothing outside the diary changes, and the diary stays intact.
@Test("Lua attack", arguments: LuaAttack.all)
func luaAttack(_ attack: LuaAttack) throws {
    let directory = NSTemporaryDirectory() + "foodlog-lua-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let database = directory + "/diary.sqlite"
    let environment = [
        "FOODLOG_DB": database, "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1", "HOME": directory,
        "PATH": "/usr/bin:/bin", "SECRET_TOKEN": "do-not-leak",
    ]
    let seeded = try runProcess(
        ["-e", "log 2 eggs @breakfast"], stdin: "", directory: directory, environment: environment)
    #expect(seeded.status == 0)
    let before = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { !$0.hasPrefix("diary.sqlite") }
        .sorted()

    let started = Date()
    let result = try ChildProcess.run(
        CLIPaths.binary, ["lua", attack.path], environment: environment, directory: directory, errorsIntoOutput: true,
        timeout: 15)
    let text = result.stdout
    let elapsed = Date().timeIntervalSince(started)

    #expect(!result.termination.bySignal, "\(attack.testDescription) died by a signal: \(text.suffix(300))")
    #expect(elapsed < 10, "\(attack.testDescription) took \(elapsed) s")
    let outcome = text.split(separator: "\n").last.map(String.init) ?? ""
    // `budget or timeout`: either ending is right where host calls spend time the budget
    // does not count, so which limit comes first depends on how busy the machine is.
    let kinds = attack.expectedKind.components(separatedBy: " or ")
    #expect(
        kinds.contains { outcome.hasPrefix("[\($0)]") },
        "\(attack.testDescription): expected \(attack.expectedKind), got \(outcome.prefix(200))")
    #expect(!text.contains("do-not-leak"), "the environment leaked")
    #expect(!text.contains("0x"), "an address leaked: \(text.prefix(300))")
    let after = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { !$0.hasPrefix("diary.sqlite") }
        .sorted()
    #expect(after == before, "files changed: \(after) vs \(before)")
    let check = try runProcess(["show", "today"], stdin: "", directory: directory, environment: environment)
    #expect(
        check.status == 0 && check.stdout.contains("2 eggs"),
        "diary after \(attack.testDescription): \(check.stdout) \(check.stderr)")
}
