import Foundation
import Testing

/// `layout --updates` with snapshot documents and `scroll --chat --save` /
/// `--restore` end to end (`layout-description.md`, Snapshots; `flow-layout.md`
/// 11), numbers worked out by hand from the spec.
@Suite("flow-demo snapshots")
struct SnapshotDemoTests {
    /// 10.4's layout with identifiers: items 320 × 50 one a line, spacing 10.
    static let description = """
        { "viewport": { "width": 320, "height": 100 },
          "layout": { "itemSize": { "width": 320, "height": 50 }, "minimumLineSpacing": 10 },
          "sections": [ { "id": "today", "itemCount": 5, "itemIds": ["m1", "m2", "m3", "m4", "m5"] } ] }
        """

    func run(_ updates: String, description: String = Self.description) throws -> DemoRunner.Output {
        let descriptionPath = try DemoRunner.temporaryFile(description, name: "description.json")
        let updatesPath = try DemoRunner.temporaryFile(updates, name: "snapshots.json")
        return try DemoRunner.run(["layout", descriptionPath, "--updates", updatesPath])
    }

    @Test("11.3 and 10.4: three messages put before the anchor are three inserts; V moves by 180")
    func prepend() throws {
        let output = try run(
            """
            { "visibleRect": { "x": 0, "y": 120, "width": 320, "height": 100 },
              "snapshots": [ { "sections": [ { "id": "today", "items": ["n1", "n2", "n3", "m1", "m2", "m3", "m4", "m5"] } ] } ] }
            """)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains(#""contentOffsetAdjustment": { "x": 0, "y": 180 }"#))
        #expect(
            output.standardOutput.contains(
                #""batch": { "insertItems": [{ "section": 0, "item": 0 }, { "section": 0, "item": 1 }, { "section": 0, "item": 2 }] }"#))
        #expect(output.standardOutput.contains(#""anchor": { "category": "cell", "section": 0, "item": 5 }"#))
    }

    @Test("11.3: [a b c d e] → [a c d e b] is one move; a size given travels with its identifier")
    func oneMove() throws {
        let output = try run(
            """
            { "snapshots": [ { "sections": [ { "id": "today", "items": ["m1", "m3", "m4", "m5", "m2"],
                                               "sizes": { "m4": { "width": 320, "height": 20 } } } ] } ] }
            """)
        #expect(output.status == 0)
        #expect(
            output.standardOutput.contains(
                #""batch": { "reloadItems": [{ "section": 0, "item": 3, "size": { "width": 320, "height": 20 } }], "moveItems": [{ "from": { "section": 0, "item": 1 }, "to": { "section": 0, "item": 4 } }] }"#
            ))
        // m1 0, m3 60, m4 120 (20 high), m5 150, m2 210: content 260.
        #expect(output.standardOutput.contains(#""contentSize": { "width": 320, "height": 260 }"#))
    }

    @Test("11.3 (revised): an item moved and given a new size is one move carrying the size, not a delete and an insert")
    func moveCarriesItsSize() throws {
        let output = try run(
            """
            { "snapshots": [ { "sections": [ { "id": "today", "items": ["m1", "m3", "m4", "m5", "m2"],
                                               "sizes": { "m2": { "width": 320, "height": 80 } } } ] } ] }
            """)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(
            output.standardOutput.contains(
                #""batch": { "moveItems": [{ "from": { "section": 0, "item": 1 }, "to": { "section": 0, "item": 4 }, "size": { "width": 320, "height": 80 } }] }"#
            ))
        // m1 0, m3 60, m4 120, m5 180, m2 240 (80 high): content 320; m2 slides from y 60 to 240.
        #expect(output.standardOutput.contains(#""contentSize": { "width": 320, "height": 320 }"#))
        #expect(
            output.standardOutput.contains(
                #"{ "category": "cell", "section": 0, "item": 4, "before": { "x": 0, "y": 60, "width": 320, "height": 50 }, "after": { "x": 0, "y": 240, "width": 320, "height": 80 } }"#
            ))
    }

    @Test("a refused snapshot exits 1 naming it, and prints nothing")
    func refused() throws {
        let duplicate = try run(
            """
            { "snapshots": [ { "sections": [ { "id": "today", "items": ["m1"] } ] },
                             { "sections": [ { "id": "today", "items": ["m1", "m2", "m4", "m3", "m3"] } ] } ] }
            """)
        #expect(duplicate.status == 1)
        #expect(duplicate.standardOutput.isEmpty)
        #expect(duplicate.standardError.contains(#"snapshots[1].sections[0].items[4]: "m3" appears twice"#))
        let unknown = try run(#"{ "snapshots": [ { "sections": [ { "id": "today", "items": ["m1"], "reload": ["m9"] } ] } ] }"#)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains(#"snapshots[0].sections[0].reload[0]: "m9" is not an item of the snapshot"#))
        // The engine's paths renamed: an identifier key becomes the document's name.
        let unknownSize = try run(
            #"{ "snapshots": [ { "sections": [ { "id": "today", "items": ["m1"], "sizes": { "m7": { "width": 320, "height": 20 } } } ] } ] }"#
        )
        #expect(unknownSize.status == 1)
        #expect(unknownSize.standardError.contains(#"snapshots[0].sections[0].sizes.m7: "m7" is not an item of the snapshot"#))
        let twice = try run(
            #"{ "snapshots": [ { "sections": [ { "id": "today", "items": ["m1"] }, { "id": "today", "items": [] } ] } ] }"#)
        #expect(twice.status == 1)
        #expect(twice.standardError.contains(#"snapshots[0].sections[1].id: "today" appears twice"#))
        let anonymous = try run(
            #"{ "snapshots": [ { "sections": [] } ] }"#,
            description: #"{ "viewport": { "width": 320, "height": 100 }, "sections": [ { "itemCount": 2 } ] }"#)
        #expect(anonymous.status == 1)
        #expect(anonymous.standardError.contains("sections[0].id: is required with snapshots"))
    }

    @Test("scroll --chat --save, then --restore: the anchor moves 0 pt across the relaunch and sizes re-attach")
    func relaunch() throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).flar").path
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let saved = try DemoRunner.run(["scroll", "--chat", "--messages", "500", "--no-timing", "--save", archive])
        #expect(saved.status == 0)
        let restored = try DemoRunner.run(["scroll", "--chat", "--restore", archive, "--no-timing"])
        #expect(restored.status == 0)
        #expect(restored.standardOutput.contains("moved 0 pt"))
        #expect(restored.standardOutput.contains("fingerprint matched"))
        #expect(!restored.standardOutput.contains("sizes            0 re-attached"))
        let corrupt = try DemoRunner.temporaryFile("not an archive", name: "corrupt.flar")
        let refused = try DemoRunner.run(["scroll", "--chat", "--restore", corrupt])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("not a flow layout archive"))
    }

    /// The number just before `label` on the first summary line that starts
    /// with `prefix` and holds `label` (`"messages "`, `"now"`): digits with
    /// thousands separators.
    func count(in output: String, line prefix: String, before label: String) throws -> Int {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix(prefix) && $0.contains(label) })
        let head = try #require(line.range(of: label)).lowerBound
        let digits = line[..<head].reversed().drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }
        return try #require(Int(String(digits.reversed()).replacingOccurrences(of: ",", with: "")))
    }

    @Test("scroll --chat --restore goes on from the restored layout: the script runs from where the relaunch put the view")
    func relaunchThenScript() throws {
        let archive = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).flar").path
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let saved = try DemoRunner.run(["scroll", "--chat", "--messages", "300", "--no-timing", "--save", archive])
        #expect(saved.status == 0)
        let restored = try DemoRunner.run([
            "scroll", "--chat", "--restore", archive, "--no-timing", "--trace", "--script", "pause:0.5,drag:-600:1",
            "--arrive-every", "0",
        ])
        #expect(restored.status == 0)
        let output = restored.standardOutput
        // First the relaunch, then the session's summary.
        let relaunch = try #require(output.range(of: "flow-demo scroll --chat --restore: a relaunch from"))
        let session = try #require(output.range(of: "flow-demo scroll --chat: a relaunch from"))
        #expect(relaunch.lowerBound < session.lowerBound)
        #expect(output.contains("moved 0 pt"))
        // The session starts with the messages of this launch, and its script ran: the first frame, then
        // 60 + 120 at 120 Hz.
        let now = try count(in: output, line: "messages ", before: "now")
        #expect(now > 0)
        #expect(try count(in: output, line: "messages ", before: "at the start") == now)
        #expect(output.contains("frames           181 at 120 Hz (1.51 s)"))
        #expect(output.contains("script           pause:0.5, drag:-600:1"))
        #expect(output.contains("anchor jump      0 pt at most"))
        // Its first frame is where the relaunch placed V: nothing moves, nothing is adjusted.
        let first = try #require(output.split(separator: "\n").first { $0.hasPrefix("    0  start") })
        #expect(first.contains("     +0.0 "))
    }

    @Test("a relaunched chat saves again, and that archive restores: messages that arrived in it keep identities of their own")
    func relaunchTwice() throws {
        let first = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).flar").path
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("chat-\(UUID().uuidString).flar").path
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        #expect(try DemoRunner.run(["scroll", "--chat", "--messages", "200", "--no-timing", "--save", first]).status == 0)
        let again = try DemoRunner.run([
            "scroll", "--chat", "--restore", first, "--no-timing", "--script", "pause:3", "--arrive-every", "0.5", "--save", second,
        ])
        #expect(again.status == 0)
        #expect(try count(in: again.standardOutput, line: "received ", before: "messages appended") > 0)
        let third = try DemoRunner.run(["scroll", "--chat", "--restore", second, "--no-timing", "--script", "pause:0.1"])
        #expect(third.status == 0)
        #expect(third.standardOutput.contains("fingerprint matched"))
        #expect(third.standardOutput.contains("moved 0 pt"))
    }
}
