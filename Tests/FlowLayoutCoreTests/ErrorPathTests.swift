import FlowLayoutCore
import Testing

/// `FlowLayoutError.prefixingPath(with:)`, the way a caller that applies many
/// batches (the demo's `layout --updates`) names a refused operation in full:
/// `batches[2].` + `insertItems[0].item`.
@Suite("Error paths")
struct ErrorPathTests {
    @Test("prefixing names the refused operation in full")
    func prefixed() {
        let error = FlowLayoutError.invalidBatch(
            path: "insertItems[0].item", problem: .itemPastEnd(FlowIndexPath(item: 7, section: 0), itemCountAfter: 5))
        #expect(
            error.prefixingPath(with: "batches[2].").description
                == "batches[2].insertItems[0].item: 7 is past the end of section 0 (5 items after the batch)")
    }

    @Test("prefixing names in full the other operation of a position named twice, and the batch as a whole")
    func otherPaths() {
        let twice = FlowLayoutError.invalidBatch(path: "deleteItems[1]", problem: .namedTwice(otherPath: "deleteItems[0]"))
        #expect(
            twice.prefixingPath(with: "batches[2]").description
                == "batches[2].deleteItems[1]: names the same position as batches[2].deleteItems[0]")
        let tooLarge = FlowLayoutError.contentTooLarge(path: "", extent: 2e15)
        #expect(tooLarge.description.hasPrefix("the content would extend 2"))
        #expect(tooLarge.prefixingPath(with: "batches[2].").path == "batches[2]")
        let subscripted = FlowLayoutError.invalidValue(path: "[3].width", value: -1)
        #expect(subscripted.prefixingPath(with: "sizes").path == "sizes[3].width")
        #expect(subscripted.prefixingPath(with: "").path == "[3].width")
    }

    @Test("a batch past the content limit is refused as a whole")
    func batchPastLimit() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 1e14)),
            sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 100, height: 100))
        let before = try BadInputTests.observe(state)
        var batch = BatchUpdate()
        batch.insertItems(at: (0..<10).map { FlowIndexPath(item: $0, section: 0) })
        // 15 lines of 1e14 and 14 line spacings of 10.
        #expect(throws: FlowLayoutError.contentTooLarge(path: "", extent: 1.5e15 + 14 * 10)) { try state.performBatchUpdates(batch) }
        #expect(try BadInputTests.observe(state) == before)
    }
}
