import FlowLayoutCore
import FlowLayoutReference
import Testing

@testable import FlowLayoutDescription

/// An `itemSizes` array longer than one chunk of the reader (16,381 sizes)
/// decodes into chunks of that many, in order, never joined; the section is
/// the one of all the sizes in one array, and lays out the same.
@Suite("decoded item sizes in chunks")
struct ChunkedSizesTests {
    @Test("150,000 sizes: nine chunks of 16,381 and one of 2,571, the same section and frames as one array")
    func longArray() throws {
        var random = SeededRandom(seed: 31)
        let sizes = (0..<150_000).map { _ in Size(width: Double(random.int(40...190)), height: Double(random.int(1...80)) / 4) }
        var document = #"{"viewport":{"width":390,"height":844},"sections":[{"itemCount":3},{"itemSizes":["#
        document += sizes.map { #"{"width":\#($0.width),"height":\#($0.height)}"# }.joined(separator: ",")
        document += "]}]}"
        let description = try LayoutDescription.decode(Array(document.utf8))
        #expect(description.sections[0].itemSizeChunks == nil)
        let chunks = try #require(description.sections[1].itemSizeChunks)
        #expect(chunks.map(\.count) == Array(repeating: 16_381, count: 9) + [2_571])
        // Each chunk sized for its count, not grown by doubling. The slack
        // malloc adds varies with its state (a page where it maps the block;
        // once more than that in a full parallel run of the suite), so the
        // bound is half the count, not a page; the process's bytes per item
        // are the bench's target (`bench --scenario parse`).
        let capacities = chunks.map(\.capacity)
        #expect(chunks.dropLast().allSatisfy { $0.capacity < 16_381 * 3 / 2 }, "capacities \(capacities)")
        #expect(chunks[9].capacity < 2_571 * 3 / 2 + 256, "capacities \(capacities)")
        #expect(Array(chunks.joined()) == sizes)
        #expect(description.sections[1] == FlowSection(itemSizes: sizes))

        // The frames of a part of the layout, against the same sizes in one array.
        var inChunks = try FlowLayoutState(sections: description.sections, viewportSize: description.viewportSize)
        var flat = try FlowLayoutState(
            sections: [FlowSection(itemCount: 3), FlowSection(itemSizes: sizes)], viewportSize: description.viewportSize)
        #expect(inChunks.exactContentSize() == flat.exactContentSize())
        let rect = Rect(x: 0, y: flat.contentSize.height / 2, width: 390, height: 2_000)
        #expect(try inChunks.layoutAttributesForElements(in: rect) == flat.layoutAttributesForElements(in: rect))
    }

    @Test("up to one chunk: one array of exactly the sizes")
    func shortArray() throws {
        let description = try LayoutDescription.decode(
            Array(
                #"{"viewport":{"width":390,"height":844},"sections":[{"itemSizes":[{"width":1,"height":2},{"width":3,"height":4}]}]}"#.utf8)
        )
        #expect(description.sections[0].itemSizeChunks == [[Size(width: 1, height: 2), Size(width: 3, height: 4)]])
        #expect(description.sections[0].itemSizes == [Size(width: 1, height: 2), Size(width: 3, height: 4)])
    }
}
