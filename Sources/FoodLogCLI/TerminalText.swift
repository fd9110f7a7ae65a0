/// Text laid out in terminal columns: the width a string takes on screen, and padding and
/// truncation by that width, so that columns line up whatever the names hold (accents,
/// combining marks, CJK, emoji). The one home of column arithmetic for every renderer.
extension String {
    /// Columns on a terminal: 2 for each wide or fullwidth character (CJK, Hangul, kana,
    /// emoji), 0 for controls and marks that combine with the character before, else 1.
    var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }

    /// Padded with spaces on the right to `width` columns; one space added when it is already
    /// that wide or wider, so a following column never touches it.
    func padding(to width: Int) -> String {
        let columns = displayWidth
        return columns >= width ? self + " " : self + String(repeating: " ", count: width - columns)
    }

    /// Padded with spaces on the left to `width` columns (unchanged when wider).
    func leftPadded(to width: Int) -> String {
        let columns = displayWidth
        return columns >= width ? self : String(repeating: " ", count: width - columns) + self
    }

    /// At most `width` columns: cut at a character boundary and ended with `…` when longer.
    func truncated(to width: Int) -> String {
        guard displayWidth > width else { return self }
        var result = ""
        var columns = 0
        for character in self {
            let next = character.displayWidth
            if columns + next > width - 1 { break }
            result.append(character)
            columns += next
        }
        return result + "…"
    }
}

extension Character {
    /// Columns this character takes on a terminal (see ``Swift/String/displayWidth``).
    var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || value == 0x200B || value == 0x200D
        {
            return 0
        }
        if first.properties.isEmojiPresentation { return 2 }
        return Character.wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, UAX #11), by block.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
