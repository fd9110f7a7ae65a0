import Diary
import FoodLogCore
import Nutrition
import Testing

/// The diary on its own, in memory: entries and their snapshots, replacing an origin, undo,
/// and the dated settings (targets, weights, plans) that hold from their day on.
struct DiaryTests {
    let day = CalendarDate(year: 2026, month: 11, day: 29)

    func egg() -> FoodSnapshot {
        var per100g = Nutrients()
        per100g[.kcal] = 143
        return FoodSnapshot(
            foodID: "usda:01123", name: "Egg", group: "Dairy and Egg Products", source: "database",
            tags: [], estimateReason: nil, per100g: per100g)
    }

    func log(_ diary: Diary, origin: Int64, grams: Double, on day: CalendarDate) throws {
        let group = try diary.newGroup(origin: origin, text: "log egg")
        try diary.insertEntry(
            group: group, origin: origin, day: day, time: nil, meal: "breakfast", text: "egg",
            quantity: 1, unit: nil, grams: grams, snapshot: try diary.snapshotID(egg()), note: nil)
    }

    @Test func entriesKeepTheirFoodAsLogged() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        try log(diary, origin: try diary.origin("/a.meal"), grams: 50, on: day)
        try diary.commit()
        let entries = try diary.entries(from: day, to: day)
        #expect(entries.count == 1)
        #expect(entries.first?.food.name == "Egg" && entries.first?.grams == 50 && entries.first?.meal == "breakfast")
    }

    @Test func rollingBackKeepsNothing() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        try log(diary, origin: try diary.origin("/a.meal"), grams: 50, on: day)
        diary.rollback()
        #expect(try diary.entryCount() == 0)
    }

    @Test func clearingAnOriginRemovesOnlyItsEntries() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        let first = try diary.origin("/a.meal")
        let second = try diary.origin("/b.meal")
        try log(diary, origin: first, grams: 50, on: day)
        try log(diary, origin: second, grams: 100, on: day)
        #expect(try diary.clearOrigin(first) == 1)
        try diary.commit()
        #expect(try diary.entries(from: day, to: day).map(\.grams) == [100])
    }

    @Test func undoTakesBackTheNewestGroup() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        let origin = try diary.origin("/a.meal")
        try log(diary, origin: origin, grams: 50, on: day)
        try log(diary, origin: origin, grams: 100, on: day)
        #expect(try diary.undoLastGroup(from: [origin])?.count == 1)
        try diary.commit()
        #expect(try diary.entries(from: day, to: day).map(\.grams) == [50])
    }

    @Test func undoLeavesOtherOriginsAlone() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        let typed = try diary.origin("<repl>")
        let imported = try diary.origin("cronometer:/home/me/servings.csv")
        try log(diary, origin: typed, grams: 50, on: day)
        try log(diary, origin: imported, grams: 100, on: day)
        #expect(try diary.typedOrigins() == [typed])
        #expect(try diary.undoLastGroup(from: diary.typedOrigins())?.count == 1)
        #expect(try diary.undoLastGroup(from: diary.typedOrigins()) == nil)
        try diary.commit()
        #expect(try diary.entries(from: day, to: day).map(\.grams) == [100])
    }

    @Test func weekendWeekdayAndWeeklyTargetsKeepTheirOwnHistories() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        let origin = try diary.origin("/a.meal")
        let monday = CalendarDate(year: 2026, month: 11, day: 23)
        try diary.setTargets(from: monday, scope: .day, [("kcal", 2000), ("protein", 120)], origin: origin)
        try diary.setTargets(from: monday, scope: .weekends, [("kcal", 2600)], origin: origin)
        try diary.setTargets(from: monday, scope: .week, [("kcal", 15000)], origin: origin)
        // A later daily target does not end the weekend one; a later weekday one covers Mon–Fri.
        try diary.setTargets(from: monday.adding(days: 2), scope: .day, [("kcal", 2100)], origin: origin)
        try diary.setTargets(from: monday.adding(days: 3), scope: .weekdays, [("protein", 140)], origin: origin)
        try diary.commit()
        let wednesday = try diary.targets(on: monday.adding(days: 2))
        #expect(wednesday.daily == ["kcal": 2100, "protein": 120])
        #expect(wednesday.weekly == ["kcal": 15000])
        #expect(try diary.targets(on: monday.adding(days: 4)).daily == ["kcal": 2100, "protein": 140])
        #expect(try diary.targets(on: monday.adding(days: 5)).daily == ["kcal": 2600, "protein": 120])
        #expect(try diary.targets(on: monday.adding(days: -1)).weekly.isEmpty)
        #expect(try diary.targetHistory().map(\.scope) == [.day, .day, .weekends, .week, .day, .weekdays])
    }

    @Test func datedSettingsHoldFromTheirDayOn() throws {
        let diary = try Diary(path: ":memory:")
        try diary.begin()
        let origin = try diary.origin("/a.meal")
        try diary.setTargets(from: day, scope: .day, [("kcal", 2200)], origin: origin)
        try diary.recordWeight(day: day, kilograms: 72.5, origin: origin)
        try diary.setPlan(from: day, "keto", origin: origin)
        try diary.commit()
        let later = day.adding(days: 10)
        #expect(try diary.targets(on: later).daily["kcal"] == 2200)
        #expect(try diary.targets(on: day.adding(days: -1)).daily.isEmpty)
        #expect(try diary.weight(onOrBefore: later) == 72.5)
        #expect(try diary.plan(on: later) == "keto")
        #expect(try diary.plan(on: day.adding(days: -1)) == nil)
    }
}
