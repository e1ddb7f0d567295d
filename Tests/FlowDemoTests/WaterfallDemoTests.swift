import Testing

/// `flow-demo` with waterfall sections (`flow-layout.md` 12): the scroll
/// session of cards in columns, and a description's waterfall drawn and laid out.
@Suite("demo: waterfall sections")
struct WaterfallDemoTests {
    @Test("scroll --waterfall: cards in columns measured as they appear, data changes included, the anchor never moves")
    func scroll() throws {
        let output = try DemoRunner.run([
            "scroll", "--waterfall", "3", "--sections", "4", "--items", "2000", "--no-timing",
            "--script", "drag:1500:1,insert:0.0:3,fling:9000,jump:50%,delete:1.4:2,drag:-1500:1,top",
        ])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let text = output.standardOutput
        #expect(text.contains("waterfall sections of 3 columns 119.3 pt wide"))
        #expect(text.contains("anchor jump      0 pt at most"), "\(text)")
        #expect(!text.contains("items shown      0 "))
    }

    @Test("scroll --waterfall refuses what it cannot do")
    func refusals() throws {
        let horizontal = try DemoRunner.run(["scroll", "--waterfall", "2", "--horizontal"])
        #expect(horizontal.status != 0 && horizontal.standardError.contains("--waterfall scrolls vertically"))
        let zero = try DemoRunner.run(["scroll", "--waterfall", "0"])
        #expect(zero.status != 0 && zero.standardError.contains("--waterfall"))
        let chat = try DemoRunner.run(["scroll", "--chat", "--waterfall", "2"])
        #expect(chat.status != 0 && chat.standardError.contains("--waterfall does not apply to a chat session"))
    }

    @Test("layout and render read docs/waterfall.json: two columns above a section of lines")
    func describedWaterfall() throws {
        let layout = try DemoRunner.run(["layout", "docs/waterfall.json"])
        #expect(layout.status == 0, "stderr: \(layout.standardError)")
        // W1's rule on the example: item 1 goes right of item 0, item 3 (twice as wide, so half as tall) left.
        #expect(layout.standardOutput.contains(#""item": 1, "frame": { "x": 164, "y": 40, "width": 148, "height": 110 }"#))
        #expect(layout.standardOutput.contains(#""item": 3, "frame": { "x": 8, "y": 228, "width": 148, "height": 90 }"#))
        let render = try DemoRunner.run(["render", "docs/waterfall.json"])
        #expect(render.status == 0 && render.standardOutput.hasPrefix("<svg"))
    }
}
