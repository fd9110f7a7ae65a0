// swift-tools-version:6.0
import PackageDescription

/// FoodLog: a food-logging language, its interpreter, a SQLite diary and a sandboxed Lua host.
/// No package dependencies: Lua, SQLite and libedit come from the system (see scripts/setup).
let package = Package(
    name: "foodlog",
    products: [
        .executable(name: "foodlog", targets: ["foodlog"]),
    ],
    targets: [
        .systemLibrary(name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
                       providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "MealSyntax"),
        .target(name: "FoodLogCLI", dependencies: ["MealSyntax"]),
        .executableTarget(name: "foodlog", dependencies: ["FoodLogCLI"]),
        .testTarget(name: "MealSyntaxTests", dependencies: ["MealSyntax"]),
    ]
)
