/// Folds what people type and what the table says into comparable words: lowercase, no
/// diacritics, punctuation as spaces (`w/` and a lone inner `w` are `with`), simple plurals made singular (`Eggs` →
/// `egg`, `berries` → `berry`, `loaves` → `loaf`).
public enum TextNormalizer {
    /// Lowercase words without diacritics or punctuation (plurals kept).
    public static func words(_ text: String) -> [String] {
        // Nearly every name is ASCII: folding bytes is several times quicker than building
        // Strings scalar by scalar, and every command folds the table's names once.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if let folded = fold(scalar) {
                current.unicodeScalars.append(contentsOf: folded.unicodeScalars)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` of ASCII text, a byte at a time (the same folding as ``fold(_:)``).
    static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var sawNumberSlash = false
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x30...0x39, 0x61...0x7A, 0x25, 0x26: current.append(byte)
            case 0x41...0x5A: current.append(byte | 0x20)
            case 0x27: continue
            case 0x2F where !current.isEmpty && current.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }):
                // `85/15 ground beef`: a lean-to-fat ratio, read by ``leanRatioWords(_:)``.
                sawNumberSlash = true
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case 0x2F where current == [0x77]:
                // `coffee w/ milk`, `tea w/o sugar`, as diaries write `with` and `without`
                if index < bytes.count, bytes[index] | 0x20 == 0x6F,
                    index + 1 == bytes.count || !isLetterOrDigit(bytes[index + 1])
                {
                    current = Array("without".utf8)
                    index += 1
                } else {
                    current = Array("with".utf8)
                }
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        if sawNumberSlash { words = leanRatioWords(words) }
        // `cheerios w milk`: a lone inner `w` is `with`, as `w/` is.
        if words.count > 2, let inner = words.indices.dropFirst().dropLast().first(where: { words[$0] == "w" }) {
            words[inner] = "with"
        }
        return words
    }

    /// `85 15` of `85/15` (a number, then a number making 100 with it) as the table says a lean
    /// ratio: `85% lean 15% fat`. Other words unchanged.
    static func leanRatioWords(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            if index + 1 < words.count, let lean = Int(words[index]), let fat = Int(words[index + 1]),
                lean + fat == 100,
                lean >= 50
            {
                result += ["\(lean)%", "lean", "\(fat)%", "fat"]
                index += 2
            } else {
                result.append(words[index])
                index += 1
            }
        }
        return result
    }

    /// An ASCII letter or digit.
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Words with plurals folded to singular.
    public static func foldedWords(_ text: String) -> [String] {
        words(text).map(singular)
    }

    /// The phrase key used for aliases and exact matches: folded words joined by spaces.
    public static func key(_ text: String) -> String {
        if isOwnKey(text) { return text }
        return foldedWords(text).joined(separator: " ")
    }

    /// True for text already folded: words of lowercase ASCII letters, digits, `%` and `&`,
    /// single-spaced, none ending in `s` (so none is a plural to fold). Most alias phrases and
    /// names are, and every command keys all the aliases: they are their own key, not rebuilt.
    static func isOwnKey(_ text: String) -> Bool {
        var previous: UInt8 = 0x20  // a space before the text: it may not start with one
        for byte in text.utf8 {
            switch byte {
            case 0x61...0x7A, 0x30...0x39, 0x25, 0x26: break
            case 0x20: if previous == 0x20 || previous == 0x73 { return false }
            default: return false
            }
            previous = byte
        }
        return previous != 0x20 && previous != 0x73
    }

    /// A plural folded to its singular by regular English rules; other words unchanged. Nouns
    /// whose singular ends in -ie or -ve (`cookies`, `olives`, `digestives`) keep that ending:
    /// `-ives`, `-oves`, `-rves` and `-eeves` always do (`knives` is no food), and `-ves`
    /// otherwise folds to `-f` (`loaves`, `halves`, `leaves`).
    public static func singular(_ word: String) -> String {
        // Its last byte and byte count first: counting characters reads the whole word, and
        // most words end in another letter. (A word ending in `s` ends in its byte.)
        guard word.utf8.last == 0x73, word.utf8.count > 3, word.count > 3, word.last == "s" else { return word }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.hasSuffix("ies") || word.hasSuffix("ves") {
            let stem = String(word.dropLast())
            if keepsEnding.contains(stem) || stem.hasSuffix("ive") || stem.hasSuffix("ove") || stem.hasSuffix("rve")
                || stem.hasSuffix("eeve")
            {
                return stem
            }
            return String(word.dropLast(3)) + (word.hasSuffix("ies") ? "y" : "f")
        }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") || word.hasSuffix("sses") {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }

    /// Singulars ending in -ie, or in a -ve the suffix rules above do not keep, that the
    /// regular rules would fold wrongly (`cookies` is not `cooky`, `valves` not `valf`).
    static let keepsEnding: Set<String> = [
        "cookie", "brownie", "smoothie", "pie", "veggie", "toastie", "hoagie", "calorie", "sweetie", "birdie",
        "rookie", "quickie", "wheatie", "bootie", "pinkie", "movie", "goalie", "lassie",
        "mauve", "valve",
    ]

    /// A scalar as lowercase ASCII-ish text, or nil when it separates words.
    static func fold(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: return String(scalar)
        case 0x41...0x5A: return String(Unicode.Scalar(scalar.value + 32)!)
        case 0x25, 0x26: return String(scalar)  // "2%", "m&m"
        case 0x27, 0x2019: return ""  // apostrophes vanish: "hershey's" → "hersheys"
        case 0xC0...0xFF: return latin1Letters[scalar.value]
        default:
            if scalar.value < 0x80 { return nil }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                return String(scalar).lowercased()
            }
            return nil
        }
    }

    /// Latin-1 letters without their accents (`é` → `e`, `ß` → `ss`).
    static let latin1Letters: [UInt32: String] = [
        0xC0: "a", 0xC1: "a", 0xC2: "a", 0xC3: "a", 0xC4: "a", 0xC5: "a", 0xC6: "ae", 0xC7: "c",
        0xC8: "e", 0xC9: "e", 0xCA: "e", 0xCB: "e", 0xCC: "i", 0xCD: "i", 0xCE: "i", 0xCF: "i",
        0xD1: "n", 0xD2: "o", 0xD3: "o", 0xD4: "o", 0xD5: "o", 0xD6: "o", 0xD8: "o", 0xD9: "u",
        0xDA: "u", 0xDB: "u", 0xDC: "u", 0xDD: "y", 0xDF: "ss", 0xE0: "a", 0xE1: "a", 0xE2: "a",
        0xE3: "a", 0xE4: "a", 0xE5: "a", 0xE6: "ae", 0xE7: "c", 0xE8: "e", 0xE9: "e", 0xEA: "e",
        0xEB: "e", 0xEC: "i", 0xED: "i", 0xEE: "i", 0xEF: "i", 0xF1: "n", 0xF2: "o", 0xF3: "o",
        0xF4: "o", 0xF5: "o", 0xF6: "o", 0xF8: "o", 0xF9: "u", 0xFA: "u", 0xFB: "u", 0xFC: "u",
        0xFD: "y", 0xFF: "y",
    ]
}
