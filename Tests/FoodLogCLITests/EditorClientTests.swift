import Foundation
import Testing

/// `foodlog lsp` end to end with a real LSP client: pygls's LanguageClient from PyPI
/// (`Tests/EditorClient/check_server.py`), installed by `scripts/setup`. Neovim is not used:
/// Debian 12's is 0.7, which has no inlay hints.
///
/// Skipped with a message when `scripts/setup` could not install the client (no Python venv or
/// no network); with `FOODLOG_REQUIRE_EDITOR_CLIENT=1` (on a box that must run it) a missing
/// client fails instead of being skipped.
struct EditorClientTests {
    static let folder = CLIPaths.root + "/.build/test-tools/lsp-client"
    static let python = folder + "/bin/python"
    /// Installed when setup finished: it copies the requirements in last.
    static let installed =
        FileManager.default.isExecutableFile(atPath: python)
        && FileManager.default.contents(atPath: folder + "/requirements.txt")
            == FileManager.default.contents(atPath: CLIPaths.root + "/Tests/EditorClient/requirements.txt")
    static let required = ProcessInfo.processInfo.environment["FOODLOG_REQUIRE_EDITOR_CLIENT"] == "1"
    static let missing =
        "the LSP test client is not installed at .build/test-tools/lsp-client "
        + "(scripts/setup installs it with python3 -m venv and pip from PyPI)"

    @Test(.enabled(if: required && !installed, "the client is installed or not required"))
    func theRequiredClientIsInstalled() {
        Issue.record("\(EditorClientTests.missing), and FOODLOG_REQUIRE_EDITOR_CLIENT=1 requires it")
    }

    @Test(.enabled(if: installed, Comment(rawValue: missing)))
    func pyglsClientSeesDiagnosticsHintsHoverAndCompletion() throws {
        let directory = NSTemporaryDirectory() + "foodlog-editor-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try ChildProcess.run(
            EditorClientTests.python,
            [CLIPaths.root + "/Tests/EditorClient/check_server.py", CLIPaths.binary, directory],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"],
            errorsIntoOutput: true, timeout: 300)
        let text = result.stdout
        #expect(result.status == 0, "\(text)")
        #expect(text.contains("editor client: all checks passed"), "\(text)")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == 12, "\(text)")
    }
}
