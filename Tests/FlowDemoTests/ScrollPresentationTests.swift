import Foundation
import Testing

/// `flow-demo scroll` with the presentation options (`flow-layout.md` 8):
/// `--pin-headers`, `--rtl`, `--scale`, `--snap`, and the `jump` gesture with a
/// position; each flag's effect checked on what the session shows, and every
/// bad value refused with status 2.
@Suite("flow-demo scroll: presentation options")
struct ScrollPresentationTests {
    /// 10 sections of 1,000 items, estimate 180 × 140 in a 390 × 844 viewport:
    /// two items a line (180 + 8 + 180 <= 374), header 40, insets 8, spacing 8;
    /// a section is 40 + 8 + 500 × 140 + 499 × 8 + 8 = 74,048 long (estimated).
    static let collection = ["--sections", "10", "--items", "1000", "--no-timing"]

    /// The `<rect>`s of an SVG of one class, as [x, y, width, height].
    static func rects(_ svg: String, class name: String) -> [[Double]] {
        svg.components(separatedBy: "<rect class=\"\(name)\" ").dropFirst().compactMap { tail in
            // x="8" y="48" width="180" height="140"/>: names and values between quotes.
            let pieces = tail.prefix { $0 != "/" }.split(separator: "\"", omittingEmptySubsequences: false)
            var values: [String: Double] = [:]
            for index in stride(from: 0, to: pieces.count - 1, by: 2) {
                let key = pieces[index].trimmingCharacters(in: .whitespaces).dropLast()
                values[String(key)] = Double(pieces[index + 1])
            }
            let frame = ["x", "y", "width", "height"].compactMap { values[$0] }
            return frame.count == 4 ? frame : nil
        }
    }

    /// The frame of the cell at `indexPath` ("SECTION, ITEM") in an SVG: the
    /// rect after its title.
    static func cell(_ svg: String, _ indexPath: String) -> [Double]? {
        guard let range = svg.range(of: "<title>cell [\(indexPath)] ") else { return nil }
        return rects(String(svg[range.upperBound...]), class: "cell").first
    }

    @Test("jump:SECTION.ITEM:center asks the engine's scroll to an item: the hand-worked offset, and the item never moves")
    func jumpToCentre() throws {
        let output = try DemoRunner.run(["scroll", "--trace", "--script", "jump:5.500:center"] + Self.collection)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        // Item 5.500 (estimated): line 250 of section 5, at 5 × 74,048 + 48 + 250 × 148
        // = 407,288; its centre 407,358 at the viewport's centre: offset 406,936. The
        // frame's offset is that plus the adjustment of the reports it carried.
        let line = try #require(output.standardOutput.split(separator: "\n").first { $0.contains("jump:5.500:center") })
        let fields = line.split(separator: " ")
        let offset = try #require(Double(fields[2]))
        let adjustment = try #require(Double(fields[3]))
        #expect(offset - adjustment == 406_936)
        #expect(output.standardOutput.contains("jump target      moved 0 pt on screen at most in 1 scroll-to-item jump, while "))
    }

    @Test(
        "every position, both directions, right to left too: the held item moves 0 pt while what came on screen is measured",
        arguments: [
            [String](), ["--horizontal"], ["--rtl"], ["--horizontal", "--rtl"], ["--anchor", "last", "--scale", "3"],
        ])
    func jumpPositions(extra: [String]) throws {
        let script = "drag:1500:0.3,jump:5.500:center,jump:2.17:top,jump:8.999:bottom,jump:40%:nearest,jump:4.3:nearest,jump:7.1"
        let output = try DemoRunner.run(["scroll", "--script", script] + Self.collection + extra)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let summary = output.standardOutput
        #expect(summary.contains("jump target      moved 0 pt on screen at most in 5 scroll-to-item jumps, while "), "\(summary)")
        #expect(summary.contains("anchor jump      0 pt at most"), "\(summary)")
        // Items around the targets were measured while they were held.
        let reports = summary.components(separatedBy: "jumps, while ").last?.prefix { $0.isNumber }
        #expect((Int(reports ?? "") ?? 0) > 20)
    }

    @Test("--pin-headers: a session frame's header is drawn at the top of the viewport, pinned")
    func pinnedHeaderInAFrame() throws {
        let output = try DemoRunner.run(["render", "--frame", "30", "--pin-headers"] + DemoTests.session)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let viewport = try #require(Self.rects(output.standardOutput, class: "viewport").first)
        let headers = Self.rects(output.standardOutput, class: "header pinned")
        // V.y is about 500, far below header 0's natural place (0 ..< 40): pinned at V.y.
        #expect(viewport[1] > 400)
        #expect(headers.contains { $0[1] == viewport[1] && $0[3] == 40 }, "headers \(headers), viewport \(viewport)")
        let unpinned = try DemoRunner.run(["render", "--frame", "30"] + DemoTests.session)
        #expect(Self.rects(unpinned.standardOutput, class: "header pinned").isEmpty)
    }

    @Test("--rtl: the first frame's items are mirrored: x' = 390 − x − width")
    func rightToLeftFrame() throws {
        // Unmeasured at frame 0: item 0.0 at x 8 (inset), 180 wide, y 48; mirrored x 202.
        let left = try DemoRunner.run(["render", "--frame", "0"] + Self.collection).standardOutput
        let right = try DemoRunner.run(["render", "--frame", "0", "--rtl"] + Self.collection).standardOutput
        func item(_ svg: String, _ indexPath: String) -> [Double]? { Self.cell(svg, indexPath) }
        #expect(item(left, "0, 0") == [8, 48, 180, 140])
        #expect(item(right, "0, 0") == [202, 48, 180, 140])
        #expect(item(left, "0, 1") == [202, 48, 180, 140])
        #expect(item(right, "0, 1") == [8, 48, 180, 140])
    }

    @Test("--scale 3: every origin drawn mid-session is on the grid of 1/3 point (sizes are not rounded)")
    func pixelGrid() throws {
        let output = try DemoRunner.run(
            ["render", "--frame", "60", "--scale", "3", "--script", "drag:2000:0.3,jump:3.33:center"] + Self.collection)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let rects = Self.rects(output.standardOutput, class: "cell")
        #expect(rects.count > 5)
        // Drawn with 3 decimals: a third is within 0.001 of a multiple of 1/3.
        for rect in rects {
            for value in rect.prefix(2) { #expect(abs(value * 3 - (value * 3).rounded()) < 0.003, "\(rect)") }
        }
        let summary = try DemoRunner.run(["scroll", "--scale", "3", "--script", "drag:2000:0.5,fling:-3000"] + Self.collection)
            .standardOutput
        #expect(summary.contains("scale 3"))
        #expect(summary.contains("anchor jump      0 pt at most"))
    }

    @Test("--snap page: every fling comes to rest on a multiple of the viewport's height (or the end)")
    func snapPage() throws {
        let output = try DemoRunner.run(
            ["scroll", "--trace", "--snap", "page", "--script", "drag:1000:0.2,fling:7000,fling:-2500,fling:15000,pause:0.1"]
                + Self.collection)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let lines = output.standardOutput.split(separator: "\n").filter { $0.contains(" fling:") }
        var last: [String: Double] = [:]
        for line in lines {
            let fields = line.split(separator: " ")
            last[String(fields[1])] = Double(fields[2])
        }
        #expect(last.count == 3)
        for (gesture, offset) in last { #expect(offset.truncatingRemainder(dividingBy: 844) == 0, "\(gesture) rests at \(offset)") }
        #expect(output.standardOutput.contains("snapping         page: 3 flings came to rest at targetContentOffset"))
    }

    @Test(
        "--snap lineStart and itemCenter: flings come to rest where the engine says, no settling needed",
        arguments: ["lineStart", "itemCenter"])
    func snapModes(mode: String) throws {
        let output = try DemoRunner.run(
            ["scroll", "--snap", mode, "--pin-headers", "--script", "drag:1000:0.2,fling:7000,fling:-2500,fling:15000"] + Self.collection)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.standardOutput.contains("snapping         \(mode): 3 flings came to rest at targetContentOffset; 0 then settled"))
        #expect(output.standardOutput.contains("headers pinned, snapping \(mode)"))
    }

    @Test("--help describes the presentation options and the jump position")
    func help() throws {
        let output = try DemoRunner.run(["scroll", "--help"])
        for text in ["--pin-headers", "--rtl", "--scale N", "--snap MODE", "jump:ITEM[:POSITION]", "lineStart", "itemCenter"] {
            #expect(output.standardOutput.contains(text), "missing \(text)")
        }
    }

    @Test(
        "bad presentation values exit with status 2 and say what is wrong",
        arguments: [
            (["--scale", "-1"], "--scale must be a number from 0.0 to 16.0, not '-1'"),
            (["--scale", "three"], "--scale must be a number from 0.0 to 16.0, not 'three'"),
            (["--scale", "17"], "--scale must be a number from 0.0 to 16.0, not '17'"),
            (["--scale", "nan"], "--scale must be a number"),
            (["--snap", "sideways"], "--snap must be 'lineStart', 'itemCenter', 'page' or 'none', not 'sideways'"),
            (["--snap", "linestart"], "--snap must be 'lineStart'"),
            (["--pin-headers=yes"], "--pin-headers takes no value"),
            (["--rtl", "--rtl=1"], "--rtl takes no value"),
            (["--script", "jump:1.2:middle"], "jump position must be top, center, bottom or nearest, not 'middle'"),
            (["--script", "jump:1.2:top:now"], "jump is 'jump:TARGET' or 'jump:TARGET:POSITION'"),
            (["--script", "jump:1.x:top"], "cannot read jump target '1.x'"),
        ])
    func badValues(arguments: [String], message: String) throws {
        let output = try DemoRunner.run(["scroll"] + arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(message), "stderr: \(output.standardError)")
    }

    @Test("a jump to an item that does not exist exits with status 1")
    func jumpPastTheEnd() throws {
        let output = try DemoRunner.run(["scroll", "--script", "jump:3.1000:center"] + Self.collection)
        #expect(output.status == 1)
        #expect(output.standardError.contains("jump: item 1000 of section 3 does not exist"))
    }

    @Test("bench --scenario presentation --quick --json: the four rows, and the held item never moves")
    func benchPresentation() throws {
        let output = try DemoRunner.run(["bench", "--scenario", "presentation", "--quick", "--json"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        #expect(
            rows.compactMap { $0["operation"] as? String } == [
                "pinned-header scroll frame: rect + reports, 1,000,000 items",
                "pinned-header pure scroll frame (16 pt), 1,000,000 items",
                "scroll to item 500,000 of 1,000,000 unmeasured (center)",
                "then frames measuring what became visible",
            ])
        for row in rows {
            #expect(row["scenario"] as? String == "presentation")
            #expect((row["medianMicros"] as? Double).map { $0 > 0 } == true)
            #expect((row["p99Micros"] as? Double) != nil)
        }
        // The session's anchor, then the item scrolled to: 0 pt, never left the screen (null).
        #expect(rows[0]["maxAnchorJump"] as? Double == 0)
        #expect(rows[2]["maxAnchorJump"] as? Double == 0)
        #expect(rows[3]["maxAnchorJump"] as? Double == 0)
        #expect((rows[3]["note"] as? String)?.contains("target moved 0.0 pt on screen") == true)
        #expect(rows[2]["referenceNote"] as? String == "capped at 100,000")
    }
}
