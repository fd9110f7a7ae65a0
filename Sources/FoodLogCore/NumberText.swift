/// Number to text and number to integer, total: no input traps, whatever it is (NaN, ±inf,
/// 1e308, 1e-308). The one home of every conversion from `Double` that renderers, the compiler
/// and the exporters make. The few other `Int(_:)` of a `Double` (the parser's counts and
/// clock times, the Lua host's line numbers and array keys) stand right after a range check.

/// 2^63: the first `Double` that `Int64(_:)` cannot hold.
private let int64Bound = 0x1p63

extension Int {
    /// The whole number `value` rounds to (halves away from zero), clamped to `Int`'s range;
    /// 0 for NaN. For widths, indices and percentages.
    public init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        if value.isNaN {
            self = 0
            return
        }
        let whole = value.rounded(rule)
        if whole >= int64Bound {
            self = .max
            return
        }
        if whole < -int64Bound {
            self = .min
            return
        }
        self = Int(whole)
    }
}

/// A number for people and files: whole numbers without a point, others with up to
/// `maxDecimals` decimals (`2`, `1.5`, `0.3333`), never with an exponent while the digits fit
/// in 64 bits (below 9.2 × 10¹⁸); beyond that Swift's shortest form (`1e+20`). NaN and
/// infinities read `nan`, `inf`, `-inf`.
public func formatNumber(_ value: Double, maxDecimals: Int = 4) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    let magnitude = abs(value)
    if magnitude == magnitude.rounded() {
        return magnitude < int64Bound ? String(Int64(value)) : String(value)
    }
    var scale = 1.0
    for _ in 0..<max(0, maxDecimals) { scale *= 10 }
    let scaled = (magnitude * scale).rounded()
    guard scaled < int64Bound else { return String(value) }
    if scaled == 0 { return "0" }
    var integerPart = String(Int64(scaled / scale))
    var fraction = String(Int64(scaled.truncatingRemainder(dividingBy: scale)))
    fraction = String(repeating: "0", count: max(0, maxDecimals - fraction.count)) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    if value < 0 { integerPart = "-" + integerPart }
    return fraction.isEmpty ? integerPart : integerPart + "." + fraction
}

/// An amount for people, with at most two decimals: `50`, `0.5`, `28.35`.
public func formatAmount(_ value: Double) -> String {
    formatNumber(value, maxDecimals: 2)
}

/// `12,345`: a whole number of units with thousands separators (rounded, halves away from
/// zero). Past 64 bits, or NaN and infinities, as ``formatNumber(_:maxDecimals:)`` writes them.
public func formatThousands(_ value: Double) -> String {
    let whole = value.rounded()
    guard whole.isFinite, abs(whole) < int64Bound else { return formatNumber(whole) }
    let digits = String(Int64(abs(whole)))
    var grouped = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
        grouped.append(character)
    }
    return (whole < 0 ? "-" : "") + grouped
}

/// A number for a table or a bar: thousands separators and up to `maxDecimals` decimals
/// (`12,345.6`, `2,300`, `0.5`): ``formatNumber(_:maxDecimals:)`` with its whole part grouped as
/// ``formatThousands(_:)`` groups it. The one form of every amount the terminal shows.
public func formatGrouped(_ value: Double, maxDecimals: Int = 1) -> String {
    let text = formatNumber(value, maxDecimals: maxDecimals)
    guard value.isFinite, !text.contains("e") else { return text }
    let parts = text.split(separator: ".", maxSplits: 1)
    let negative = text.hasPrefix("-")
    let digits = parts[0].drop { $0 == "-" }
    var grouped = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
        grouped.append(character)
    }
    return (negative ? "-" : "") + grouped + (parts.count > 1 ? "." + parts[1] : "")
}

/// A number for a message: a whole number from 1,000 on with thousands separators
/// (`110,600`), any other with up to four decimals (`0.0009`, `1000.1`).
public func formatReadable(_ value: Double) -> String {
    abs(value) >= 1000 && value == value.rounded() ? formatThousands(value) : formatNumber(value)
}

/// `42%` for a fraction of 0.42: a whole percentage (halves away from zero), total.
public func formatPercent(_ fraction: Double) -> String {
    formatNumber((fraction * 100).rounded()) + "%"
}
