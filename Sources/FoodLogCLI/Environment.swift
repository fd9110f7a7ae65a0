import FoodLogCore
import Glibc
import MealSyntax

/// The process environment a command may consult, captured once (tests pass their own).
public struct Environment: Sendable {
    public var variables: [String: String]

    /// The real process environment.
    public static func current() -> Environment {
        var variables: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // Split at the first '=' on the C string's bytes (every command pays for this).
            let length = strlen(entry)
            entry.withMemoryRebound(to: UInt8.self, capacity: length + 1) { bytes in
                guard let equals = memchr(bytes, 0x3D, length) else { return }
                let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(bytes)
                let name = String(decoding: UnsafeBufferPointer(start: bytes, count: nameLength), as: UTF8.self)
                let value = String(
                    decoding: UnsafeBufferPointer(start: bytes + nameLength + 1, count: length - nameLength - 1),
                    as: UTF8.self)
                variables[name] = value
            }
            pointer += 1
        }
        return Environment(variables: variables)
    }

    public init(variables: [String: String]) {
        self.variables = variables
    }

    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// Today's date: `FOODLOG_TODAY` (YYYY-MM-DD, for reproducible runs) or the local date.
    public var today: CalendarDate {
        if let text = self["FOODLOG_TODAY"], let date = CalendarDate(iso: text) { return date }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}

/// The nearest word by edit distance, for "did you mean".
func nearestWord(_ word: String, _ candidates: [String]) -> String? {
    Suggestions.nearest(to: word, in: candidates)
}
