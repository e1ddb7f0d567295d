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

    /// The demo completes both in `UpdateReplay.refusal(_:batch:)`; once the
    /// core does, that function reduces to `prefixingPath`.
    @Test("prefixing names in full the other operation of a position named twice, and the batch as a whole")
    func otherPaths() {
        let twice = FlowLayoutError.invalidBatch(path: "deleteItems[1]", problem: .namedTwice(otherPath: "deleteItems[0]"))
        let tooLarge = FlowLayoutError.contentTooLarge(path: "batch", extent: 2e15)
        withKnownIssue(
            """
            prefixingPath prefixes only the error's own path: the other operation keeps \
            its path within the batch ('batches[2].deleteItems[1]: names the same position \
            as deleteItems[0]'), and the batch as a whole becomes 'batches[2].batch'
            """
        ) {
            #expect(
                twice.prefixingPath(with: "batches[2].").description
                    == "batches[2].deleteItems[1]: names the same position as batches[2].deleteItems[0]")
            #expect(tooLarge.prefixingPath(with: "batches[2].").path == "batches[2]")
        }
    }
}
