import FlowLayoutCore
import Testing

/// Turning pinning on keeps the content still (`flow-layout.md` 7.2, 8.1): a
/// header that pins after the change is no anchor, since its frame then
/// follows the visible rect. Found by the presentation operation sequences
/// (seed 900044 of `PresentationSequenceTests`).
@Suite("Anchoring through a pinning change")
struct PinningChangeAnchorTests {
    @Test("a header about to pin is not the anchor: the cells stay where they were", arguments: ScrollDirection.allCases)
    func headerAboutToPin(direction: ScrollDirection) throws {
        var configuration = FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40))
        var viewport = Size(width: 320, height: 100)
        var visible = Rect(x: 0, y: 20, width: 320, height: 100)
        if direction == .horizontal {
            configuration = configuration.transposed
            viewport = viewport.transposed
            visible = visible.transposed
        }
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 10)], viewportSize: viewport)
        // V starts at 20: header 0 (0 ..< 40) is the first visible element;
        // item 0 is at 40.
        try state.setVisibleRect(visible)
        var pinning = configuration
        pinning.sectionHeadersPinToVisibleBounds = true
        let update = try state.setConfiguration(pinning)
        #expect(update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 0, section: 0)))
        #expect(update.contentOffsetAdjustment == .zero)
        #expect(state.visibleRect == visible)
        // The header now sits at the top of V, over item 0.
        let header = try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: 0))
        #expect(header.map { direction == .vertical ? $0.frame.minY : $0.frame.minX } == 20)
        // Turning it off again: the header (pinned before the change) is no anchor either.
        let back = try state.setConfiguration(configuration)
        #expect(back.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 0, section: 0)))
        #expect(back.contentOffsetAdjustment == .zero)
    }
}
