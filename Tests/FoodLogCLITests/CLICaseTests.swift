import Foundation
import Testing

/// One CLI golden case: steps of command, stdin, expected stdout/stderr and exit code, run
/// against the real `foodlog` binary in a fresh directory with its own diary.
///
/// Format (`Tests/FoodLogCLITests/cases/*.cli`):
/// ```
/// # what the case checks
/// @ day.meal          ← a file to create in the case's directory (folders as needed), its lines follow with "| "
/// | log 2 eggs
/// $ foodlog run day.meal
/// $ EDITOR="sh fix.sh" foodlog edit   ← leading NAME=VALUE words set the command's environment
/// < stdin line
/// > expected stdout line
/// ! expected stderr line
/// = 0
/// ```
struct CLICase: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { String(path.split(separator: "/").last ?? "") }

    static let all: [CLICase] = {
        let directory = CLIPaths.root + "/Tests/FoodLogCLITests/cases"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".cli") }.sorted().map { CLICase(path: directory + "/" + $0) }
    }()
}

struct CLIStep {
    var command: [String] = []
    var stdin: [String] = []
    var stdout: [String] = []
    var stderr: [String] = []
    var exitCode: Int32 = 0
    var commandLine = ""
    /// Variables set for this command only (`NAME=VALUE` words before `foodlog`).
    var environment: [String: String] = [:]
}

enum CLIPaths {
    static let root: String = {
        var url = URL(fileURLWithPath: "\(#filePath)")
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var binary: String { root + "/.build/debug/foodlog" }
}

/// Splits a command line into words (double quotes and single quotes group; no expansion).
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
        if let open = quote {
            if character == open { quote = nil } else { current.append(character) }
        } else if character == "\"" || character == "'" {
            quote = character
            inWord = true
        } else if character == " " {
            if inWord {
                words.append(current)
                current = ""
                inWord = false
            }
        } else {
            current.append(character)
            inWord = true
        }
    }
    if inWord { words.append(current) }
    return words
}

/// Runs a command with stdin, returning stdout, stderr and the exit status.
func runProcess(_ arguments: [String], stdin: String, directory: String, environment: [String: String]) throws
    -> (stdout: String, stderr: String, status: Int32)
{
    let result = try ChildProcess.run(
        CLIPaths.binary, arguments, environment: environment, directory: directory, stdin: stdin)
    return (result.stdout, result.stderr, result.status)
}

@Test("CLI case", arguments: CLICase.all)
func cliCase(_ golden: CLICase) throws {
    let text = try String(contentsOfFile: golden.path, encoding: .utf8)
    let directory = NSTemporaryDirectory() + "foodlog-cli-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let environment = [
        "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
        "HOME": directory, "XDG_STATE_HOME": directory + "/state", "XDG_CONFIG_HOME": "/nonexistent/config",
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]
    let recording = ProcessInfo.processInfo.environment["FOODLOG_RECORD"] == "1"
    var rewritten: [String] = []
    var insertAt = 0
    var step: CLIStep?
    var fileName: String?
    var fileLines: [String] = []

    func flushFile() throws {
        if let name = fileName {
            if let slash = name.lastIndex(of: "/") {
                try FileManager.default.createDirectory(
                    atPath: directory + "/" + name[..<slash], withIntermediateDirectories: true)
            }
            try (fileLines.joined(separator: "\n") + "\n").write(
                toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        fileName = nil
        fileLines = []
    }

    func runStep(_ step: CLIStep) throws {
        let result = try runProcess(
            Array(step.command.dropFirst()), stdin: step.stdin.map { $0 + "\n" }.joined(),
            directory: directory, environment: environment.merging(step.environment) { $1 })
        let stdout = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .dropLastEmpty()
        let stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .dropLastEmpty()
        if recording {
            let lines = stdout.map { "> " + $0 } + stderr.map { "! " + $0 } + ["= \(result.status)"]
            rewritten.insert(contentsOf: lines, at: insertAt)
            return
        }
        #expect(stdout == step.stdout, "stdout of `\(step.commandLine)`")
        #expect(stderr == step.stderr, "stderr of `\(step.commandLine)`")
        #expect(result.status == step.exitCode, "exit code of `\(step.commandLine)`")
    }

    var sawStep = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        let marker = line.prefix(2)
        switch marker {
        case "@ ":
            try flushFile()
            fileName = String(line.dropFirst(2))
            rewritten.append(line)
        case "| ", "|":
            fileLines.append(String(line.dropFirst(2)))
            rewritten.append(line)
        case "$ ":
            try flushFile()
            if let previous = step { try runStep(previous) }
            var words = shellWords(String(line.dropFirst(2)))
            var assignments: [String: String] = [:]
            while let first = words.first, let equals = first.firstIndex(of: "="),
                first[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" })
            {
                assignments[String(first[..<equals])] = String(first[first.index(after: equals)...])
                words.removeFirst()
            }
            step = CLIStep(command: words, commandLine: String(line.dropFirst(2)), environment: assignments)
            sawStep = true
            rewritten.append(line)
            insertAt = rewritten.count
        case "< ", "<":
            step?.stdin.append(String(line.dropFirst(2)))
            rewritten.append(line)
            insertAt = rewritten.count
        case "> ", ">":
            step?.stdout.append(String(line.dropFirst(2)))
        case "! ", "!":
            step?.stderr.append(String(line.dropFirst(2)))
        case "= ":
            step?.exitCode = Int32(line.dropFirst(2)) ?? -1
        default:
            rewritten.append(line)
        }
    }
    try flushFile()
    if let last = step { try runStep(last) }
    #expect(sawStep, "a case needs at least one command")
    if recording {
        while rewritten.last == "" { rewritten.removeLast() }
        try (rewritten.joined(separator: "\n") + "\n").write(toFile: golden.path, atomically: true, encoding: .utf8)
    }
}

extension Array where Element == String {
    func dropLastEmpty() -> [String] {
        var copy = self
        if copy.last == "" { copy.removeLast() }
        return copy
    }
}
