import FlowLayoutCore
import Testing

@testable import FlowLayoutDescription

/// The description's waterfall keys (`layout-description.md`, Waterfall
/// sections): `waterfall` in `layout` and in a section (`null` turning the
/// layout's off), a section's `itemColumns`, and their refusals (12.6).
@Suite("description: waterfall sections")
struct WaterfallDescriptionTests {
    static func document(layout: String = "", section: String) -> String {
        #"{"viewport": {"width": 320, "height": 400}, "layout": {\#(layout)}, "sections": [{"itemCount": 1}, {"itemCount": 3\#(section)}]}"#
    }

    func decode(_ document: String) throws -> LayoutDescription {
        try LayoutDescription.decode(Array(document.utf8))
    }

    func refusal(_ document: String) -> String? {
        do {
            _ = try decode(document)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("layout's waterfall for every section; a section's own, or null for lines; itemColumns")
    func reading() throws {
        let description = try decode(
            Self.document(
                layout: #""waterfall": {"columnCount": 2}"#,
                section: #", "waterfall": {"minimumColumnWidth": 150.5}, "itemColumns": [1, 0, 1]"#))
        #expect(description.configuration.waterfall == .count(2))
        #expect(description.sections[0].kind == nil)
        #expect(description.sections[1].kind == .waterfall(.minimumWidth(150.5)))
        #expect(description.sections[1].itemColumns == [1, 0, 1])
        let off = try decode(Self.document(layout: #""waterfall": {"columnCount": 3}"#, section: #", "waterfall": null"#))
        #expect(off.sections[1].kind == .flow)
        let none = try decode(Self.document(section: ""))
        #expect(none.configuration.waterfall == nil && none.sections[1].kind == nil)
    }

    @Test("refusals name the path, in the engine's words")
    func refusals() {
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columnCount": 0}"#))
                == "sections[1].waterfall.columnCount: must be an integer from 1 to 64 (got 0)")
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columnCount": 65}"#))
                == "sections[1].waterfall.columnCount: must be an integer from 1 to 64 (got 65)")
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columnCount": 1.5}"#))
                == "sections[1].waterfall.columnCount: must be an integer from 1 to 64 (got 1.5)")
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columnCount": "2"}"#))
                == "sections[1].waterfall.columnCount: must be an integer from 1 to 64, not a string")
        #expect(
            refusal(Self.document(layout: #""waterfall": {"minimumColumnWidth": 0}"#, section: ""))
                == "layout.waterfall.minimumColumnWidth: must be a finite number > 0 (got 0)")
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columnCount": 2, "minimumColumnWidth": 100}"#))
                == "sections[1].waterfall: gives both columnCount and minimumColumnWidth; give one")
        #expect(
            refusal(Self.document(section: #", "waterfall": {}"#))
                == "sections[1].waterfall: needs columnCount or minimumColumnWidth")
        #expect(
            refusal(Self.document(section: #", "waterfall": {"columns": 2}"#))
                == "sections[1].waterfall.columns: unknown field (expected one of: columnCount, minimumColumnWidth)")
        #expect(
            refusal(Self.document(section: #", "waterfall": 2"#)) == "sections[1].waterfall: must be an object, not a number")
        #expect(
            refusal(Self.document(section: #", "itemColumns": [0, -1]"#))
                == "sections[1].itemColumns[1]: must be a whole number from 0 to 2147483647")
    }

    @Test("the engine refuses columns that do not fit the section, with the description's path")
    func engineRefusals() throws {
        func refused(_ section: String) throws -> String? {
            let description = try decode(Self.document(section: section))
            do {
                _ = try FlowLayoutState(
                    configuration: description.configuration, sections: description.sections,
                    viewportSize: description.viewportSize)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(
            try refused(#", "waterfall": {"columnCount": 2}, "itemColumns": [0, 1]"#)
                == "sections[1].itemColumns: holds 2 columns but the section has 3 items")
        #expect(
            try refused(#", "waterfall": {"columnCount": 2}, "itemColumns": [0, 2, 1]"#)
                == "sections[1].itemColumns[1]: must be a column from 0 to 1 (got 2)")
        #expect(try refused(#", "itemColumns": [0, 0, 0]"#) == "sections[1].itemColumns: is only for waterfall sections")
        #expect(try refused(#", "waterfall": {"columnCount": 2}, "itemColumns": [1, 1, 0]"#) == nil)
    }
}
