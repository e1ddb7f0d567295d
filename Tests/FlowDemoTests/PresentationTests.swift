import Foundation
import Testing

/// `flow-demo layout` on the worked examples of `flow-layout.md` 8.1 to 8.3 that
/// a description can express (`layout-description.md`, Options), with the
/// frames worked out by hand from the spec; and `--rect` against the full
/// output on presented frames.
@Suite("flow-demo layout: presentation options")
struct PresentationTests {
    /// 8.1's example: sections of a 40-point header and 4 items 320 × 50,
    /// spacing 10, no insets, headers pinned; V 100 high at `y`. Scrolling
    /// horizontally, the same transposed.
    static func pinning(y: Double, horizontal: Bool = false) -> String {
        guard horizontal else {
            return """
                { "viewport": { "width": 320, "height": 100 },
                  "layout": { "itemSize": { "width": 320, "height": 50 }, "headerReferenceSize": { "width": 0, "height": 40 },
                              "sectionHeadersPinToVisibleBounds": true },
                  "sections": [ { "itemCount": 4 }, { "itemCount": 4 } ],
                  "visibleRect": { "x": 0, "y": \(y), "width": 320, "height": 100 } }
                """
        }
        return """
            { "scrollDirection": "horizontal", "viewport": { "width": 100, "height": 320 },
              "layout": { "itemSize": { "width": 50, "height": 320 }, "headerReferenceSize": { "width": 40, "height": 0 },
                          "sectionHeadersPinToVisibleBounds": true },
              "sections": [ { "itemCount": 4 }, { "itemCount": 4 } ],
              "visibleRect": { "x": \(y), "y": 0, "width": 100, "height": 320 } }
            """
    }

    /// One output element line: a frame along the scroll axis at `at`, `extent`
    /// long, full width across it (320).
    static func line(_ category: String, _ section: Int, _ item: Int? = nil, at: Double, extent: Double, horizontal: Bool) -> String {
        let identity = "\"category\": \"\(category)\", \"section\": \(section)" + (item.map { ", \"item\": \($0)" } ?? "")
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let frame =
            horizontal
            ? "{ \"x\": \(n(at)), \"y\": 0, \"width\": \(n(extent)), \"height\": 320 }"
            : "{ \"x\": 0, \"y\": \(n(at)), \"width\": 320, \"height\": \(n(extent)) }"
        return "    { \(identity), \"frame\": \(frame) }"
    }

    static func document(_ contentSize: String, _ lines: [String]) -> String {
        "{\n  \"contentSize\": \(contentSize),\n  \"elements\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test(
        "8.1: V.y = 250 pushes header 0 up to 230 (its section ends at 270); header 1 stays at its natural 270", arguments: [false, true])
    func pinnedHeaderPushed(horizontal: Bool) throws {
        let output = try DemoRunner.run(["layout"], input: Self.pinning(y: 250, horizontal: horizontal))
        #expect(output.status == 0, "stderr: \(output.standardError)")
        // Section 0: header 0 ..< 40, items at 40, 100, 160, 220; section 1 from 270.
        func l(_ category: String, _ section: Int, _ item: Int? = nil, at: Double, extent: Double) -> String {
            Self.line(category, section, item, at: at, extent: extent, horizontal: horizontal)
        }
        let all = [
            l("header", 0, at: 230, extent: 40),
            l("cell", 0, 0, at: 40, extent: 50), l("cell", 0, 1, at: 100, extent: 50),
            l("cell", 0, 2, at: 160, extent: 50), l("cell", 0, 3, at: 220, extent: 50),
            l("header", 1, at: 270, extent: 40),
            l("cell", 1, 0, at: 310, extent: 50), l("cell", 1, 1, at: 370, extent: 50),
            l("cell", 1, 2, at: 430, extent: 50), l("cell", 1, 3, at: 490, extent: 50),
        ]
        let size = horizontal ? "{ \"width\": 540, \"height\": 320 }" : "{ \"width\": 320, \"height\": 540 }"
        #expect(output.standardOutput == Self.document(size, all))
        // V itself: header 0 (pinned, 230 ..< 270), item 0.3, header 1, item 1.0.
        let rect = horizontal ? "250,0,100,320" : "0,250,320,100"
        let queried = try DemoRunner.run(["layout", "-", "--rect", rect], input: Self.pinning(y: 250, horizontal: horizontal))
        #expect(queried.standardOutput == Self.document(size, [all[0], all[4], all[5], all[6]]))
    }

    @Test("8.1: V.y = 100 puts header 0 at 100, though its natural frame is far above V", arguments: [false, true])
    func pinnedHeaderAtTop(horizontal: Bool) throws {
        let rect = horizontal ? "100,0,100,320" : "0,100,320,100"
        let output = try DemoRunner.run(["layout", "-", "--rect", rect], input: Self.pinning(y: 100, horizontal: horizontal))
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let size = horizontal ? "{ \"width\": 540, \"height\": 320 }" : "{ \"width\": 320, \"height\": 540 }"
        let expected = [
            Self.line("header", 0, at: 100, extent: 40, horizontal: horizontal),
            Self.line("cell", 0, 1, at: 100, extent: 50, horizontal: horizontal),
            Self.line("cell", 0, 2, at: 160, extent: 50, horizontal: horizontal),
        ]
        #expect(output.standardOutput == Self.document(size, expected))
    }

    @Test("without pinning, V changes nothing: natural frames, as UIKit")
    func unpinnedIgnoresV() throws {
        let unpinned = Self.pinning(y: 250).replacingOccurrences(
            of: "\"sectionHeadersPinToVisibleBounds\": true", with: "\"sectionHeadersPinToVisibleBounds\": false")
        let output = try DemoRunner.run(["layout"], input: unpinned)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains(Self.line("header", 0, at: 0, extent: 40, horizontal: false)))
    }

    @Test("8.2: right to left, 5 uniform items 100 × 50 in 320: line 1 at x = 220, 110, 0; line 2 at 220, 110")
    func rightToLeft() throws {
        let description = """
            { "viewport": { "width": 320, "height": 200 },
              "layout": { "itemSize": { "width": 100, "height": 50 }, "layoutDirection": "rightToLeft" },
              "sections": [ { "itemCount": 5 } ] }
            """
        let output = try DemoRunner.run(["layout"], input: description)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let cells = [(220, 0), (110, 0), (0, 0), (220, 60), (110, 60)].enumerated().map { item, place in
            "    { \"category\": \"cell\", \"section\": 0, \"item\": \(item), \"frame\": { \"x\": \(place.0), \"y\": \(place.1), \"width\": 100, \"height\": 50 } }"
        }
        #expect(output.standardOutput == Self.document("{ \"width\": 320, \"height\": 110 }", cells))
        // The rect query mirrors: the left strip meets item 2 only.
        let left = try DemoRunner.run(["layout", "-", "--rect", "0,0,50,50"], input: description)
        #expect(left.standardOutput == Self.document("{ \"width\": 320, \"height\": 110 }", [cells[2]]))
    }

    @Test("8.3: scale 2, origins x 10.3 and 30.7 become 10.5 and 30.5; widths stay 20.4")
    func pixelSnapping() throws {
        // Inset 10.3, spacing 0: items at 10.3 ..< 30.7 and 30.7 ..< 51.1 (the heights
        // differ, so the section is not uniform and its last line is leading).
        // Rounded origins: 10.5, 30.5 (61.4 → 61); item 1, 9 high, centred at y 0.5.
        let description = """
            { "viewport": { "width": 100, "height": 50 },
              "layout": { "sectionInset": { "left": 10.3 }, "minimumInteritemSpacing": 0, "displayScale": 2 },
              "sections": [ { "itemSizes": [ { "width": 20.4, "height": 10 }, { "width": 20.4, "height": 9 } ] } ] }
            """
        let output = try DemoRunner.run(["layout"], input: description)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(
            output.standardOutput
                == Self.document(
                    "{ \"width\": 100, \"height\": 10 }",
                    [
                        "    { \"category\": \"cell\", \"section\": 0, \"item\": 0, \"frame\": { \"x\": 10.5, \"y\": 0, \"width\": 20.4, \"height\": 10 } }",
                        "    { \"category\": \"cell\", \"section\": 0, \"item\": 1, \"frame\": { \"x\": 30.5, \"y\": 0.5, \"width\": 20.4, \"height\": 9 } }",
                    ]))
    }

    /// The elements of an output document: each element's identity and frame.
    static func elements(_ output: String) throws -> [(key: String, frame: [Double])] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let elements = try #require(object?["elements"] as? [[String: Any]])
        return try elements.map { element in
            let frame = try #require(element["frame"] as? [String: Double])
            let key = "\(element["category"]!) \(element["section"]!) \(element["item"] ?? "-")"
            return (key, [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!])
        }
    }

    @Test("--rect returns exactly the elements of the full output whose presented frames meet the rect")
    func rectAgreesWithFullOutput() throws {
        // Pinned headers and footers, right to left, a pixel grid, scrolling
        // both ways, V mid-scroll.
        for direction in ["vertical", "horizontal"] {
            let description = """
                { "scrollDirection": "\(direction)", "viewport": { "width": 97, "height": 83 },
                  "layout": { "estimatedItemSize": { "width": 23.3, "height": 17.7 }, "sectionInset": { "top": 3.1, "left": 2.2, "bottom": 4.3, "right": 1.1 },
                              "headerReferenceSize": { "width": 15.5, "height": 12.25 }, "footerReferenceSize": { "width": 9.3, "height": 7.1 },
                              "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true,
                              "layoutDirection": "rightToLeft", "displayScale": 3 },
                  "sections": [ { "itemCount": 17 }, { "itemCount": 0 }, { "itemSizes": [ { "width": 40.1, "height": 9 }, { "width": 11, "height": 31.4 } ] }, { "itemCount": 9 } ],
                  "visibleRect": { "x": 61.7, "y": 58.9, "width": 97, "height": 83 } }
                """
            let full = try DemoRunner.run(["layout"], input: description)
            #expect(full.status == 0, "stderr: \(full.standardError)")
            let all = try Self.elements(full.standardOutput)
            #expect(all.count == 17 + 2 + 9 + 8)
            for rect in [[0.0, 0, 50, 50], [61.7, 58.9, 97, 83], [10, 100, 30, 7.5], [-5, -5, 400, 400], [70, 20, 0, 0]] {
                let queried = try DemoRunner.run(
                    ["layout", "-", "--rect", rect.map { String($0) }.joined(separator: ",")], input: description)
                let expected = all.filter { element in
                    let f = element.frame
                    return f[0] <= rect[0] + rect[2] && rect[0] <= f[0] + f[2] && f[1] <= rect[1] + rect[3] && rect[1] <= f[1] + f[3]
                }
                let found = try Self.elements(queried.standardOutput)
                #expect(found.map(\.key) == expected.map(\.key), "\(direction) rect \(rect)")
                #expect(found.map(\.frame) == expected.map(\.frame), "\(direction) rect \(rect)")
            }
        }
    }

    @Test("an update document without its own V starts at the viewport at the origin, not the description's V")
    func updatesStartAtTheirOwnV() throws {
        let path = try DemoRunner.temporaryFile(Self.pinning(y: 250), name: "pinned.json")
        // Without a visibleRect of its own, an update document starts at the viewport at
        // the origin (layout-description.md, Updates), not at the description's V.
        let output = try DemoRunner.run(["layout", path, "--updates", "-"], input: #"{"batches": [{}]}"#)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.standardOutput.contains(Self.line("header", 0, at: 0, extent: 40, horizontal: false)))
        // With one, the batches start there: the empty batch moves nothing, header 0 pinned at 230.
        let own = try DemoRunner.run(
            ["layout", path, "--updates", "-"],
            input: #"{"visibleRect": {"x": 0, "y": 250, "width": 320, "height": 100}, "batches": [{}]}"#)
        #expect(own.standardOutput.contains(Self.line("header", 0, at: 230, extent: 40, horizontal: false)))
    }

    @Test(
        "bad options are refused with their field paths, exit status 1, nothing on standard output",
        arguments: [
            (#""layoutDirection": "rtl""#, #"layout.layoutDirection: must be "leftToRight" or "rightToLeft""#),
            (#""sectionHeadersPinToVisibleBounds": 1"#, "layout.sectionHeadersPinToVisibleBounds: must be true or false, not a number"),
            (#""displayScale": -2"#, "layout.displayScale: must be a finite number >= 0"),
        ])
    func badOptions(member: String, message: String) throws {
        let output = try DemoRunner.run(
            ["layout"], input: #"{"viewport": {"width": 1, "height": 1}, "layout": {"# + member + #"}, "sections": []}"#)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "flow-demo: \(message)\n")
    }

    @Test("a bad visibleRect is refused with its field path")
    func badVisibleRect() throws {
        let output = try DemoRunner.run(
            ["layout"],
            input: #"{"viewport": {"width": 1, "height": 1}, "sections": [], "visibleRect": {"x": 0, "y": 0, "width": -1, "height": 1}}"#)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "flow-demo: visibleRect.width: must be a finite number >= 0\n")
    }

    @Test("render draws a pinned header where V pins it, over the cells it covers, and outlines V")
    func renderPinned() throws {
        let path = try DemoRunner.temporaryFile(Self.pinning(y: 250), name: "pinned.json")
        let output = try DemoRunner.run(["render", path])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let svg = output.standardOutput
        let pushed = #"<rect class="header pinned" x="0" y="230" width="320" height="40"/>"#
        let cell = #"<rect class="cell" x="0" y="220" width="320" height="50"/>"#
        for fragment in [pushed, cell, #"<rect class="viewport" x="0" y="250" width="320" height="100"/>"#] {
            #expect(svg.contains(fragment), "missing \(fragment)")
        }
        // zIndex order: every pinned header after every cell.
        let lastCell = try #require(svg.range(of: "<rect class=\"cell\"", options: .backwards))
        let firstHeader = try #require(svg.range(of: "<rect class=\"header pinned\""))
        #expect(lastCell.lowerBound < firstHeader.lowerBound)
        // --viewport-rect is V instead: header 0 at 100.
        let moved = try DemoRunner.run(["render", path, "--viewport-rect", "0,100,320,100"]).standardOutput
        #expect(moved.contains(#"<rect class="header pinned" x="0" y="100" width="320" height="40"/>"#))
        #expect(moved.contains(#"<rect class="viewport" x="0" y="100" width="320" height="100"/>"#))
    }

    @Test("render draws a right-to-left section mirrored")
    func renderRightToLeft() throws {
        let path = try DemoRunner.temporaryFile(
            #"{"viewport": {"width": 320, "height": 200}, "layout": {"itemSize": {"width": 100, "height": 50}, "layoutDirection": "rightToLeft"}, "sections": [{"itemCount": 5}]}"#,
            name: "rtl.json")
        let svg = try DemoRunner.run(["render", path]).standardOutput
        for (x, y, label) in [(220, 0, "0.0"), (0, 0, "0.2"), (110, 60, "0.4")] {
            #expect(svg.contains(#"<rect class="cell" x="\#(x)" y="\#(y)" width="100" height="50"/>"#), "\(label)")
        }
    }
}
