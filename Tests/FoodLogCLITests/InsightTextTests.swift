import Foundation
import Testing

/// What an insight rule returns reaches the terminal with its control characters replaced: a
/// rule cannot clear the screen or retitle the window through its emoji, title or body.
@Test func insightTextIsTerminalSafe() throws {
    let directory = NSTemporaryDirectory() + "foodlog-insight-" + UUID().uuidString
    let insights = directory + "/.config/foodlog/insights"
    try FileManager.default.createDirectory(atPath: insights, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try """
    foodlog.insight("esc", function(day)
      return { emoji = "\\27[2J", title = "\\27]0;pwned\\7Title", body = "body\\27[1A", priority = 9 }
    end)
    """.write(toFile: insights + "/esc.lua", atomically: true, encoding: .utf8)
    let environment = [
        "FOODLOG_DB": directory + "/diary.sqlite", "FOODLOG_TODAY": "2026-11-29", "NO_COLOR": "1",
        "HOME": directory, "PATH": "/usr/bin:/bin",
    ]
    let result = try runProcess(["insight"], stdin: "", directory: directory, environment: environment)
    #expect(result.stdout == "2026-11-29  \u{FFFD}[2J \u{FFFD}]0;pwned\u{FFFD}Title — body\u{FFFD}[1A\n")
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
}
