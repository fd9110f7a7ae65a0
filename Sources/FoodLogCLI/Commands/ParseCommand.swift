import FoodLogCore
import MealSyntax

/// `foodlog parse FILE|-`: checks a script's syntax and optionally prints its tree.
enum ParseCommand {
    static let spec = CommandSpec(
        name: "parse", summary: "check the syntax of meal scripts (and print their syntax tree)",
        arguments: "FILE...|-", argumentCount: 1...Int.max,
        options: [OptionSpec("dump-ast", help: "print each statement's syntax tree, one line per statement")],
        details: """
            Reads each FILE ('-' for standard input), reports every syntax error with its line,
            column and a caret, and exits 65 if there was any. Nothing is resolved or written.

            examples:
              foodlog parse day.meal
              echo 'log 2 eggs @breakfast' | foodlog parse --dump-ast -
            """
    ) { invocation in
        var status = ExitCode.ok
        for path in invocation.positionals {
            let source: SourceFile
            do throws(Files.ReadError) { source = try SourceFile(contentsOf: path) } catch {
                invocation.console.err("foodlog: \(error.message)\n")
                status = .ioError
                continue
            }
            let script = Parser.parse(source)
            if invocation.has("dump-ast") { invocation.console.out(ASTDumper.dump(script)) }
            if !script.diagnostics.isEmpty {
                let renderer = DiagnosticRenderer(colored: invocation.console.colorOnErrors)
                invocation.console.err(
                    renderer.render(script.diagnostics, in: source, dropped: script.droppedDiagnostics))
            }
            if script.hasErrors, status == .ok { status = .dataError }
        }
        return status
    }
}
