import Foundation
import Testing

/// `layout --updates` and `render --updates` end to end: the spec's batch
/// examples (`flow-layout.md` 10.1, 10.4) with every number worked out by hand
/// from the spec, refused batches, and the update document's errors.
@Suite("flow-demo updates")
struct UpdateTests {
    /// 10.1's items [a b c d e], one a line (320 wide in a 320 viewport, so a
    /// line holds one), told apart by their heights 10, 20, 30, 40, 50.
    static let orderDescription = """
        { "viewport": { "width": 320, "height": 480 },
          "sections": [ { "itemSizes": [ { "width": 320, "height": 10 }, { "width": 320, "height": 20 }, { "width": 320, "height": 30 },
                                         { "width": 320, "height": 40 }, { "width": 320, "height": 50 } ] } ] }
        """

    /// 10.4's layout: viewport 320 × 100, items 320 × 50 one a line, spacing 10:
    /// item k at y = 60k; 10 items, content 590 high.
    static let anchorDescription = """
        { "viewport": { "width": 320, "height": 100 },
          "layout": { "itemSize": { "width": 320, "height": 50 } },
          "sections": [ { "itemCount": 10 } ] }
        """

    /// 10.4's V: y 120, item 2 the first visible.
    static let anchorRect = #""visibleRect": { "x": 0, "y": 120, "width": 320, "height": 100 }"#

    /// Runs `flow-demo` with the description and the update document in files.
    func run(_ command: String, _ description: String, _ updates: String, _ extra: [String] = []) throws -> DemoRunner.Output {
        let descriptionPath = try DemoRunner.temporaryFile(description, name: "description.json")
        let updatesPath = try DemoRunner.temporaryFile(updates, name: "updates.json")
        return try DemoRunner.run([command, descriptionPath, "--updates", updatesPath] + extra)
    }

    @Test("10.1: delete 1, insert 0 (n), move 4 to 2 turn [a b c d e] into [n a e c d]; a is the anchor")
    func order() throws {
        // Before: a y 0, b y 20, c y 50, d y 90, e y 140; content 190. V is the
        // viewport at the origin and meets all five. After, n (5 high) comes first:
        // n y 0, a y 15, e y 35, c y 95, d y 135; content 175. The first candidate
        // that survives in place is a (item 0, now 1): from y 0 to 15, adjustment
        // +15, and V moves to y 15, which n (0 to 5) does not meet: n is not among
        // the transitions. Before frames are the old ones moved by +15; b, deleted,
        // comes last, named by its index before the batch.
        let updates = """
            { "batches": [ { "deleteItems": [ { "section": 0, "item": 1 } ],
                             "insertItems": [ { "section": 0, "item": 0, "size": { "width": 320, "height": 5 } } ],
                             "moveItems": [ { "from": { "section": 0, "item": 4 }, "to": { "section": 0, "item": 2 } } ] } ] }
            """
        let output = try run("layout", Self.orderDescription, updates)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.standardError.isEmpty)
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 320, "height": 175 },
                  "elements": [
                    { "category": "cell", "section": 0, "item": 0, "frame": { "x": 0, "y": 0, "width": 320, "height": 5 } },
                    { "category": "cell", "section": 0, "item": 1, "frame": { "x": 0, "y": 15, "width": 320, "height": 10 } },
                    { "category": "cell", "section": 0, "item": 2, "frame": { "x": 0, "y": 35, "width": 320, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 3, "frame": { "x": 0, "y": 95, "width": 320, "height": 30 } },
                    { "category": "cell", "section": 0, "item": 4, "frame": { "x": 0, "y": 135, "width": 320, "height": 40 } }
                  ],
                  "updates": [
                    {
                      "contentOffsetAdjustment": { "x": 0, "y": 15 },
                      "contentSizeBefore": { "width": 320, "height": 190 },
                      "contentSizeAfter": { "width": 320, "height": 175 },
                      "anchor": { "category": "cell", "section": 0, "item": 1 },
                      "transitions": [
                        { "category": "cell", "section": 0, "item": 1, "before": { "x": 0, "y": 15, "width": 320, "height": 10 }, "after": { "x": 0, "y": 15, "width": 320, "height": 10 } },
                        { "category": "cell", "section": 0, "item": 2, "before": { "x": 0, "y": 155, "width": 320, "height": 50 }, "after": { "x": 0, "y": 35, "width": 320, "height": 50 } },
                        { "category": "cell", "section": 0, "item": 3, "before": { "x": 0, "y": 65, "width": 320, "height": 30 }, "after": { "x": 0, "y": 95, "width": 320, "height": 30 } },
                        { "category": "cell", "section": 0, "item": 4, "before": { "x": 0, "y": 105, "width": 320, "height": 40 }, "after": { "x": 0, "y": 135, "width": 320, "height": 40 } },
                        { "category": "cell", "section": 0, "item": 1, "before": { "x": 0, "y": 35, "width": 320, "height": 20 }, "after": null }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test("10.4: inserting 3 items at 0 keeps item 2 (now 5, at y 300) still: adjustment +180")
    func anchorInsert() throws {
        // V (y 120 to 220) meets items 2 and 3 before; 13 items after, content
        // 13 × 50 + 12 × 10 = 770. V moves to y 300 and meets items 5 and 6, the
        // old 2 and 3, whose before frames (old + 180) equal their after frames.
        let updates = """
            { \(Self.anchorRect),
              "batches": [ { "insertItems": [ { "section": 0, "item": 0 }, { "section": 0, "item": 1 }, { "section": 0, "item": 2 } ] } ] }
            """
        let output = try run("layout", Self.anchorDescription, updates, ["--rect", "0,300,320,100"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 320, "height": 770 },
                  "elements": [
                    { "category": "cell", "section": 0, "item": 5, "frame": { "x": 0, "y": 300, "width": 320, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 6, "frame": { "x": 0, "y": 360, "width": 320, "height": 50 } }
                  ],
                  "updates": [
                    {
                      "contentOffsetAdjustment": { "x": 0, "y": 180 },
                      "contentSizeBefore": { "width": 320, "height": 590 },
                      "contentSizeAfter": { "width": 320, "height": 770 },
                      "anchor": { "category": "cell", "section": 0, "item": 5 },
                      "transitions": [
                        { "category": "cell", "section": 0, "item": 5, "before": { "x": 0, "y": 300, "width": 320, "height": 50 }, "after": { "x": 0, "y": 300, "width": 320, "height": 50 } },
                        { "category": "cell", "section": 0, "item": 6, "before": { "x": 0, "y": 360, "width": 320, "height": 50 }, "after": { "x": 0, "y": 360, "width": 320, "height": 50 } }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test("10.4: deleting item 2 makes item 3 (old y 180, now item 2 at y 120) the anchor: adjustment -60")
    func anchorDelete() throws {
        // 9 items after, content 9 × 50 + 8 × 10 = 530. V moves to y 60 and meets
        // items 1 (y 60) and 2 (y 120). Item 1 was at y 60, off V: its before
        // frame is 60 - 60 = 0. The deleted item 2 was at y 120: before 60.
        let updates = "{ \(Self.anchorRect), \"batches\": [ { \"deleteItems\": [ { \"section\": 0, \"item\": 2 } ] } ] }"
        let output = try run("layout", Self.anchorDescription, updates)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let elements = (0..<9).map {
            "    { \"category\": \"cell\", \"section\": 0, \"item\": \($0), \"frame\": { \"x\": 0, \"y\": \($0 * 60), \"width\": 320, \"height\": 50 } }"
        }
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 320, "height": 530 },
                  "elements": [
                \(elements.joined(separator: ",\n"))
                  ],
                  "updates": [
                    {
                      "contentOffsetAdjustment": { "x": 0, "y": -60 },
                      "contentSizeBefore": { "width": 320, "height": 590 },
                      "contentSizeAfter": { "width": 320, "height": 530 },
                      "anchor": { "category": "cell", "section": 0, "item": 2 },
                      "transitions": [
                        { "category": "cell", "section": 0, "item": 1, "before": { "x": 0, "y": 0, "width": 320, "height": 50 }, "after": { "x": 0, "y": 60, "width": 320, "height": 50 } },
                        { "category": "cell", "section": 0, "item": 2, "before": { "x": 0, "y": 120, "width": 320, "height": 50 }, "after": { "x": 0, "y": 120, "width": 320, "height": 50 } },
                        { "category": "cell", "section": 0, "item": 2, "before": { "x": 0, "y": 60, "width": 320, "height": 50 }, "after": null }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test("10.4 transposed: scrolling horizontally, the adjustment is along x")
    func horizontal() throws {
        // Columns of one 50 × 320 item, 10 apart: item k at x = 60k. V at x 120.
        let description = """
            { "scrollDirection": "horizontal", "viewport": { "width": 100, "height": 320 },
              "layout": { "itemSize": { "width": 50, "height": 320 } }, "sections": [ { "itemCount": 10 } ] }
            """
        let updates = """
            { "visibleRect": { "x": 120, "y": 0, "width": 100, "height": 320 },
              "batches": [ { "insertItems": [ { "section": 0, "item": 0 }, { "section": 0, "item": 1 }, { "section": 0, "item": 2 } ] } ] }
            """
        let output = try run("layout", description, updates, ["--rect", "300,0,100,320"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let expected = [
            #""contentSize": { "width": 770, "height": 320 }"#,
            #""contentOffsetAdjustment": { "x": 180, "y": 0 }"#,
            #""contentSizeBefore": { "width": 590, "height": 320 }"#,
            #""anchor": { "category": "cell", "section": 0, "item": 5 }"#,
            #"{ "category": "cell", "section": 0, "item": 6, "before": { "x": 360, "y": 0, "width": 50, "height": 320 }, "after": { "x": 360, "y": 0, "width": 50, "height": 320 } }"#,
        ]
        for fragment in expected { #expect(output.standardOutput.contains(fragment), "missing \(fragment)") }
    }

    /// Runs `layout` with `updates` and returns its output, its output
    /// document and the document's `"updates"` entries, expected to be `count`.
    func updateEntries(
        _ description: String, _ updates: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (output: DemoRunner.Output, json: [String: Any], entries: [[String: Any]]) {
        let output = try run("layout", description, updates)
        #expect(output.status == 0, "stderr: \(output.standardError)", sourceLocation: sourceLocation)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        let entries = try #require(json["updates"] as? [[String: Any]], sourceLocation: sourceLocation)
        #expect(entries.count == count, sourceLocation: sourceLocation)
        return (output, json, entries)
    }

    /// Member `member` of the object `key` of update entry `entry`.
    static func number(_ entries: [[String: Any]], _ entry: Int, _ key: String, _ member: String) -> Double? {
        (entries[entry][key] as? [String: Double])?[member]
    }

    @Test("V moves by each batch's adjustment before the next; a batch showing nothing has no anchor")
    func batchesInOrder() throws {
        // Batch 0 as in 10.4 (+180, V at y 300, meeting items 5 and 6). Batch 1
        // deletes item 5: item 6 (y 360) becomes item 5 at y 300: -60, content
        // 770 - 60 = 710, V at y 240. Batch 2 changes nothing: V (y 240 to 340)
        // meets items 4 (y 240) and 5 (y 300), which stay: adjustment 0, anchor
        // item 4. Batch 3 deletes section 0: nothing survives, adjustment 0,
        // anchor null, content 0; the two items in V go, named as before it.
        let updates = """
            { \(Self.anchorRect), "batches": [
                { "insertItems": [ { "section": 0, "item": 0 }, { "section": 0, "item": 1 }, { "section": 0, "item": 2 } ] },
                { "deleteItems": [ { "section": 0, "item": 5 } ] },
                { },
                { "deleteSections": [0] } ] }
            """
        let (output, _, entries) = try updateEntries(Self.anchorDescription, updates, count: 4)
        func number(_ entry: Int, _ key: String, _ member: String) -> Double? { Self.number(entries, entry, key, member) }
        #expect((0..<4).map { number($0, "contentOffsetAdjustment", "y") } == [180, -60, 0, 0])
        #expect((0..<4).map { number($0, "contentSizeBefore", "height") } == [590, 770, 710, 710])
        #expect((0..<4).map { number($0, "contentSizeAfter", "height") } == [770, 710, 710, 0])
        func anchor(_ entry: Int) -> String? {
            guard let anchor = entries[entry]["anchor"] as? [String: Any] else { return nil }
            return "\(anchor["category"] ?? "-") \(anchor["section"] ?? "-") \(anchor["item"] ?? "-")"
        }
        #expect(anchor(1) == "cell 0 5")
        #expect(anchor(2) == "cell 0 4")
        #expect(entries[3]["anchor"] is NSNull)
        let gone = try #require(entries[3]["transitions"] as? [[String: Any]])
        #expect(gone.map { $0["item"] as? Int } == [4, 5])
        #expect(gone.allSatisfy { $0["after"] is NSNull })
        #expect(output.standardOutput.contains(#""contentSize": { "width": 320, "height": 0 },\#n  "elements": [],\#n  "updates": ["#))
    }

    @Test("a list of size reports is anchored as 7.2 and has no transitions; a move brings its size (10.2)")
    func reportsAndSizedMoves() throws {
        // 10.4's layout, self-sizing at the same estimate: item k at y 60k. Item 0
        // reports 80 high: item 2, the anchor, goes from 120 to 150: +30, content
        // 620, V at y 150 (items 2 and 3). Then item 9 moves to 0 bringing 20:
        // [9 0 1 ...] at y 0, 30, 120, 180: item 2, now item 3, goes from 150 to
        // 180: +30, content 20 + 80 + 8 · 50 + 9 · 10 = 590.
        let description = """
            { "viewport": { "width": 320, "height": 100 },
              "layout": { "estimatedItemSize": { "width": 320, "height": 50 } },
              "sections": [ { "itemCount": 10 } ] }
            """
        let updates = """
            { \(Self.anchorRect), "batches": [
                { "sizeReports": [ { "section": 0, "item": 0, "size": { "width": 320, "height": 80 } } ] },
                { "moveItems": [ { "from": { "section": 0, "item": 9 }, "to": { "section": 0, "item": 0 },
                                   "size": { "width": 320, "height": 20 } } ] } ] }
            """
        let (_, json, entries) = try updateEntries(description, updates, count: 2)
        func number(_ entry: Int, _ key: String, _ member: String) -> Double? { Self.number(entries, entry, key, member) }
        #expect((0..<2).map { number($0, "contentOffsetAdjustment", "y") } == [30, 30])
        #expect((0..<2).map { number($0, "contentSizeBefore", "height") } == [590, 620])
        #expect((0..<2).map { number($0, "contentSizeAfter", "height") } == [620, 590])
        #expect((entries[0]["anchor"] as? [String: Any])?["item"] as? Int == 2)
        #expect((entries[1]["anchor"] as? [String: Any])?["item"] as? Int == 3)
        #expect((entries[0]["transitions"] as? [Any])?.isEmpty == true)
        let moved = try #require(entries[1]["transitions"] as? [[String: Any]])
        #expect(moved.map { $0["item"] as? Int } == [3, 4])
        let elements = try #require(json["elements"] as? [[String: Any]])
        let first = try #require(elements.first { $0["category"] as? String == "cell" && $0["item"] as? Int == 0 })
        #expect(first["frame"] as? [String: Double] == ["x": 0, "y": 0, "width": 320, "height": 20])
    }

    @Test("an update document with no batches prints the layout and an empty list")
    func noBatches() throws {
        let output = try run("layout", Self.anchorDescription, #"{"batches": []}"#, ["--rect", "0,0,320,10"])
        #expect(output.status == 0)
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 320, "height": 590 },
                  "elements": [
                    { "category": "cell", "section": 0, "item": 0, "frame": { "x": 0, "y": 0, "width": 320, "height": 50 } }
                  ],
                  "updates": []
                }

                """)
    }

    @Test(
        "a refused batch exits with status 1, names the batch and the operation, prints nothing",
        arguments: [
            // The spec's message: 5 items, minus 1 in batch 1, plus 1 in batch 2 = 5 after batch 2.
            (
                #"[{}, {"deleteItems": [{"section": 0, "item": 0}]}, {"insertItems": [{"section": 0, "item": 7}]}]"#,
                "batches[2].insertItems[0].item: 7 is past the end of section 0 (5 items after the batch)"
            ),
            (
                #"[{"deleteItems": [{"section": 0, "item": 5}]}]"#,
                "batches[0].deleteItems[0].item: item 5 of section 0 is out of range: the section has 5 items"
            ),
            (#"[{"deleteSections": [1]}]"#, "batches[0].deleteSections[0]: section 1 is out of range: the layout has 1 section"),
            (
                #"[{}, {"sizeReports": [{"section": 0, "item": 5, "size": {"width": 1, "height": 1}}]}]"#,
                "batches[1].sizeReports[0].item: item 5 of section 0 is out of range: the section has 5 items"
            ),
            (
                #"[{"sizeReports": [{"section": 0, "item": 0, "size": {"width": 1, "height": 1}}, {"section": 2, "item": 0, "size": {"width": 1, "height": 1}}]}]"#,
                "batches[0].sizeReports[1].section: section 2 is out of range: the layout has 1 section"
            ),
            (
                #"[{}, {"reloadItems": [{"section": 0, "item": 1}], "moveItems": [{"from": {"section": 0, "item": 1}, "to": {"section": 0, "item": 0}}]}]"#,
                "batches[1].moveItems[0].from: names the same position as batches[1].reloadItems[0]"
            ),
            (
                #"[{"deleteSections": [0], "reloadItems": [{"section": 0, "item": 0}]}]"#,
                "batches[0].reloadItems[0].section: section 0 is deleted by the same batch"
            ),
            (
                #"[{"insertSections": [{"index": 0, "section": {"itemCount": 1, "headerReferenceSize": {"width": 0, "height": 1e15}}}]}]"#,
                "batches[0]: the content would extend"
            ),
        ])
    func refused(batches: String, message: String) throws {
        let output = try run("layout", Self.orderDescription, #"{"batches": "# + batches + "}")
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("flow-demo: " + message), "stderr: \(output.standardError)")
    }

    @Test(
        "an update document that cannot be used exits with status 1 and names the field or the file",
        arguments: [
            (
                #"{"batches": [{}, {}, {"insertItems": [{"section": 0, "item": 0, "size": {"width": -1, "height": 1}}]}]}"#,
                "batches[2].insertItems[0].size.width: must be a finite number >= 0"
            ),
            (#"{"visibleRect": {"x": 0, "y": 0, "width": 1}, "batches": []}"#, "visibleRect.height: is required"),
            (
                #"{"batches": [{"sizeReports": [], "moveItems": []}]}"#,
                "batches[0].sizeReports: cannot be given with moveItems (a batch of size reports has no other operation)"
            ),
            (#"{"sections": []}"#, "sections: unknown field (expected one of: batches, snapshots, visibleRect)"),
            (
                #"{"batches": [{"deleteItems": [{"section": 0, "item": -1}]}]}"#,
                "batches[0].deleteItems[0].item: must be a whole number from 0 to 2147483647"
            ),
            ("{\"batches\": [\n}", "the update document '"),
            ("[]", "the update document '"),
        ])
    func documentErrors(updates: String, message: String) throws {
        let output = try run("layout", Self.orderDescription, updates)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("flow-demo: " + message), "stderr: \(output.standardError)")
        if message.hasPrefix("the update document") {
            #expect(
                output.standardError.contains(
                    updates == "[]" ? "': must be an object, not an array" : "': invalid JSON at line 2, column 1"))
        }
        let missing = try DemoRunner.run(["layout", "--updates", "/nonexistent/updates.json"], input: Self.orderDescription)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read '/nonexistent/updates.json'"))
    }

    @Test("the description from standard input, the update document from a file")
    func standardInput() throws {
        let updatesPath = try DemoRunner.temporaryFile(
            #"{"batches": [{"deleteItems": [{"section": 0, "item": 0}]}]}"#, name: "updates.json")
        let output = try DemoRunner.run(["layout", "--updates", updatesPath, "--rect", "0,0,320,1"], input: Self.anchorDescription)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains(#""contentSizeAfter": { "width": 320, "height": 530 }"#))
    }

    @Test(
        "bad usage of --updates and --batch exits with status 2",
        arguments: [
            (["layout", "--updates"], "--updates needs a value"),
            (["layout", "-", "--updates", "-"], "both cannot be read from standard input"),
            (["layout", "--updates", "-"], "both cannot be read from standard input"),
            (["layout", "--batch", "0"], "unknown option --batch"),
            (["render", "--batch", "0"], "--batch applies only with --updates"),
            (["render", "--updates", "u.json", "--batch", "-1"], "--batch must be a whole number from 0"),
            (["render", "--updates", "u.json", "--viewport-rect", "0,0,1,1"], "--viewport-rect does not apply with --updates"),
            (["render", "--frame", "1", "--updates", "u.json"], "--updates does not apply with --frame"),
        ])
    func usage(arguments: [String], message: String) throws {
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test("layout --help documents --updates and what the content sizes mean")
    func help() throws {
        let output = try DemoRunner.run(["layout", "--help"]).standardOutput
        for fragment in ["--updates UPDATES", "contentSizeBefore and contentSizeAfter are exact", "batches[2].insertItems[0].item"] {
            #expect(output.contains(fragment), "missing \(fragment)")
        }
        #expect(try DemoRunner.run(["render", "--help"]).standardOutput.contains("--batch N"))
    }

    @Test("render --updates draws the layout after the batch, V where it moved, and the batch's transitions")
    func render() throws {
        // 10.4's deletion: V moves to y 60. Item 1 moved on screen from y 0 to
        // y 60 (centres y 25 and 85); the deleted item 2's frame before, moved
        // by -60, is at y 60.
        let updates = "{ \(Self.anchorRect), \"batches\": [ { \"deleteItems\": [ { \"section\": 0, \"item\": 2 } ] } ] }"
        let output = try run("render", Self.anchorDescription, updates)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let svg = output.standardOutput
        let expected = [
            #"<rect class="viewport" x="0" y="60" width="320" height="100"/>"#,
            #"<rect class="deleted" x="0" y="60" width="320" height="50"/>"#,
            #"<rect class="before" x="0" y="0" width="320" height="50"/><line class="moved" x1="160" y1="25" x2="160" y2="85"/>"#,
            #"<rect class="cell" x="0" y="480" width="320" height="50"/>"#,
            #"<rect class="content" x="0" y="0" width="320" height="530"/>"#,
            #"<marker id="arrowhead""#,
        ]
        for fragment in expected { #expect(svg.contains(fragment), "missing \(fragment)") }
        #expect(svg.components(separatedBy: "<rect class=\"cell\"").count == 10)
        // Item 2 (the old 3) stayed where it was on screen: no mark.
        #expect(svg.components(separatedBy: "class=\"moved\"").count == 2)
        #expect(!svg.contains("class=\"inserted\""))
    }

    @Test("render --updates --batch N draws the layout after batch N, inserted elements outlined")
    func renderBatch() throws {
        // After batch 0 of 10.4's insertion V is at y 300; the inserted items 0 to
        // 2 are not in V before or after, so they have no transition. Batch 1
        // inserts an item at 6, in V (y 300 to 400) after: item 6 at y 360 is
        // outlined, and the old 6 moved from y 360 to 420.
        let updates = """
            { \(Self.anchorRect), "batches": [
                { "insertItems": [ { "section": 0, "item": 0 }, { "section": 0, "item": 1 }, { "section": 0, "item": 2 } ] },
                { "insertItems": [ { "section": 0, "item": 6 } ] } ] }
            """
        let first = try run("render", Self.anchorDescription, updates, ["--batch", "0"])
        #expect(first.status == 0, "stderr: \(first.standardError)")
        #expect(first.standardOutput.contains(#"<rect class="viewport" x="0" y="300" width="320" height="100"/>"#))
        #expect(!first.standardOutput.contains("<defs>"))
        let last = try run("render", Self.anchorDescription, updates)
        #expect(last.status == 0, "stderr: \(last.standardError)")
        #expect(last.standardOutput.contains(#"<rect class="viewport" x="0" y="300" width="320" height="100"/>"#))
        #expect(last.standardOutput.contains(#"<rect class="inserted" x="0" y="360" width="320" height="50"/>"#))
        #expect(last.standardOutput.contains(#"<line class="moved" x1="160" y1="385" x2="160" y2="445"/>"#))
        let past = try run("render", Self.anchorDescription, updates, ["--batch", "2"])
        #expect(past.status == 1)
        #expect(past.standardOutput.isEmpty)
        #expect(past.standardError.contains("--batch 2: the update document has 2 batches, numbered from 0 to 1"))
        let none = try run("render", Self.anchorDescription, #"{"batches": []}"#)
        #expect(none.status == 1)
        #expect(none.standardError.contains("the update document has no batches"))
    }
}
