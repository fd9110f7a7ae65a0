import FoodLogCore
import Nutrition
import SQLite

/// Totals of a group of entries (a day, a meal, a food) from one aggregate query.
public struct GroupTotals: Sendable {
    /// The day (`2026-11-29`), meal or food name the group is about.
    public var key: String
    public var nutrients: Nutrients
    public var entries: Int
    public var estimates: Int
    public var grams: Double
}

extension Diary {
    static let otherOrigins = " AND e.origin_id NOT IN (SELECT id FROM origin WHERE path = ?3)"
    static let sumColumns = Nutrient.all.map { "sum(e.grams * s.\($0.key)) / 100" }.joined(separator: ", ")

    /// Totals per day with entries in the range (days without entries are absent), in day order.
    public func dailyTotals(from first: CalendarDate, to last: CalendarDate) throws(DiaryError) -> [GroupTotals] {
        try groupTotals(groupBy: "e.day", order: "e.day", from: first, to: last)
    }

    /// Totals per day in the range of the entries that did not come from the script at
    /// `originPath` (what a day holds besides that script's own items).
    public func dailyTotals(from first: CalendarDate, to last: CalendarDate, excludingOrigin originPath: String)
        throws(DiaryError) -> [GroupTotals]
    {
        try groupTotals(groupBy: "e.day", order: "e.day", from: first, to: last, excludingOrigin: originPath)
    }

    /// Totals per meal (first-logged order) or per food (by name) in the range.
    public func totals(by grouping: String, from first: CalendarDate, to last: CalendarDate) throws(DiaryError)
        -> [GroupTotals]
    {
        switch grouping {
        case "meal":
            return try groupTotals(groupBy: "coalesce(e.meal, 'unassigned')", order: "min(e.id)", from: first, to: last)
        default: return try groupTotals(groupBy: "s.name", order: "s.name", from: first, to: last)
        }
    }

    func groupTotals(
        groupBy: String, order: String, from first: CalendarDate, to last: CalendarDate,
        excludingOrigin originPath: String? = nil
    ) throws(DiaryError) -> [GroupTotals] {
        try run {
            let select = try database.prepare(
                """
                SELECT \(groupBy), count(*), sum(s.source = 'estimate'), sum(e.grams), \(Diary.sumColumns)
                FROM entry e JOIN food_snapshot s ON s.id = e.snapshot_id
                WHERE e.day BETWEEN ?1 AND ?2\(originPath == nil ? "" : Diary.otherOrigins) GROUP BY \(groupBy) ORDER BY \(order)
                """)
            select.bind(.text(first.description), .text(last.description))
            if let originPath { select.bind(.text(originPath), at: 3) }
            var result: [GroupTotals] = []
            try select.forEachRow { row in
                var nutrients = Nutrients()
                for nutrient in Nutrient.all {
                    nutrients.values[nutrient.index] = row.optionalDouble(Int32(4 + nutrient.index)) ?? .nan
                }
                result.append(
                    GroupTotals(
                        key: row.text(0), nutrients: nutrients, entries: Int(row.int(1)),
                        estimates: Int(row.int(2)), grams: row.double(3)))
            }
            return result
        }
    }
}
