import FlowLayoutCore
import Testing

@testable import FlowLayoutDescription

/// Valid descriptions and the values they decode to, worked out by hand from the
/// format (`layout-description.md`): defaults, inheritance, numbers at the edges.
@Suite("decoded descriptions")
struct DecodedValueTests {
    /// The description `document` decodes to, checked against the oracle and every chunk size.
    func decode(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LayoutDescription {
        DecodingHarness.expectAgreement(document, sourceLocation: sourceLocation)
        return try LayoutDescription.decode(Array(document.utf8))
    }

    /// The width of the viewport `number` gives.
    func width(_ number: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Double {
        try decode(#"{"viewport": {"width": "# + number + #", "height": 1}, "sections": []}"#, sourceLocation: sourceLocation)
            .viewportSize.width
    }

    @Test("the spec's section example, with UIKit's defaults where it gives nothing")
    func sectionExample() throws {
        let description = try decode(
            """
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
            """)
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 50)
        configuration.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.footerReferenceSize = Size(width: 0, height: 30)
        #expect(
            description
                == LayoutDescription(
                    configuration: configuration, viewportSize: Size(width: 320, height: 480), sections: [FlowSection(itemCount: 5)]))
    }

    @Test("a section's inset takes the edges it does not give from the layout's, wherever the layout stands")
    func insetInheritance() throws {
        let description = try decode(
            #"""
            {"sections": [{"itemSizes": [{"width": 80, "height": 40}], "sectionInset": {"left": 8},
                           "minimumLineSpacing": 4, "minimumInteritemSpacing": 6,
                           "headerReferenceSize": {"width": 0, "height": 32}, "footerReferenceSize": {"height": 16, "width": 0}},
                          {"itemCount": 0}],
             "scrollDirection": "horizontal",
             "layout": {"sectionInset": {"top": 1, "right": 3}, "estimatedItemSize": {"width": 7, "height": 9},
                        "minimumLineSpacing": 0, "minimumInteritemSpacing": 2.5},
             "viewport": {"height": 844, "width": 390}}
            """#)
        #expect(description.configuration.scrollDirection == .horizontal)
        #expect(description.configuration.sectionInset == EdgeInsets(top: 1, left: 0, bottom: 0, right: 3))
        #expect(description.configuration.estimatedItemSize == Size(width: 7, height: 9))
        #expect(description.configuration.minimumLineSpacing == 0)
        #expect(description.configuration.minimumInteritemSpacing == 2.5)
        #expect(description.configuration.itemSize == Size(width: 50, height: 50))
        #expect(description.viewportSize == Size(width: 390, height: 844))
        let first = try #require(description.sections.first)
        #expect(first.itemCount == 1)
        #expect(first.itemSizes == [Size(width: 80, height: 40)])
        #expect(first.sectionInset == EdgeInsets(top: 1, left: 8, bottom: 0, right: 3))
        #expect(first.minimumLineSpacing == 4)
        #expect(first.minimumInteritemSpacing == 6)
        #expect(first.headerReferenceSize == Size(width: 0, height: 32))
        #expect(first.footerReferenceSize == Size(width: 0, height: 16))
        #expect(description.sections[1] == FlowSection(itemCount: 0))
    }

    @Test("the layout's options; a description without them has UIKit's behaviour")
    func options() throws {
        let plain = try decode(#"{"viewport": {"width": 1, "height": 1}, "layout": {"minimumLineSpacing": 2}, "sections": []}"#)
        #expect(plain.options == FlowLayoutOptions())
        let aligned = try decode(
            #"{"layout": {"crossAlignment": "bottom", "lineAlignment": "center", "lastLineAlignment": "trailing"}, "viewport": {"width": 1, "height": 1}, "sections": []}"#
        )
        #expect(aligned.options == FlowLayoutOptions(lineAlignment: .center, lastLineAlignment: .trailing, crossAlignment: .bottom))
        #expect(aligned.configuration == FlowLayoutConfiguration())
        let escaped = try decode(
            #"{"viewport": {"width": 1, "height": 1}, "layout": {"line\u0041lignment": "le\u0061ding"}, "sections": []}"#)
        #expect(escaped.options == FlowLayoutOptions(lineAlignment: .leading))
    }

    @Test("the presentation options and V; without them, UIKit's behaviour and V at the origin")
    func presentationOptions() throws {
        let plain = try decode(#"{"viewport": {"width": 320, "height": 100}, "sections": []}"#)
        #expect(plain.visibleRect == nil)
        #expect(plain.options.layoutDirection == .leftToRight)
        #expect(plain.options.displayScale == 0)
        #expect(!plain.configuration.sectionHeadersPinToVisibleBounds && !plain.configuration.sectionFootersPinToVisibleBounds)
        let given = try decode(
            #"""
            {"visibleRect": {"height": 100, "x": -4.5, "y": 250, "width": 320},
             "layout": {"sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": false,
                        "layoutDirection": "rightToLeft", "displayScale": 3, "lineAlignment": "leading"},
             "viewport": {"width": 320, "height": 100}, "sections": [{"itemCount": 1}]}
            """#)
        #expect(given.visibleRect == Rect(x: -4.5, y: 250, width: 320, height: 100))
        #expect(given.options == FlowLayoutOptions(lineAlignment: .leading, layoutDirection: .rightToLeft, displayScale: 3))
        var expected = FlowLayoutConfiguration()
        expected.sectionHeadersPinToVisibleBounds = true
        #expect(given.configuration == expected)
        let footers = try decode(
            #"{"layout": {"sectionFootersPinToVisibleBounds": true, "layoutDirection": "leftToRight", "displayScale": 0.5}, "viewport": {"width": 1, "height": 1}, "sections": []}"#
        )
        #expect(footers.configuration.sectionFootersPinToVisibleBounds && !footers.configuration.sectionHeadersPinToVisibleBounds)
        #expect(footers.options == FlowLayoutOptions(displayScale: 0.5))
    }

    @Test("every name of every option", arguments: ["justified", "leading", "center", "trailing"])
    func optionNames(name: String) throws {
        let line = try decode(#"{"viewport": {"width": 1, "height": 1}, "layout": {"lineAlignment": ""# + name + #""}, "sections": []}"#)
        #expect(line.options.lineAlignment.rawValue == name)
        let last = try decode(
            #"{"viewport": {"width": 1, "height": 1}, "layout": {"lastLineAlignment": ""# + name + #""}, "sections": []}"#)
        #expect(last.options.lastLineAlignment.rawValue == name)
        let automatic = try decode(
            #"{"viewport": {"width": 1, "height": 1}, "layout": {"lastLineAlignment": "automatic"}, "sections": []}"#)
        #expect(automatic.options.lastLineAlignment == .automatic)
        for cross in ["top", "center", "bottom"] {
            let decoded = try decode(
                #"{"viewport": {"width": 1, "height": 1}, "layout": {"crossAlignment": ""# + cross + #""}, "sections": []}"#)
            #expect(decoded.options.crossAlignment.rawValue == cross)
        }
    }

    @Test("member names may be written with escapes; strings decode their escapes")
    func escapes() throws {
        let description = try decode(
            #"{"\u0076iewport": {"w\u0069dth": 1, "height": 2}, "scrollDirecti\u006fn": "horiz\u006Fntal", "sections": []}"#)
        #expect(description.viewportSize == Size(width: 1, height: 2))
        #expect(description.configuration.scrollDirection == .horizontal)
    }

    @Test(
        "lengths at the edges",
        arguments: [
            ("1e15", 1e15), ("1000000000000000", 1e15), ("999999999999999.9", 999_999_999_999_999.9),
            ("0", 0), ("0.0", 0), ("1e-400", 0), ("4.9e-324", 0x0.0000000000001p-1022), ("123.45", 123.45),
            ("77.25", 77.25), ("0.1", 0.1), ("1E2", 100), ("1e+2", 100), ("2500e-2", 25), ("0.30000000000000004", 0.30000000000000004),
            ("123456789012345.67", 123_456_789_012_345.67), ("0.1e1", 1), ("1.7976931348623157e-300", 1.7976931348623157e-300),
        ])
    func lengths(text: String, value: Double) throws {
        #expect(try width(text).bitPattern == value.bitPattern)
    }

    @Test("a negative zero is a length of zero, kept as written")
    func negativeZero() throws {
        #expect(try width("-0").bitPattern == (-0.0).bitPattern)
        #expect(try width("-0.0e7").bitPattern == (-0.0).bitPattern)
        #expect(try width("-1e-400").bitPattern == (-0.0).bitPattern)
    }

    @Test("counts at the edges", arguments: [("0", 0), ("-0", 0), ("2147483647", 2_147_483_647), ("17", 17)])
    func counts(text: String, value: Int) throws {
        let description = try decode(#"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemCount": "# + text + "}]}")
        #expect(description.sections.map(\.itemCount) == [value])
    }

    @Test("white space of every kind anywhere between tokens")
    func whitespace() throws {
        let description = try decode("\t\r\n {\r\n\"viewport\"\t:\n{ \"width\" : 1 ,\"height\":2 } , \"sections\" : [ ] } \n\t")
        #expect(description.viewportSize == Size(width: 1, height: 2))
        #expect(description.sections.isEmpty)
    }

    @Test("an unknown field's value is read through whatever it holds")
    func unknownValues() {
        let outcome = DecodingHarness.expectAgreement(
            #"{"viewport": {"width": 1, "height": 1}, "sections": [], "x": [{"a": [1, -2.5e-3, "s\n\u00e9\ud83d\ude00"]}, true, false, null]}"#
        )
        #expect(outcome.hasPrefix("error x: unknown field"))
    }

    @Test("an item-size array past one chunk of the accumulator keeps every size, in order, in an array of about its length")
    func largeSizeArray() throws {
        let count = SizeAccumulator.chunkCapacity * 2 + 3
        let sizes = (0..<count).map { #"{"width":\#($0 % 1000).5,"height":\#($0 % 7)}"# }
        let document = #"{"viewport":{"width":1,"height":1},"sections":[{"itemSizes":["# + sizes.joined(separator: ",") + "]}]}"
        let bytes = Array(document.utf8)
        let itemSizes = try #require(try LayoutDescription.decode(bytes).sections.first?.itemSizes)
        #expect(itemSizes.count == count)
        #expect(itemSizes.capacity * MemoryLayout<Size>.stride <= count * MemoryLayout<Size>.stride + 4096)
        #expect(
            itemSizes.enumerated().allSatisfy { $0.element == Size(width: Double($0.offset % 1000) + 0.5, height: Double($0.offset % 7)) })
        #expect(DecodingHarness.chunked(bytes, chunk: 4096) == DecodingHarness.streamed(bytes))
    }
}
