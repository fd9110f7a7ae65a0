import Diary
import FoodLogCore
import MealSyntax

/// Keeps a query's work in proportion to the diary: a period longer than
/// ``SaneRanges/periodDays`` is cut to the days that have entries, and is refused if it is
/// still longer. Shorter periods are left as they are, days without entries included.
public enum PeriodBounds {
    /// What became of a period.
    public enum Outcome: Equatable, Sendable {
        /// Short enough: used as written.
        case within(DayRange)
        /// Too long, cut to the days with entries (nil: no day in it has any).
        case clipped(DayRange, to: DayRange?)
        /// Too long even when cut (`clipped` is the cut range).
        case tooLong(clipped: DayRange)
    }

    /// Bounds `range` by the diary's first and last day with entries, when it needs to be.
    public static func bound(_ range: DayRange, diary: Diary) throws(DiaryError) -> Outcome {
        guard range.count > SaneRanges.periodDays else { return .within(range) }
        guard let logged = try diary.dayBounds() else { return .clipped(range, to: nil) }
        let first = max(range.first, logged.first)
        let last = min(range.last, logged.last)
        guard first <= last else { return .clipped(range, to: nil) }
        let clipped = DayRange(first, last)
        return clipped.count > SaneRanges.periodDays ? .tooLong(clipped: clipped) : .clipped(range, to: clipped)
    }

    /// The range to query and the diagnostic to report (a warning when clipped, an error and
    /// no range when too long). A period with no entries in it becomes its last day.
    public static func queryRange(_ range: DayRange, diary: Diary, at source: SourceRange) throws(DiaryError)
        -> (range: DayRange?, diagnostic: Diagnostic?)
    {
        switch try bound(range, diary: diary) {
        case .within(let range): return (range, nil)
        case .clipped(let range, let clipped):
            return (
                clipped ?? DayRange(range.last, range.last),
                DiagnosticMessages.periodClipped(range, to: clipped, source)
            )
        case .tooLong(let clipped): return (nil, DiagnosticMessages.periodTooLong(clipped, source))
        }
    }
}
