import Glibc
import LuaHost
import Testing
@testable import FoodLogEngine

/// Values and names that cross from Lua (or a plan statement) into the host are checked there.
struct LuaBoundaryTests {
    /// A fresh config folder with `estimators/e.lua` returning `kcal = value`.
    func estimatorFolder(kcal value: String) throws -> String {
        var template = Array("/tmp/foodlog-estimator-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PlanError(message: "mkdtemp failed") }
        let folder = String(cString: made)
        mkdir(folder + "/foodlog", 0o755)
        mkdir(folder + "/foodlog/estimators", 0o755)
        let file = fopen(folder + "/foodlog/estimators/e.lua", "w")
        fputs(
            "foodlog.estimator(function(name) return { kcal = \(value), protein = 1, carbs = 1, fat = 1 } end)\n", file)
        fclose(file)
        return folder
    }

    func estimate(kcal value: String) throws -> (kcal: Double?, failure: String?) {
        let estimator = LuaEstimator(
            limits: LuaLimits(), environment: ["XDG_CONFIG_HOME": try estimatorFolder(kcal: value)])
        let choice = estimator.estimate("moon cheese")
        return (choice?.per100g[.kcal], estimator.failures.first?.message)
    }

    @Test func estimatesOutOfRangeAreErrors() throws {
        #expect(try estimate(kcal: "1000").kcal == 1000)
        for value in ["1000.5", "1e308", "1/0", "0/0", "math.maxinteger", "-1"] {
            let outcome = try estimate(kcal: value)
            #expect(outcome.kcal == nil, "\(value)")
            #expect(
                outcome.failure
                    == "estimators/e.lua: the estimate for 'moon cheese' gives kcal out of range (a number from 0 to 1000 kcal per 100 g)",
                "\(value)")
        }
    }

    @Test func planNamesStayInThePlanFolder() {
        for name in ["../../../evil", "sub/plan", ".hidden", ""] {
            guard case .failure(let error) = RuleEngine.locate(name, environment: ["XDG_CONFIG_HOME": "/nonexistent"])
            else {
                Issue.record("\(name) was accepted")
                continue
            }
            #expect(
                error.message.hasPrefix("'\(name)' is not a plan name: a name may not contain '/' or start with '.'"))
        }
    }

    @Test func anUnknownPlanNameListsTheUsersPlansToo() throws {
        let folder = try estimatorFolder(kcal: "1")
        mkdir(folder + "/foodlog/plans", 0o755)
        for name in ["my-cut.lua", "weekday.lua", "notes.txt", ".hidden.lua"] {
            fclose(fopen(folder + "/foodlog/plans/" + name, "w"))
        }
        guard case .failure(let error) = RuleEngine.locate("my-cutt", environment: ["XDG_CONFIG_HOME": folder]) else {
            Issue.record("my-cutt was found")
            return
        }
        #expect(
            error.message.contains("; yours in \(folder)/foodlog/plans: my-cut, weekday; or a path to a .lua file)"))
        #expect(error.message.hasSuffix("did you mean 'my-cut'?"))
        guard case .failure(let none) = RuleEngine.locate("paleo", environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        else { return }
        #expect(none.message.contains("; yours: none in /nonexistent/foodlog/plans;"))
    }

    @Test func aPlanFileIsStoredByItsCanonicalPath() throws {
        let folder = try estimatorFolder(kcal: "1")
        let file = fopen(folder + "/p.lua", "w")
        fputs("return foodlog.plan { name = 'P', description = 'p' }\n", file)
        fclose(file)
        guard case .success(let source) = RuleEngine.locate(folder + "/foodlog/../p.lua", environment: [:]) else {
            Issue.record("the plan file was not found")
            return
        }
        #expect(source.storedName == RuleEngine.canonicalPath(folder)! + "/p.lua")
        #expect(source.name == folder + "/foodlog/../p.lua")
    }
}
