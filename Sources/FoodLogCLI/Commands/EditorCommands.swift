import Diary
import FoodLogLSP
import MealSyntax

/// `foodlog lsp` and `foodlog fmt`: the language server for editors and the canonical layout.
enum EditorCommands {
    static let lsp = CommandSpec(
        name: "lsp", summary: "the language server for editors (LSP 3.17 over standard input and output)",
        options: [
            RunCommands.dbOption,
            OptionSpec("stdio", help: "talk over standard input and output (the only way; accepted for editors)"),
        ],
        details: """
            An editor starts it and talks to it: diagnostics as you type (the same as 'foodlog check'),
            the energy of each log line and each day's total as inlay hints, hovers, completion,
            go to definition, references, the outline, quick fixes and formatting (as 'foodlog fmt').
            It reads the diary for your library, targets and day totals and never writes it.
            Setup for Neovim, Helix, Emacs and VS Code: grammar/editors.md.

            examples:
              foodlog lsp
              foodlog lsp --db ~/diary.sqlite
            """
    ) { invocation in
        let environment = invocation.environment
        let server = LanguageServer(
            configuration: LanguageServer.Configuration(
                diaryPath: Diary.defaultPath(option: invocation.value("db"), environment: environment.variables),
                environment: environment.variables,
                today: { [variables = environment.variables] in
                    Environment(variables: variables).today
                }, version: HelpText.version))
        return server.run() == 0 ? .ok : .checkFailed
    }

    static let fmt = CommandSpec(
        name: "fmt", summary: "print meal scripts in the canonical layout (or rewrite them with --write)",
        arguments: "FILE...|-", argumentCount: 1...Int.max,
        options: [
            OptionSpec("write", short: "w", help: "rewrite each file in place (only when it changes)"),
            OptionSpec("check", help: "write nothing; exit 1 when some file is not formatted"),
        ],
        details: """
            One statement per line, continuation lines indented by two spaces, one space between
            words and after commas, comments kept, one blank line before each date line, LF line
            ends. Only scripts without errors are formatted (the errors are printed, exit 65), and
            the result always reads as exactly the same statements. Formatting twice changes nothing.

            examples:
              foodlog fmt today.meal
              foodlog fmt --write *.meal
              foodlog fmt --check diary/*.meal
            """
    ) { invocation in
        var status = ExitCode.ok
        for path in invocation.positionals {
            guard let source = RunCommands.load(path, invocation) else {
                status = .ioError
                continue
            }
            guard let formatted = Formatter.format(source) else {
                let script = Parser.parse(source)
                RunCommands.report(script.diagnostics.filter { $0.severity == .error }, source: source, invocation)
                invocation.console.err("\(source.name): not formatted: it has errors\n")
                status = .dataError
                continue
            }
            let changed = Array(formatted.utf8) != source.bytes
            if invocation.has("check") {
                if changed {
                    invocation.console.out("\(source.name): not formatted\n")
                    if status == .ok { status = .checkFailed }
                }
            } else if invocation.has("write"), path != "-" {
                guard changed else { continue }
                let sink = ExportSink(path: path, console: invocation.console)
                sink.write(formatted)
                if let failure = sink.finish() {
                    invocation.console.err("foodlog: \(failure)\n")
                    status = .ioError
                }
            } else {
                invocation.console.out(formatted)
            }
        }
        return status
    }
}
