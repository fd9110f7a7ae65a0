import FoodLogCore
import SQLite

extension Diary {
    /// User aliases as (name, target), by name.
    public func aliases() throws(DiaryError) -> [(name: String, target: String)] {
        try run {
            let select = try database.prepare("SELECT name, target FROM user_alias ORDER BY key")
            var result: [(String, String)] = []
            try select.forEachRow { result.append(($0.text(0), $0.text(1))) }
            return result
        }
    }

    /// Every target setting, in day then entry order (a diary from before target scopes,
    /// read without migrating it, has daily targets only).
    public func targetHistory() throws(DiaryError) -> [TargetSetting] {
        try run {
            let scope = schemaVersion >= Schema.targetScopeVersion ? "scope" : "'day'"
            let select = try database.prepare(
                "SELECT from_day, nutrient, value, \(scope) FROM target ORDER BY from_day, id")
            var result: [TargetSetting] = []
            try select.forEachRow {
                result.append(
                    TargetSetting(
                        day: CalendarDate(parsingDiary: $0.text(0)), nutrient: $0.text(1),
                        scope: TargetScope(rawValue: $0.text(3)) ?? .day, value: $0.double(2)))
            }
            return result
        }
    }

    /// Every recorded weight, by day.
    public func weights() throws(DiaryError) -> [(day: CalendarDate, kilograms: Double)] {
        try run {
            let select = try database.prepare("SELECT day, kilograms FROM weight ORDER BY day")
            var result: [(CalendarDate, Double)] = []
            try select.forEachRow { result.append((CalendarDate(parsingDiary: $0.text(0)), $0.double(1))) }
            return result
        }
    }

    /// Every plan choice (nil plan = off) with its option settings, by day.
    public func planChoices() throws(DiaryError) -> [(day: CalendarDate, plan: String?, options: [PlanOptionSetting])] {
        try run {
            let select = try database.prepare("SELECT from_day, plan FROM plan_choice ORDER BY from_day")
            var result: [(CalendarDate, String?, [PlanOptionSetting])] = []
            try select.forEachRow { row in
                let choice = row.optionalText(1).map(Diary.decodePlan)
                result.append((CalendarDate(parsingDiary: row.text(0)), choice?.name, choice?.options ?? []))
            }
            return result
        }
    }

    /// The first and last day with entries.
    public func dayBounds() throws(DiaryError) -> DayRange? {
        try run {
            let select = try database.prepare("SELECT min(day), max(day) FROM entry")
            guard try select.step(), !select.isNull(0) else {
                select.reset()
                return nil
            }
            let range = DayRange(CalendarDate(parsingDiary: select.text(0)), CalendarDate(parsingDiary: select.text(1)))
            select.reset()
            return range
        }
    }
}
