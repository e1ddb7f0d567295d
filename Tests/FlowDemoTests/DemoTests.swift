import Foundation
import Testing

/// The demo end to end: golden outputs for a fixed seed (times excluded), the
/// spec's section example through `layout` and `render`, and every error path.
@Suite("flow-demo")
struct DemoTests {
    static let session = [
        "--sections", "2", "--items", "30", "--viewport", "320x480", "--estimate", "150x100",
        "--script", "drag:2000:0.25,jump:1.20,end,top", "--seed", "4", "--no-timing",
    ]

    /// The spec's section example (`flow-layout.md` 4.3).
    static let sectionExample = """
        {
          "viewport": { "width": 320, "height": 480 },
          "layout": {
            "itemSize": { "width": 100, "height": 50 },
            "sectionInset": { "top": 10, "bottom": 10 },
            "headerReferenceSize": { "width": 0, "height": 40 },
            "footerReferenceSize": { "width": 0, "height": 30 }
          },
          "sections": [ { "itemCount": 5 } ]
        }
        """

    @Test("scroll summary for a fixed seed matches the golden file")
    func summaryGolden() throws {
        let output = try DemoRunner.run(["scroll"] + Self.session)
        #expect(output.status == 0)
        #expect(output.standardOutput == (try DemoRunner.golden("scroll-summary.txt")))
        #expect(output.standardError.isEmpty)
    }

    @Test("scroll trace for a fixed seed matches the golden file")
    func traceGolden() throws {
        let output = try DemoRunner.run(["scroll", "--trace"] + Self.session)
        #expect(output.status == 0)
        #expect(output.standardOutput == (try DemoRunner.golden("scroll-trace.txt")))
    }

    @Test("scroll --json has the promised keys, and the anchor never jumps")
    func scrollJSON() throws {
        let output = try DemoRunner.run([
            "scroll", "--json", "--sections", "50", "--items", "2000", "--script", "drag:3000:1,jump:50%,fling:-9000,end,top",
        ])
        #expect(output.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        let json = try #require(object)
        for key in ["frames", "sizeReports", "maxAnchorJump", "contentSize", "frameMicros", "peakMemoryBytes"] {
            #expect(json[key] != nil, "missing key \(key)")
        }
        #expect((json["maxAnchorJump"] as? Double) == 0)
        let frameMicros = try #require(json["frameMicros"] as? [String: Double])
        #expect(Set(frameMicros.keys) == ["median", "p99", "max"])
        let contentSize = try #require(json["contentSize"] as? [String: Double])
        #expect(Set(contentSize.keys) == ["start", "end"])
    }

    @Test("the default session reports a largest anchor jump of 0 points")
    func defaultSession() throws {
        let output = try DemoRunner.run(["--no-timing", "--max-frames", "400"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("1,000,000 self-sizing items"))
        #expect(output.standardOutput.contains("anchor jump      0 pt at most"))
    }

    @Test("layout prints the spec's frames for the section example")
    func layoutSectionExample() throws {
        let output = try DemoRunner.run(["layout"], input: Self.sectionExample)
        #expect(output.status == 0)
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 320, "height": 200 },
                  "elements": [
                    { "category": "header", "section": 0, "frame": { "x": 0, "y": 0, "width": 320, "height": 40 } },
                    { "category": "cell", "section": 0, "item": 0, "frame": { "x": 0, "y": 50, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 1, "frame": { "x": 110, "y": 50, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 2, "frame": { "x": 220, "y": 50, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 3, "frame": { "x": 0, "y": 110, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 4, "frame": { "x": 110, "y": 110, "width": 100, "height": 50 } },
                    { "category": "footer", "section": 0, "frame": { "x": 0, "y": 170, "width": 320, "height": 30 } }
                  ]
                }

                """)
        let queried = try DemoRunner.run(["layout", "-", "--rect", "0,155,320,100"], input: Self.sectionExample)
        #expect(queried.status == 0)
        #expect(!queried.standardOutput.contains("\"header\""))
        #expect(queried.standardOutput.contains("\"item\": 3"))
        #expect(queried.standardOutput.contains("\"footer\""))
        #expect(!queried.standardOutput.contains("\"item\": 0"))
    }

    @Test("layout applies the description's options: lines leading, the last line trailing, items at the bottom of their line")
    func layoutOptions() throws {
        // Viewport 330, spacing 10: 3 items a line (320 <= 330). Line 1 is 50 high
        // at y 0, line 2 is 40 high at y 60. Leading: x = 0, 110, 220. The last
        // line trailing: its 210 points end at 330, x = 120, 230. Bottom: each
        // item's bottom on its line's, y = line.y + line height - item height.
        let description = """
            { "viewport": { "width": 330, "height": 200 },
              "layout": { "lineAlignment": "leading", "lastLineAlignment": "trailing", "crossAlignment": "bottom" },
              "sections": [ { "itemSizes": [ { "width": 100, "height": 50 }, { "width": 100, "height": 30 }, { "width": 100, "height": 50 },
                                             { "width": 100, "height": 20 }, { "width": 100, "height": 40 } ] } ] }
            """
        let output = try DemoRunner.run(["layout"], input: description)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(
            output.standardOutput == """
                {
                  "contentSize": { "width": 330, "height": 100 },
                  "elements": [
                    { "category": "cell", "section": 0, "item": 0, "frame": { "x": 0, "y": 0, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 1, "frame": { "x": 110, "y": 20, "width": 100, "height": 30 } },
                    { "category": "cell", "section": 0, "item": 2, "frame": { "x": 220, "y": 0, "width": 100, "height": 50 } },
                    { "category": "cell", "section": 0, "item": 3, "frame": { "x": 120, "y": 80, "width": 100, "height": 20 } },
                    { "category": "cell", "section": 0, "item": 4, "frame": { "x": 230, "y": 60, "width": 100, "height": 40 } }
                  ]
                }

                """)
        // render lays out the same state.
        let path = try DemoRunner.temporaryFile(description, name: "options.json")
        let svg = try DemoRunner.run(["render", path]).standardOutput
        #expect(svg.contains(#"<rect class="cell" x="120" y="80" width="100" height="20"/>"#))
    }

    @Test("render draws the section example with the spec's frames")
    func renderSectionExample() throws {
        let path = try DemoRunner.temporaryFile(Self.sectionExample, name: "section.json")
        let output = try DemoRunner.run(["render", path, "--viewport-rect", "0,0,320,120"])
        #expect(output.status == 0)
        let svg = output.standardOutput
        #expect(svg.hasPrefix("<svg"))
        let expected = [
            #"<rect class="header" x="0" y="0" width="320" height="40"/>"#,
            #"<rect class="cell" x="0" y="50" width="100" height="50"/>"#,
            #"<rect class="cell" x="110" y="50" width="100" height="50"/>"#,
            #"<rect class="cell" x="220" y="50" width="100" height="50"/>"#,
            #"<rect class="cell" x="0" y="110" width="100" height="50"/>"#,
            #"<rect class="cell" x="110" y="110" width="100" height="50"/>"#,
            #"<rect class="footer" x="0" y="170" width="320" height="30"/>"#,
            #"<rect class="content" x="0" y="0" width="320" height="200"/>"#,
            #"<rect class="viewport" x="0" y="0" width="320" height="120"/>"#,
            ">0.4</text>", ">header 0</text>", ">footer 0</text>",
        ]
        for fragment in expected { #expect(svg.contains(fragment), "missing \(fragment)") }
        #expect(svg.components(separatedBy: "<rect class=\"cell\"").count == 6)
    }

    @Test("render --frame draws a session frame with its viewport")
    func renderFrame() throws {
        let output = try DemoRunner.run(["render", "--frame", "40"] + Self.session)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("<rect class=\"viewport\""))
        #expect(output.standardOutput.contains("<rect class=\"cell\""))
    }

    @Test("scroll over a description file uses its sizes as the real sizes")
    func scrollFile() throws {
        let description = """
            { "viewport": { "width": 320, "height": 480 },
              "layout": { "estimatedItemSize": { "width": 100, "height": 80 } },
              "sections": [ { "itemSizes": [ { "width": 100, "height": 30 }, { "width": 300, "height": 200 } ] }, { "itemCount": 40 } ] }
            """
        let path = try DemoRunner.temporaryFile(description, name: "scroll.json")
        let output = try DemoRunner.run(["scroll", path, "--no-timing", "--script", "drag:1000:1"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("42 self-sizing items in 2 sections from a description"))
        #expect(output.standardOutput.contains("anchor jump      0 pt at most"))
    }

    @Test("bench --json rows carry the promised keys, null where the reference is capped")
    func benchJSON() throws {
        let output = try DemoRunner.run(["bench", "--quick", "--json", "--scenario", "jump"])
        #expect(output.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        for key in [
            "scenario", "operation", "medianMicros", "p99Micros", "maxMicros", "referenceMedianMicros", "ratio", "peakMemoryBytes",
            "bytesPerItem",
        ] {
            #expect(rows[0][key] != nil, "missing key \(key)")
        }
        #expect(rows[0]["referenceMedianMicros"] is NSNull)
        #expect((rows[0]["medianMicros"] as? Double).map { $0 > 0 } == true)
    }

    @Test("bench's measured child phases report their memory")
    func benchChild() throws {
        let path = try DemoRunner.temporaryFile(Self.sectionExample, name: "child.json")
        for phase in ["parse", "layout-rect"] {
            let output = try DemoRunner.run(["bench", "--child", phase, "--input", path])
            #expect(output.status == 0, "stderr: \(output.standardError)")
            let report = output.standardError.split(separator: "\n").last { $0.hasPrefix("child-report:") }
            let fields = try #require(report).split(separator: " ").dropFirst().compactMap { Double($0) }
            #expect(fields.count == 3)
            #expect(fields.count == 3 && fields[0] > 0 && fields[1] >= fields[0])
        }
        let bad = try DemoRunner.run(["bench", "--child", "warp", "--input", path])
        #expect(bad.status == 2)
    }

    @Test("--help for the tool and every command")
    func help() throws {
        for arguments in [["--help"], ["scroll", "--help"], ["layout", "--help"], ["render", "--help"], ["bench", "--help"], ["help"]] {
            let output = try DemoRunner.run(arguments)
            #expect(output.status == 0, "\(arguments)")
            #expect(output.standardOutput.contains("Usage: flow-demo"), "\(arguments)")
        }
    }

    @Test(
        "bad usage exits with status 2 and says what is wrong",
        arguments: [
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["scroll", "--bogus"], "unknown option --bogus"),
            (["scroll", "--sections"], "--sections needs a value"),
            (["scroll", "--sections", "0"], "--sections must be a whole number from 1"),
            (["scroll", "--items", "many"], "--items must be a whole number"),
            (["scroll", "--estimate", "10"], "--estimate must be WIDTHxHEIGHT"),
            (["scroll", "--estimate", "0x0"], "--estimate must not be 0x0"),
            (["scroll", "--viewport", "-5x10"], "--viewport must be WIDTHxHEIGHT"),
            (["scroll", "--variation", "2"], "--variation must be a number from 0.0 to 0.95"),
            (["scroll", "--fps", "0"], "--fps must be a number"),
            (["scroll", "--anchor", "middle"], "--anchor must be 'first' or 'last'"),
            (["scroll", "--script", "spin:3"], "unknown gesture 'spin:3'"),
            (["scroll", "--script", "drag:100"], "drag is 'drag:SPEED:SECONDS'"),
            (["scroll", "--script", "jump:x.y"], "cannot read jump target"),
            (["scroll", "--max-frames", "0"], "--max-frames must be a whole number"),
            (["scroll", "--trace=yes"], "--trace takes no value"),
            (["scroll", "--seed", "1", "--seed", "2"], "--seed given twice"),
            (["scroll", "a.json", "b.json"], "unexpected argument 'b.json'"),
            (["layout", "--rect", "1,2,3"], "--rect must be 4 comma-separated numbers"),
            (["layout", "--rect", "0,0,-1,5"], "--rect needs a width and height >= 0"),
            (["layout", "--rect", "0,0,5,-1e-300"], "--rect needs a width and height >= 0"),
            (["layout", "--rect", "nan,0,1,1"], "--rect must be 4 comma-separated numbers"),
            (["layout", "--rect=0,0,inf,1"], "--rect must be 4 comma-separated numbers"),
            (["layout", "--rect", "0,0,1e999,1"], "--rect must be 4 comma-separated numbers"),
            (["layout", "--rect", "0,zero,1,1"], "--rect must be 4 comma-separated numbers"),
            (["render", "--sections", "3"], "--sections applies only with --frame"),
            (["bench", "--scenario", "warp"], "unknown scenario 'warp'"),
            (["bench", "extra"], "unexpected argument 'extra'"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test(
        "bad input exits with status 1, names the field, prints nothing on standard output",
        arguments: [
            ("{", "invalid JSON at line 1, column 2"),
            ("[]", "must be an object, not an array"),
            (#"{"sections": []}"#, "viewport: is required"),
            (#"{"viewport": {"width": 1, "height": 1}}"#, "sections: is required"),
            (#"{"viewport": {"width": 1}, "sections": []}"#, "viewport.height: is required"),
            (#"{"viewport": {"width": -1, "height": 1}, "sections": []}"#, "viewport.width: must be a finite number >= 0"),
            (#"{"viewport": {"width": 1e400, "height": 1}, "sections": []}"#, "viewport.width: must be a finite number >= 0"),
            (#"{"viewport": {"width": 2e15, "height": 1}, "sections": []}"#, "viewport.width: must be at most 1e15"),
            (
                #"{"viewport": {"width": "wide", "height": 1}, "sections": []}"#,
                "viewport.width: must be a finite number >= 0, not a string"
            ),
            (
                #"{"scrollDirection": "diagonal", "viewport": {"width": 1, "height": 1}, "sections": []}"#,
                "scrollDirection: must be \"vertical\" or \"horizontal\""
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [{}]}"#, "sections[0]: needs itemCount or itemSizes"),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 2.5}]}"#,
                "sections[0].itemCount: must be a whole number"
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": -1}]}"#, "sections[0].itemCount: must be a whole number"),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1e12}]}"#,
                "sections[0].itemCount: must be a whole number"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1}, {"itemSizes": [{"width": 1, "height": 2}, {"width": -3, "height": 2}]}]}"#,
                "sections[1].itemSizes[1].width: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 3, "itemSizes": [{"width": 1, "height": 2}]}]}"#,
                "sections[0].itemCount: is 3 but itemSizes holds 1 size"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"minimumLineSpacing": -2}, "sections": []}"#,
                "layout.minimumLineSpacing: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"sectionInset": {"top": -1}}, "sections": []}"#,
                "layout.sectionInset.top: must be a finite number >= 0"
            ),
            (
                #"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": 1, "sectionInset": {"lft": 1}}]}"#,
                "sections[0].sectionInset.lft: unknown field"
            ),
            (#"{"viewport": {"width": 1, "height": 1}, "sections": [], "sections": []}"#, "duplicate member \"sections\""),
            (String(repeating: "[", count: 100), "nesting deeper than 64 levels"),
            ("{\"viewport\": {\"width\": 1, \"height\": 1}, \"sections\": []} x", "unexpected text after the JSON document"),
        ])
    func inputErrors(description: String, message: String) throws {
        let output = try DemoRunner.run(["layout"], input: description)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test("layout --rect takes any finite rect, however large")
    func largeRects() throws {
        // Finite, with a finite far corner: it meets every element.
        let everything = try DemoRunner.run(
            ["layout", "--rect=-1e308,-1e308,1.7976931348623157e308,1.7976931348623157e308"], input: Self.sectionExample)
        #expect(everything.status == 0, "stderr: \(everything.standardError)")
        #expect(everything.standardOutput.components(separatedBy: "\"category\"").count == 8)
        // Finite, but its x + width overflows to infinity: it is not a usage error,
        // and it meets what it meets (nothing here: it starts at x = 1e308).
        let overflowing = try DemoRunner.run(["layout", "--rect=1e308,0,1e308,10"], input: Self.sectionExample)
        #expect(overflowing.status == 0, "stderr: \(overflowing.standardError)")
        #expect(overflowing.standardOutput.contains(#""elements": []"#))
    }

    @Test("layout reads a description file in chunks: a large file gives what standard input gives")
    func largeFile() throws {
        let sizes = (0..<30_000).map { #"{"width": \#(40 + $0 % 97).25, "height": \#(30 + $0 % 53).5}"# }
        let description =
            #"{"viewport": {"width": 390, "height": 844},\#n "sections": [{"itemSizes": [\#n"#
            + sizes.joined(separator: ",\n") + "]}, {\"itemCount\": 3}]}"
        let path = try DemoRunner.temporaryFile(description, name: "large.json")
        let fromFile = try DemoRunner.run(["layout", path, "--rect", "0,50000,390,844"])
        let fromInput = try DemoRunner.run(["layout", "--rect", "0,50000,390,844"], input: description)
        #expect(fromFile.status == 0, "stderr: \(fromFile.standardError)")
        #expect(fromFile.standardOutput == fromInput.standardOutput)
        #expect(fromFile.standardOutput.contains(#""category": "cell""#))
        let broken = try DemoRunner.temporaryFile(description.replacingOccurrences(of: "63.5}", with: "63.5]"), name: "broken.json")
        let refused = try DemoRunner.run(["layout", broken])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(
            refused.standardError.contains("invalid JSON at line 36, column 32: expected ',' or '}' in an object"),
            "\(refused.standardError)")
    }

    @Test("layout --help states the output limit and the way past it")
    func layoutHelp() throws {
        let output = try DemoRunner.run(["layout", "--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("more than 10,000,000 elements"))
        #expect(output.standardOutput.contains("pass --rect"))
    }

    @Test("files that cannot be read or used exit with status 1")
    func fileErrors() throws {
        let missing = try DemoRunner.run(["layout", "/nonexistent/layout.json"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read '/nonexistent/layout.json'"))
        let noEstimate = try DemoRunner.temporaryFile(Self.sectionExample, name: "fixed.json")
        let scroll = try DemoRunner.run(["scroll", noEstimate])
        #expect(scroll.status == 1)
        #expect(scroll.standardError.contains("layout.estimatedItemSize: must not be zero for a scroll session"))
        let tooLate = try DemoRunner.run(["render", "--frame", "100000", "--script", "pause:0.1"])
        #expect(tooLate.status == 1)
        #expect(tooLate.standardError.contains("before frame 100000"))
    }

    @Test("oversize items are laid out and reported as warnings")
    func oversizeWarning() throws {
        // One explicit size is a uniform section (3.3): the item is centred in
        // the line of 100, (100 - 150) / 2 = -25 (2.2). OversizeWarningTests has the rest.
        let description = #"{"viewport": {"width": 100, "height": 100}, "sections": [{"itemSizes": [{"width": 150, "height": 10}]}]}"#
        let output = try DemoRunner.run(["layout"], input: description)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains(#""frame": { "x": -25, "y": 0, "width": 150, "height": 10 }"#))
        #expect(
            output.standardError.contains(
                "warning: section 0, item 0: 150 wide, more than the 100 available to a line; laid out alone on its line at x = -25: centred"
            ))
    }
}
