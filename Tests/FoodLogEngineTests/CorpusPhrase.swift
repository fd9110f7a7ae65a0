import TestSupport

/// One labelled phrase of the development corpus: what a person typed after `log`, how it
/// should be read, and which foods and grams a dietitian would accept. The files and their
/// columns are described in Tests/FoodLogEngineTests/Corpus/README.md.
struct CorpusPhrase: Sendable {
    /// `holdout` for holdout.tsv, `dev` for the dev-*.tsv files.
    var split: String
    var file: String
    var line: Int
    var category: String
    var phrase: String
    /// How many items the line may become (a `with` phrase may be one composite or its parts).
    var items: ClosedRange<Int>
    /// The quantities that count as read right; nil stands for "no quantity written".
    var quantities: [Double?]
    /// The units that count as read right (canonical or written spelling, lowercase); nil for none.
    var units: [String?]
    /// The name parts that count as read right, lowercase.
    var names: [String]
    /// The food ids (`usda:NNNNN`, `fndds:NNNNNNNN`) accepted for the line's first item.
    var acceptable: Set<String>
    var grams: Double
    /// How far the grams may be off, as a fraction of ``grams``.
    var tolerance: Double

    static let directory = "Tests/FoodLogEngineTests/Corpus"
    static let header = "category\tphrase\titems\tquantity\tunit\tname\tacceptable\tgrams\ttolerance_pct\tbasis"

    /// Every phrase of every corpus file, file by file.
    static func loadAll() throws -> [CorpusPhrase] {
        var phrases: [CorpusPhrase] = []
        for path in RepositoryPaths.files(under: directory, suffix: ".tsv") {
            let file = String(path.split(separator: "/").last ?? "")
            // Each held-out file is its own split (written at its own time, scored on its own).
            let split = file.hasPrefix("holdout") ? String(file.dropLast(".tsv".count)) : "dev"
            let lines = try RepositoryPaths.read(path).split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.first.map(String.init) == header else {
                throw CorpusFormatError(file: file, line: 1, problem: "the header must read: \(header)")
            }
            for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                phrases.append(try CorpusPhrase(split: split, file: file, line: index + 1, columns: columns))
            }
        }
        return phrases
    }

    init(split: String, file: String, line: Int, columns: [String]) throws {
        func fail(_ problem: String) -> CorpusFormatError {
            CorpusFormatError(file: file, line: line, problem: problem)
        }
        guard columns.count == 10 else { throw fail("expected 10 columns, found \(columns.count)") }
        self.split = split
        self.file = file
        self.line = line
        category = columns[0]
        phrase = columns[1]
        let bounds = columns[2].split(separator: "-").compactMap { Int($0) }
        guard (1...2).contains(bounds.count), let low = bounds.first, let high = bounds.last, low <= high else {
            throw fail("items must be N or N-M, not '\(columns[2])'")
        }
        items = low...high
        quantities = try columns[3].split(separator: "|").map { text in
            if text == "-" { return nil }
            guard let value = Double(text) ?? Self.fraction(text) else {
                throw fail("quantity '\(text)' is not a number, a fraction or '-'")
            }
            return value
        }
        units = columns[4].split(separator: "|").map { $0 == "-" ? nil : $0.lowercased() }
        names = columns[5].split(separator: "|").map { CorpusPhrase.normalized($0) }
        acceptable = Set(columns[6].split(separator: " ").map(String.init))
        guard let grams = Double(columns[7]), grams > 0, let percent = Double(columns[8]), percent > 0 else {
            throw fail("grams and tolerance must be positive numbers")
        }
        guard !quantities.isEmpty, !units.isEmpty, !names.isEmpty, !acceptable.isEmpty else {
            throw fail("quantity, unit, name and acceptable need at least one value each")
        }
        self.grams = grams
        tolerance = percent / 100
    }

    /// Lowercase, trimmed, single-spaced: how names are compared.
    static func normalized(_ text: some StringProtocol) -> String {
        text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}

/// A corpus row that cannot be read.
struct CorpusFormatError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var problem: String
    var description: String { "\(CorpusPhrase.directory)/\(file):\(line): \(problem)" }
}

extension CorpusPhrase {
    /// The value of a label's fraction (`1/3`), which has no exact decimal spelling.
    static func fraction(_ text: Substring) -> Double? {
        let sides = text.split(separator: "/")
        guard sides.count == 2, let top = Double(sides[0]), let bottom = Double(sides[1]), bottom > 0 else {
            return nil
        }
        return top / bottom
    }
}
