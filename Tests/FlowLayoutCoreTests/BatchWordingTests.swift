import FlowLayoutCore
import FlowLayoutReference
import Testing

/// The wording of `flow-layout.md` 10.2 and 10.4 checked from outside (issue 19):
/// what an insert without a size gets, that `itemSizes` are explicit sizes even
/// with an estimate, the kept edge of a right-to-left horizontal layout, pinned
/// elements never anchoring; and a reloaded section's dropped header named by
/// its path before the batch.
@Suite("Batch wording (10.2, 10.4, transitions)")
struct BatchWordingTests {
    @Test("10.2 an insert without a size takes itemSize, and a section of equal sizes stays uniform")
    func insertWithoutSizeTakesItemSize() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)),
            sections: [FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 4))],
            viewportSize: Size(width: 330, height: 500))
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 4, section: 0), size: nil)
        _ = try state.performBatchUpdates(batch)
        let frames = try state.layoutAttributesForElements(in: .infinite).map(\.frame)
        #expect(frames.count == 5 && frames[4].size == Size(width: 100, height: 50))
        // Uniform: the last line on the columns of a full line (3.3), 0 and 115.
        #expect(frames.suffix(2).map(\.minX) == [0, 115])
        // A reload with another size makes it non-uniform: the last line is leading.
        var other = BatchUpdate()
        other.reloadItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: 100, height: 60))
        _ = try state.performBatchUpdates(other)
        #expect(try state.layoutAttributesForElements(in: .infinite).map(\.frame.minX).suffix(2) == [0, 110])
    }

    @Test("10.2 in a self-sizing layout an insert without a size is unmeasured, at the estimate")
    func insertWithoutSizeSelfSizing() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 40)),
            sections: [FlowSection(itemCount: 2)], viewportSize: Size(width: 320, height: 500))
        _ = try state.reportSize(Size(width: 100, height: 70), forItemAt: FlowIndexPath(item: 0, section: 0))
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: nil)
        _ = try state.performBatchUpdates(batch)
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 0)) == nil)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame.size == Size(width: 100, height: 40))
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 1, section: 0)) == Size(width: 100, height: 70))
    }

    @Test("10.2 itemSizes are explicit sizes even with an estimate: a reload without a size keeps them")
    func itemSizesExplicitWithEstimate() throws {
        let sizes = [Size(width: 90, height: 30), Size(width: 120, height: 60)]
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 50, height: 50)),
            sections: [FlowSection(itemSizes: sizes), FlowSection(itemCount: 1)], viewportSize: Size(width: 320, height: 500))
        _ = try state.reportSize(Size(width: 70, height: 20), forItemAt: FlowIndexPath(item: 0, section: 1))
        var batch = BatchUpdate()
        batch.reloadItems(at: [FlowIndexPath(item: 1, section: 0), FlowIndexPath(item: 0, section: 1)])
        _ = try state.performBatchUpdates(batch)
        // The explicit size stays; the measured self-sizing item becomes unmeasured.
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0)).frame.size == sizes[1])
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 0, section: 1)) == nil)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 1)).frame.size == Size(width: 50, height: 50))
        // The reference model reads 10.2 alike.
        var model = ReferenceModel(
            configuration: state.configuration, sections: [FlowSection(itemSizes: sizes), FlowSection(itemCount: 1)],
            viewportSize: Size(width: 320, height: 500))
        model.apply([SizeReport(indexPath: FlowIndexPath(item: 0, section: 1), size: Size(width: 70, height: 20))])
        model.apply(batch)
        #expect(model.sections[0].sizes[1] == sizes[1])
        #expect(model.sections[1].sizes[0] == nil)
    }

    @Test("10.4 scrolling horizontally right to left, the kept edge is the anchor's right edge")
    func keptEdgeRightToLeft() throws {
        // Columns of one item 100 wide (along the scroll axis), 10 apart: content
        // 10 · 100 + 9 · 10 = 1090; mirrored, item k at x 990 − 110k. V at x 500
        // (250 wide): item 3 (660 ..< 760) is the first element in view.
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(
                scrollDirection: .horizontal, itemSize: Size(width: 100, height: 100), minimumLineSpacing: 10),
            sections: [FlowSection(itemCount: 10)], viewportSize: Size(width: 250, height: 100),
            options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        try state.setVisibleRect(Rect(x: 500, y: 0, width: 250, height: 100))
        // Item 3 reloaded 60 wide: content 1050, item 3 at 1050 − 330 − 60 = 660 ..< 720.
        // Its right edge, 260 into V before, stays 260 into V: V moves to 460 (−40);
        // keeping the left edge would move nothing.
        var batch = BatchUpdate()
        batch.reloadItem(at: FlowIndexPath(item: 3, section: 0), size: Size(width: 60, height: 100))
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 3, section: 0)))
        #expect(result.update.contentOffsetAdjustment == Point(x: -40, y: 0))
        let frame = try state.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0)).frame
        #expect(frame.maxX - (state.visibleRect?.minX ?? .nan) == 260)
    }

    @Test("10.4 a pinned header is never the anchor: the first cell in view is")
    func pinnedNeverAnchors() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.sectionHeadersPinToVisibleBounds = true
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 10)], viewportSize: Size(width: 320, height: 100))
        // V at 120: the header pins there (first in element order); item 1 (100 ..< 150) is in view.
        try state.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        var batch = BatchUpdate()
        batch.insertItems(at: [FlowIndexPath(item: 0, section: 0)])
        let result = try state.performBatchUpdates(batch)
        #expect(result.update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 2, section: 0)))
        #expect(result.update.contentOffsetAdjustment == Point(x: 0, y: 60))
    }

    @Test("a header a reloaded section drops is named by its path before the batch (the issue's reproduction)")
    func droppedHeaderNamedBefore() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50))
        configuration.headerReferenceSize = Size(width: 0, height: 20)
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 1), FlowSection(itemCount: 1)],
            viewportSize: Size(width: 320, height: 200))
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 320, height: 200))
        var batch = BatchUpdate()
        batch.deleteSections([0])
        batch.reloadSection(1, with: FlowSection(itemCount: 1, headerReferenceSize: Size(width: 0, height: 0)))
        let result = try state.performBatchUpdates(batch)
        let headers = result.transitions.filter { $0.category == .header }
        #expect(headers.count == 2)
        #expect(Set(headers.map(\.indexPath)) == [FlowIndexPath(item: 0, section: 0), FlowIndexPath(item: 0, section: 1)])
        #expect(headers.allSatisfy { $0.after == nil })
        // Every transition has its own name.
        let names = result.transitions.map { "\($0.category) \($0.indexPath) \($0.after == nil)" }
        #expect(Set(names).count == names.count)
    }
}
