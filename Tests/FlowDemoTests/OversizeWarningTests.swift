import Foundation
import Testing

/// `layout`'s warning for items wider than their line says what the layout did
/// with them (`flow-layout.md` 2.2): in a uniform section, where the line
/// alignment puts a line of one item (centred by default); in any other, at
/// the leading inset. The frames and overflows are worked out by hand from the
/// spec, and the warning must give the same position as the frame printed.
@Suite("flow-demo layout: oversize item warnings")
struct OversizeWarningTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var description: String
        /// Each item's frame origin along its line (x, or y scrolling horizontally).
        var positions: [Double]
        var warning: String
        var testDescription: String { name }
    }

    /// 2.2's example: viewport 320, itemSize 400 × 50, 2 items, no inset.
    static func uniform(_ layout: String) -> String {
        #"{ "viewport": { "width": 320, "height": 200 }, "layout": { \#(layout) "itemSize": { "width": 400, "height": 50 } }, "sections": [ { "itemCount": 2 } ] }"#
    }

    static let head = "warning: section 0, items 0...1: 400 wide, more than the 320 available to a line; "

    static let cases: [Case] = [
        Case(
            name: "2.2: a uniform section centres the item, overflowing both sides: x = (320 - 400) / 2 = -40",
            description: uniform(""), positions: [-40, -40],
            warning: head
                + "each laid out alone on its line at x = -40: centred, as the default (justified) line alignment places a line "
                + "of one item in a uniform section (flow-layout.md 2.2, 3.4), overflowing each side by 40 pt"),
        Case(
            name: "2.2, 3.4: under trailing lines it is flush with the trailing inset: x = 320 - 400 = -80",
            description: uniform(#""lineAlignment": "trailing","#), positions: [-80, -80],
            warning: head
                + "each laid out alone on its line at x = -80: flush with the trailing inset, as trailing line alignment places "
                + "a line of one item in a uniform section (flow-layout.md 2.2, 3.4), overflowing the leading side by 80 pt"),
        Case(
            name: "3.4: under leading lines it is at the leading inset: x = 0",
            description: uniform(#""lineAlignment": "leading","#), positions: [0, 0],
            warning: head
                + "each laid out alone on its line at x = 0: at the leading inset, as leading line alignment places a line of "
                + "one item in a uniform section (flow-layout.md 2.2, 3.4), overflowing the trailing side by 80 pt"),
        Case(
            name: "3.4: an explicit last-line alignment places the last item, the others stay centred",
            description: uniform(#""lastLineAlignment": "leading","#), positions: [-40, 0],
            warning: head
                + "item 0 laid out alone on its line at x = -40: centred, as the default (justified) line alignment places a "
                + "line of one item in a uniform section (flow-layout.md 2.2, 3.4), overflowing each side by 40 pt; "
                + "item 1, the section's last line, laid out alone at x = 0: at the leading inset, as the last line's alignment "
                + "(leading) places a line of one item (flow-layout.md 3.4), overflowing the trailing side by 80 pt"),
        Case(
            name: "2.2: sizes that differ: the oversize item starts at the leading inset, 10, and overflows the trailing side",
            // avail = 320 - 10 - 10 = 300; the 100-wide item, alone on the last line of a
            // section whose every line holds one item, is centred: 10 + (300 - 100) / 2 = 110 (3.3 a).
            description: #"""
                { "viewport": { "width": 320, "height": 200 }, "layout": { "sectionInset": { "left": 10, "right": 10 } },
                  "sections": [ { "itemSizes": [ { "width": 400, "height": 50 }, { "width": 100, "height": 60 } ] } ] }
                """#,
            positions: [10, 110],
            warning: "warning: section 0, item 0: 400 wide, more than the 300 available to a line; laid out alone on its line "
                + "at x = 10: at the leading inset, as an oversize item starts in a section that is not uniform "
                + "(flow-layout.md 2.2), overflowing the trailing side by 100 pt"),
        Case(
            name: "2.2: self-sizing items are never uniform: an estimate wider than the line starts at the leading inset",
            description: #"""
                { "viewport": { "width": 320, "height": 200 }, "layout": { "estimatedItemSize": { "width": 400, "height": 50 } },
                  "sections": [ { "itemCount": 2 } ] }
                """#,
            positions: [0, 0],
            warning: head
                + "each laid out alone on its line at x = 0: at the leading inset, as an oversize item starts in a section that "
                + "is not uniform (flow-layout.md 2.2), overflowing the trailing side by 80 pt"),
        Case(
            name: "5: scrolling horizontally, an item taller than the line is centred along y: (320 - 400) / 2 = -40",
            description: #"""
                { "viewport": { "width": 200, "height": 320 }, "scrollDirection": "horizontal",
                  "layout": { "itemSize": { "width": 50, "height": 400 } }, "sections": [ { "itemCount": 2 } ] }
                """#,
            positions: [-40, -40],
            warning: "warning: section 0, items 0...1: 400 tall, more than the 320 available to a line; each laid out alone on "
                + "its line at y = -40: centred, as the default (justified) line alignment places a line of one item in a "
                + "uniform section (flow-layout.md 2.2, 3.4), overflowing each side by 40 pt"),
        Case(
            name: "8: right to left, the leading inset is on the right: the 400-wide item ends at 320, x = -80",
            description: #"""
                { "viewport": { "width": 320, "height": 200 }, "layout": { "layoutDirection": "rightToLeft" },
                  "sections": [ { "itemSizes": [ { "width": 400, "height": 50 }, { "width": 100, "height": 60 } ] } ] }
                """#,
            positions: [-80, 110],
            warning: "warning: section 0, item 0: 400 wide, more than the 320 available to a line; laid out alone on its line "
                + "at x = -80: at the leading inset, as an oversize item starts in a section that is not uniform "
                + "(flow-layout.md 2.2), overflowing the trailing side by 80 pt"),
    ]

    @Test("the warning says where the layout put the oversize items, and the frames agree", arguments: cases)
    func warning(_ example: Case) throws {
        let output = try DemoRunner.run(["layout"], input: example.description)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.standardError == example.warning + "\n")
        let vertical = !example.description.contains("horizontal")
        for (item, position) in example.positions.enumerated() {
            let key = vertical ? #""frame": { "x": \#(Self.number(position)), "# : #""y": \#(Self.number(position)), "width""#
            let line = output.standardOutput.split(separator: "\n").first { $0.contains(#""item": \#(item),"#) }
            #expect(line?.contains(key) == true, "item \(item): \(line ?? "missing")")
        }
    }

    @Test("items that fit their line bring no warning")
    func noWarning() throws {
        let output = try DemoRunner.run(
            ["layout"], input: Self.uniform(#""minimumLineSpacing": 0,"#).replacingOccurrences(of: "400", with: "320"))
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
    }

    static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
