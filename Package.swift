// swift-tools-version:6.0
import PackageDescription

/// FoodLog: a food-logging language, its interpreter, a SQLite diary and a sandboxed Lua host.
/// No package dependencies: Lua, SQLite and libedit come from the system (see scripts/setup).
let package = Package(
    name: "foodlog",
    products: [
        .executable(name: "foodlog", targets: ["foodlog"])
    ],
    targets: [
        .systemLibrary(
            name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CEditLine", linkerSettings: [.linkedLibrary("edit")]),
        .target(name: "CFoodTable", exclude: ["foodtable.sqlite"]),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "FoodLogCore"),
        .target(name: "MealSyntax", dependencies: ["FoodLogCore"]),
        .target(name: "Nutrition", dependencies: ["FoodLogCore", "SQLite", "CFoodTable"]),
        .target(name: "MealCompiler", dependencies: ["FoodLogCore", "MealSyntax", "Nutrition"]),
        .target(name: "CLuaSandbox", dependencies: ["CLua"]),
        .target(name: "LuaHost", dependencies: ["CLua", "CLuaSandbox", "CBuiltinScripts"]),
        .target(name: "CBuiltinScripts", exclude: ["lua"]),
        .target(name: "Diary", dependencies: ["FoodLogCore", "SQLite", "Nutrition"]),
        .target(
            name: "FoodLogEngine",
            dependencies: [
                "FoodLogCore", "MealSyntax", "MealCompiler", "Nutrition", "Diary", "LuaHost",
                "CBuiltinScripts",
            ]),
        .target(
            name: "FoodLogLSP",
            dependencies: [
                "FoodLogCore", "MealSyntax", "MealCompiler", "Nutrition", "Diary", "LuaHost", "FoodLogEngine",
            ]),
        .target(
            name: "FoodLogCLI",
            dependencies: [
                "FoodLogCore", "FoodLogEngine", "FoodLogLSP", "MealCompiler", "Diary", "CEditLine", "LuaHost", "SQLite",
            ]),
        // The release binary is linked statically: the Swift runtime and Debian's own static
        // libraries of Lua, SQLite and libedit (from the same -dev packages; libedit needs
        // tinfo, bsd and md) are inside it. It runs where no toolchain is installed, and it
        // starts in 1.6 ms instead of 2.5: no shared libraries to find, map and relocate.
        .executableTarget(
            name: "foodlog", dependencies: ["FoodLogCLI"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-Xlinker", "--start-group",
                        "-llua5.4", "-lsqlite3", "-ledit", "-ltinfo", "-lbsd", "-lmd",
                        "-Xlinker", "--end-group",
                    ],
                    .when(configuration: .release))
            ]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MealSyntaxTests", dependencies: ["FoodLogCore", "MealSyntax", "TestSupport"]),
        .testTarget(
            name: "MealCompilerTests", dependencies: ["FoodLogCore", "MealSyntax", "MealCompiler", "TestSupport"]),
        .testTarget(name: "NutritionTests", dependencies: ["Nutrition"]),
        .testTarget(name: "DiaryTests", dependencies: ["FoodLogCore", "Diary", "Nutrition"]),
        .testTarget(
            name: "FoodLogEngineTests",
            dependencies: ["FoodLogCore", "Diary", "MealSyntax", "LuaHost", "FoodLogEngine", "TestSupport"],
            exclude: ["Fixtures", "Corpus"]),
        .testTarget(
            name: "FoodLogCLITests", dependencies: ["FoodLogCLI", "FoodLogCore"], exclude: ["cases", "attacks"]),
        .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
    ]
)
