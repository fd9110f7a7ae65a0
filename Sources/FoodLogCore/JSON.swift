/// A JSON value with keys kept in the order written, so output is stable and diffable.
public indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// Compact or indented text.
    public func render(indent: Int? = 2) -> String {
        var output = ""
        write(into: &output, indent: indent, level: 0)
        return output
    }

    func write(into output: inout String, indent: Int?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value.isFinite ? formatNumber(value, maxDecimals: 6) : "null"
        case .string(let value): JSON.escape(value, into: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                value.write(into: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent, level)
            output += "]"
        case .object(let pairs):
            if pairs.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, level + 1)
                JSON.escape(pair.0, into: &output)
                output += indent == nil ? ":" : ": "
                pair.1.write(into: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent, level)
            output += "}"
        }
    }

    func newline(_ output: inout String, _ indent: Int?, _ level: Int) {
        guard let indent else { return }
        output += "\n" + String(repeating: " ", count: indent * level)
    }

    static func escape(_ text: String, into output: inout String) {
        output += "\""
        // Most text needs no escape: it is appended whole, not scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSON {
    /// A number or `null` when absent.
    public static func optional(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
    public static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
}
