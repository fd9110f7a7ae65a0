/// A value the user gives a plan option (`plan slow-carb with cheat_day sunday`,
/// `check --plan keto --option net_carbs_max=30`): a number, a word or quoted text, or a flag.
public enum PlanOptionValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case text(String)
    case flag(Bool)

    /// `30`, `sunday`, `true`: how the value reads in a message.
    public var description: String {
        switch self {
        case .number(let value): return formatNumber(value)
        case .text(let text): return text
        case .flag(let value): return value ? "true" : "false"
        }
    }

    /// A value typed on the command line (`30`, `true`, `none`): a number when it reads as one,
    /// a flag for `true`/`false`, else text.
    public init(parsing text: String) {
        if let number = Double(text), number.isFinite {
            self = .number(number)
        } else if text.lowercased() == "true" || text.lowercased() == "false" {
            self = .flag(text.lowercased() == "true")
        } else {
            self = .text(text)
        }
    }
}

/// One option setting of a plan choice: its key and value.
public struct PlanOptionSetting: Equatable, Sendable {
    public var key: String
    public var value: PlanOptionValue

    public init(key: String, value: PlanOptionValue) {
        self.key = key
        self.value = value
    }
}
