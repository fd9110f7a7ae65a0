import Foundation
import Testing

/// `foodlog lsp` end to end with a real LSP client: pygls's LanguageClient from PyPI
/// (`Tests/EditorClient/check_server.py`), installed by `scripts/setup`. Neovim is not used:
/// Debian 12's is 0.7, which has no inlay hints.
struct EditorClientTests {
    static let python = CLIPaths.root + "/.build/test-tools/lsp-client/bin/python"
    static let installed = FileManager.default.isExecutableFile(atPath: python)

    @Test(
        .enabled(
            if: installed,
            "the LSP test client is not installed (scripts/setup installs it; it needs python3 with venv and pip)"))
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
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == 11, "\(text)")
    }
}
