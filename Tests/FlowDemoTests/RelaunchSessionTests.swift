import Foundation
import Testing

/// `scroll --chat --restore` runs the rest of the session after the relaunch
/// (issue 30, item 4): the session's gestures, by default the chat's own
/// script, on the restored layout, then the usual chat summary (or its JSON).
/// `SnapshotDemoTests` covers an explicit script and saving again.
@Suite("flow-demo scroll --chat --restore: the session goes on")
struct RelaunchSessionTests {
    static func archive() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).flar").path
        let saved = try DemoRunner.run(["scroll", "--chat", "--messages", "200", "--no-timing", "--save", path])
        #expect(saved.status == 0, "stderr: \(saved.standardError)")
        return path
    }

    /// The summary's line that starts with `prefix`.
    static func line(_ prefix: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init)
    }

    @Test("without --script, the chat's default gestures run after the relaunch, and the chat summary follows it")
    func defaultGestures() throws {
        let path = try Self.archive()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fresh = try DemoRunner.run(["scroll", "--chat", "--no-timing", "--max-frames", "1"])
        let restored = try DemoRunner.run(["scroll", "--chat", "--restore", path, "--no-timing"])
        #expect(restored.status == 0, "stderr: \(restored.standardError)")
        let output = restored.standardOutput
        // The relaunch's summary first, then the session's.
        let relaunch = try #require(output.range(of: "flow-demo scroll --chat --restore: a relaunch from"))
        let session = try #require(output.range(of: "flow-demo scroll --chat: a relaunch from"))
        #expect(relaunch.upperBound <= session.lowerBound)
        #expect(output[..<session.lowerBound].contains("moved 0 pt"))
        // The same script as a fresh chat's: the default one, run whole.
        let script = try #require(Self.line("script ", in: fresh.standardOutput))
        #expect(Self.line("script ", in: output) == script)
        let frames = try #require(Self.line("frames ", in: output))
        #expect(frames != "frames           1 at 120 Hz (0.01 s)")
        #expect(Self.line("anchor jump ", in: output)?.hasPrefix("anchor jump      0 pt at most") == true)
        for label in ["messages ", "history ", "received ", "updates ", "measured "] {
            #expect(Self.line(label, in: output) != nil, "no '\(label)' line")
        }
    }

    @Test("--restore --json: the relaunch's summary, then the session's JSON")
    func json() throws {
        let path = try Self.archive()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let restored = try DemoRunner.run([
            "scroll", "--chat", "--restore", path, "--no-timing", "--json", "--script", "drag:-900:1,end", "--arrive-every", "0",
        ])
        #expect(restored.status == 0, "stderr: \(restored.standardError)")
        let output = restored.standardOutput
        let brace = try #require(output.firstIndex(of: "{"))
        #expect(output[..<brace].hasPrefix("flow-demo scroll --chat --restore: a relaunch from"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output[brace...].utf8)) as? [String: Any])
        // 120 frames of dragging and the frames of the jump to the end, after the first.
        #expect((object["frames"] as? Int).map { $0 > 120 } == true)
        #expect(object["maxAnchorJump"] as? Double == 0)
        #expect((object["messagesAtStart"] as? Int).map { $0 > 0 } == true)
    }
}
