import Foundation
import Testing

/// Data changes in scroll sessions: the insert, delete, prepend, append and
/// reload gestures, the chat session, and their errors.
@Suite("flow-demo data changes")
struct DataChangeTests {
    /// 3 sections of 40 items; seven changes of every kind, before and after
    /// the anchor, in sections on and off screen.
    static let changes =
        "drag:2000:0.25,insert:0.2:3,pause:0.1,delete:0.3:2,prepend:5,reload:0.8,append:4,"
        + "jump:1.20,insert:1.21:10,pause:0.2,end,delete:2.39:1,top,reload:0.0"
    static let session = [
        "scroll", "--sections", "3", "--items", "40", "--viewport", "320x480", "--estimate", "150x100", "--seed", "4",
        "--no-timing", "--script", changes,
    ]

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        return try #require(object)
    }

    @Test(
        "every data gesture keeps the anchor still and the counts right",
        arguments: [
            [], ["--anchor", "last"], ["--horizontal"], ["--horizontal", "--anchor", "last"],
        ])
    func gestures(extra: [String]) throws {
        let json = try Self.json(Self.session + extra + ["--json"])
        #expect(json["updates"] as? Int == 8)
        #expect(json["itemsInserted"] as? Int == 3 + 5 + 4 + 10)
        #expect(json["itemsDeleted"] as? Int == 2 + 1)
        #expect(json["itemsReloaded"] as? Int == 2)
        #expect(json["totalItems"] as? Int == 120 + 22 - 3)
        #expect(json["maxUpdateAnchorJump"] as? Double == 0)
        #expect(json["maxAnchorJump"] as? Double == 0)
        #expect((json["itemsShown"] as? Int).map { $0 > 0 } == true)
    }

    @Test("the summary and the trace show the updates")
    func summaryAndTrace() throws {
        let summary = try DemoRunner.run(Self.session)
        #expect(summary.status == 0)
        #expect(summary.standardOutput.contains("items shown      "))
        #expect(summary.standardOutput.contains(" of 139, measured as they appeared"))
        #expect(
            summary.standardOutput.contains(
                "anchor jump      0 pt at most: the first visible item never moved on screen, through frames and updates"))
        #expect(
            summary.standardOutput.contains(
                "updates          8 applied: 22 items inserted, 3 deleted, 2 reloaded; anchor jump 0 pt at most through them"))
        let trace = try DemoRunner.run(Self.session + ["--trace"])
        #expect(trace.status == 0)
        let batches = trace.standardOutput.split(separator: "\n").filter { $0.hasPrefix("batch  ") }
        #expect(batches.count == 8)
        #expect(batches.first?.hasPrefix("batch  insert:0.2:3 ") == true)
        #expect(batches.first?.contains("      +3 ") == true)
        // Inserting 3 estimated items above the first visible one moves the offset down by them.
        #expect(batches.first?.contains("+324.0") == true)
    }

    @Test("a session without data changes prints no update lines")
    func noUpdates() throws {
        let output = try DemoRunner.run(["scroll", "--sections", "2", "--items", "30", "--script", "drag:2000:0.25", "--no-timing"])
        #expect(output.status == 0)
        #expect(!output.standardOutput.contains("updates"))
        #expect(!output.standardOutput.contains("through frames and updates"))
    }

    @Test("--chat: a bottom-anchored chat loads history, receives messages, never moves the last message")
    func chat() throws {
        let arguments = ["scroll", "--chat", "--no-timing"]
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let keys = [
            "flow-demo scroll --chat:", "script ", "frames ", "messages ", "history ", "received ", "updates ", "measured ", "anchor jump ",
        ]
        #expect(lines.count == keys.count)
        for (line, key) in zip(lines, keys) { #expect(line.hasPrefix(key), "\(line)") }
        #expect(output.standardOutput.contains("anchor jump      0 pt at most through frames and updates (0 pt through updates)"))
        // Deterministic for a seed.
        let again = try DemoRunner.run(arguments)
        #expect(again.standardOutput == output.standardOutput)
        let otherSeed = try DemoRunner.run(arguments + ["--seed", "2"])
        #expect(otherSeed.status == 0)
        #expect(otherSeed.standardOutput != output.standardOutput)
        #expect(otherSeed.standardOutput.contains("anchor jump      0 pt at most"))
    }

    @Test("--chat counts: pages of history up to the total, arrivals, following the bottom")
    func chatCounts() throws {
        let json = try Self.json([
            "scroll", "--chat", "--json", "--no-timing", "--messages", "2", "--history", "10", "--page", "3",
            "--arrive-every", "0.2", "--script", "pause:1,top,pause:0.5,end,pause:0.5",
        ])
        #expect(json["messagesAtStart"] as? Int == 2)
        #expect(json["historyPagesLoaded"] as? Int == 4)
        #expect(json["historyMessagesLoaded"] as? Int == 10)
        let received = try #require(json["messagesReceived"] as? Int)
        #expect(received == Int((Double(json["frames"] as? Int ?? 0) / 24).rounded(.down)))
        #expect(json["messages"] as? Int == 2 + 10 + received)
        #expect(json["updates"] as? Int == 4 + received)
        #expect((json["followedToBottom"] as? Int).map { $0 > 0 && $0 <= received } == true)
        #expect(json["maxAnchorJump"] as? Double == 0)
        #expect(json["maxUpdateAnchorJump"] as? Double == 0)
        let timed = try Self.json(["scroll", "--chat", "--json", "--script", "pause:0.5"])
        for key in ["frameMicros", "updateMicros", "peakMemoryBytes"] { #expect(timed[key] != nil, "missing \(key)") }
    }

    @Test(
        "malformed data gestures and misplaced chat options are usage errors",
        arguments: [
            (["scroll", "--script", "insert:0.1"], "insert is 'insert:SECTION.ITEM:N'"),
            (["scroll", "--script", "insert:0.1:0"], "with N from 1 to 1,000,000"),
            (["scroll", "--script", "insert:0.1:1000001"], "with N from 1 to 1,000,000"),
            (["scroll", "--script", "delete:a.1:3"], "delete is 'delete:SECTION.ITEM:N'"),
            (["scroll", "--script", "delete:-1.0:1"], "delete is 'delete:SECTION.ITEM:N'"),
            (["scroll", "--script", "prepend:"], "prepend is 'prepend:N'"),
            (["scroll", "--script", "append:1x"], "append is 'append:N'"),
            (["scroll", "--script", "append:2:3"], "append is 'append:N'"),
            (["scroll", "--script", "reload:1"], "reload is 'reload:SECTION.ITEM'"),
            (["scroll", "--script", "reload:1.2.3"], "reload is 'reload:SECTION.ITEM'"),
            (["scroll", "--script", "insert:0.99999999999:1"], "insert is 'insert:SECTION.ITEM:N'"),
            (["scroll", "--chat", "--sections", "3"], "--sections does not apply to a chat session"),
            (["scroll", "--chat", "--anchor", "first"], "--anchor does not apply to a chat session"),
            (["scroll", "--chat", "--horizontal"], "--horizontal does not apply to a chat session"),
            (["scroll", "--chat", "chat.json"], "a chat session (--chat) reads no file"),
            (["scroll", "--history", "5"], "--history applies only with --chat"),
            (["scroll", "--chat", "--page", "0"], "--page must be a whole number from 1"),
            (["scroll", "--chat", "--arrive-every", "-1"], "--arrive-every must be a number from 0.0"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test(
        "changes the engine refuses are input errors that name the gesture and the field",
        arguments: [
            ("delete:0.4:2", "delete:0.4:2: the engine refused the batch: deleteItems[1].item"),
            ("insert:2.0:1", "insert:2.0:1: the engine refused the batch: insertItems[0].section"),
            ("insert:0.7:1", "insert:0.7:1: the engine refused the batch: insertItems[0].item"),
            ("reload:1.5", "reload:1.5: the engine refused the batch: reloadItems[0].item"),
        ])
    func refusals(script: String, message: String) throws {
        let output = try DemoRunner.run(["scroll", "--sections", "2", "--items", "5", "--no-timing", "--script", "pause:0.1," + script])
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test("bench --scenario updates --quick --json: the promised rows, keys, memory and anchor jumps")
    func benchUpdates() throws {
        let output = try DemoRunner.run(["bench", "--scenario", "updates", "--quick", "--json"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        let operations = rows.compactMap { $0["operation"] as? String }
        #expect(
            operations == [
                "measure 1 × 100,000 in order, reports of 10,000",
                "insert 1 at the top, all of 100,000 measured",
                "delete 1 at random, all of 100,000 measured",
                "insert 1 at the top, through the actor",
                "measure 1 in 10 of 1 × 100,000 at random, reports of 1,000",
                "insert 1 at the top, 1 in 10 of 100,000 measured",
                "delete 1 at random, 1 in 10 of 100,000 measured",
                "100 mixed operations, 100 × 1,000 measured",
                "insert a section at 0 of 100,000",
                "delete section 0 of 100,000",
                "chat: prepend 50 unmeasured to 10,000 measured",
                "chat: append 1 at the bottom of 10,000",
                "chat: streaming reply, one growth report at the end, 10,000 messages",
            ])
        for row in rows {
            let operation = row["operation"] as? String ?? "?"
            #expect(row["scenario"] as? String == "updates")
            for key in ["medianMicros", "p99Micros", "maxMicros", "referenceMedianMicros", "ratio", "peakMemoryBytes", "bytesPerItem"] {
                #expect(row[key] != nil, "\(operation): missing \(key)")
            }
            #expect((row["medianMicros"] as? Double).map { $0 > 0 } == true, "\(operation)")
            let timesAnUpdate = !operation.hasPrefix("measure") && !operation.hasSuffix("through the actor")
            #expect((row["referenceMedianMicros"] as? Double != nil) == timesAnUpdate, "\(operation): the reference")
            let measuresItems = !operation.contains("section") || operation.contains("measured")
            let bytes = row["bytesPerMeasuredItem"] as? Double
            #expect((bytes != nil) == (measuresItems && !operation.hasSuffix("through the actor")), "\(operation): bytes per measured item")
            if let bytes { #expect(bytes > 0 && bytes < 1_000, "\(operation): \(bytes) B per measured item") }
            if operation.hasPrefix("chat") {
                #expect(row["maxAnchorJump"] as? Double == 0, "\(operation): the anchor moved")
            } else {
                #expect(row["maxAnchorJump"] == nil, "\(operation)")
            }
        }
        let mixed = try #require(rows.first { ($0["operation"] as? String)?.hasPrefix("100 mixed") == true })
        #expect((mixed["note"] as? String)?.contains("content size equals the reference's") == true)
    }
}
