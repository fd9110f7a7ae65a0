import MealSyntax
import TestSupport
import Testing

/// `Formatter` (`foodlog fmt`, the language server's formatting) over every golden case and
/// the examples: the layout reads as the same statements and formatting it again changes nothing.
struct FormatterTests {
    static let files =
        RepositoryPaths.files(under: "grammar/cases", suffix: ".meal")
        + RepositoryPaths.files(under: "scripts/examples", suffix: ".meal")

    @Test func everyScriptWithoutErrorsFormatsIdempotently() throws {
        var formatted = 0
        for path in FormatterTests.files {
            let source = SourceFile(name: path, text: try RepositoryPaths.read(path))
            guard let once = Formatter.format(source) else {
                #expect(Parser.parse(source).hasErrors, "\(path) was refused without errors")
                continue
            }
            formatted += 1
            let again = Formatter.format(SourceFile(name: path, text: once))
            #expect(again == once, "\(path) changes when formatted twice")
            #expect(
                Parser.parse(SourceFile(name: path, text: once)).statements.map(ASTDumper.dump)
                    == Parser.parse(source).statements.map(ASTDumper.dump), "\(path)")
        }
        #expect(formatted >= 10, "only \(formatted) scripts formatted")
    }

    @Test func layoutRules() {
        let source = SourceFile(
            name: "t",
            text: "log 2 eggs ,200g rice;log ½ cup oats+1 tbsp honey  # sweet\r\n\n\n\n"
                + "2026-11-29\nlog a,\n      b\n")
        #expect(
            Formatter.format(source)
                == "log 2 eggs, 200g rice\nlog ½ cup oats + 1 tbsp honey # sweet\n\n2026-11-29\nlog a,\n  b\n")
        #expect(Formatter.format(SourceFile(name: "t", text: "log 2 gx eggs\n")) == nil)
        #expect(Formatter.format(SourceFile(name: "t", text: "\n\n")) == "")
    }
}
