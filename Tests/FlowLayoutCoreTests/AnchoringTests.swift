import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Scroll anchoring (`flow-layout.md` 7.2): a host that applies every returned
/// adjustment sees its anchor element stay exactly where it was on screen.
@Suite("Scroll anchoring")
struct AnchoringTests {
    /// The real size of an item: the estimate scaled by up to ±50%, per item, seeded.
    static func realSize(_ indexPath: FlowIndexPath, estimate: Size) -> Size {
        var random = SeededRandom(seed: UInt64(indexPath.section) << 32 ^ UInt64(indexPath.item) ^ 0xA11C)
        return Size(
            width: (estimate.width * random.double(0.5...1.5) * 4).rounded() / 4,
            height: (estimate.height * random.double(0.5...1.5) * 3).rounded() / 3)
    }

    /// A simulated session over 100,000 self-sizing items: drags down, jumps, drags
    /// back up through items that were never measured, measuring whatever comes on
    /// screen, one frame at a time.
    @Test(
        "the anchor never moves on screen over a 100,000-item self-sizing session",
        arguments: [
            FlowLayoutOptions.ScrollAnchor.firstVisibleItem, .lastVisibleItem,
        ])
    func anchoredSession(anchor: FlowLayoutOptions.ScrollAnchor) throws {
        let estimate = Size(width: 110, height: 90)
        let configuration = FlowLayoutConfiguration(estimatedItemSize: estimate)
        let sections = (0..<100).map { _ in FlowSection(itemCount: 1_000) }
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: Size(width: 390, height: 844),
            options: FlowLayoutOptions(scrollAnchor: anchor))
        var offset = 0.0
        var measured = Set<FlowIndexPath>()
        var toReport: [SizeReport] = []
        var frames = 0
        var largestJump = 0.0

        func frame(to newOffset: Double) throws {
            let rect = Rect(x: 0, y: newOffset, width: 390, height: 844)
            // Where the engine's anchor is on screen before the update.
            try state.setVisibleRect(rect)
            let visible = try state.layoutAttributesForElements(in: rect)
            let result = try state.performFrame(FrameRequest(visibleRect: rect, sizeReports: toReport))
            offset = newOffset + result.update.contentOffsetAdjustment.y
            #expect(result.visibleRect.minY == offset)
            if let id = result.update.anchor, let before = visible.first(where: { $0.identifier == id }) {
                let after = try result.elements.first { $0.identifier == id } ?? state.layoutAttributesForItem(at: id.indexPath)
                let edgeBefore = anchor == .firstVisibleItem ? before.frame.minY : before.frame.maxY
                let edgeAfter = anchor == .firstVisibleItem ? after.frame.minY : after.frame.maxY
                let jump = abs((edgeAfter - offset) - (edgeBefore - newOffset))
                largestJump = max(largestJump, jump)
            } else if !toReport.isEmpty && !visible.isEmpty {
                Issue.record("frame \(frames): reports applied without an anchor")
            }
            toReport = result.elements.filter { $0.category == .cell && !measured.contains($0.indexPath) }.map {
                measured.insert($0.indexPath)
                return SizeReport(indexPath: $0.indexPath, size: Self.realSize($0.indexPath, estimate: estimate))
            }
            frames += 1
        }

        for _ in 0..<600 { try frame(to: offset + 37.5) }
        // Jump to the middle, settle, then drag up through unmeasured items: every
        // report lands above the anchor.
        try frame(to: state.contentSize.height / 2)
        for _ in 0..<600 { try frame(to: offset - 41.25) }
        try frame(to: state.contentSize.height - 844)
        for _ in 0..<200 { try frame(to: offset - 50) }
        #expect(frames == 1_402)
        #expect(measured.count > 1_000)
        #expect(largestJump <= 1e-9, "largest anchor jump \(largestJump)")
    }

    @Test("a width change keeps the first visible item's leading edge on screen")
    func viewportChangeKeepsAnchor() throws {
        let configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 60))
        var state = try FlowLayoutState(
            configuration: configuration, sections: (0..<50).map { _ in FlowSection(itemCount: 200) },
            viewportSize: Size(width: 390, height: 844))
        _ = try state.reportSizes(
            (0..<50).flatMap { s in
                (0..<200).filter { $0 % 7 == 0 }.map {
                    SizeReport(indexPath: FlowIndexPath(item: $0, section: s), size: Size(width: 150, height: 90))
                }
            })
        let rect = Rect(x: 0, y: 123_456.5, width: 390, height: 844)
        try state.setVisibleRect(rect)
        let anchor = try state.layoutAttributesForElements(in: rect).first!
        let update = try state.setViewportSize(Size(width: 844, height: 390))
        #expect(update.anchor == anchor.identifier)
        let moved = try state.layoutAttributesForItem(at: anchor.indexPath)
        let screenBefore = anchor.frame.minY - rect.minY
        let screenAfter = moved.frame.minY - (rect.minY + update.contentOffsetAdjustment.y)
        #expect(abs(screenAfter - screenBefore) <= 1e-9)
        #expect(state.visibleRect?.minY == rect.minY + update.contentOffsetAdjustment.y)
    }

    @Test("mean-of-reports estimates converge and keep the anchor")
    func estimateRefinement() throws {
        let configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 390, height: 44))
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 100_000)],
            viewportSize: Size(width: 390, height: 844), options: FlowLayoutOptions(estimateRefinement: .meanOfReportedSizes))
        let initial = state.contentSize.height
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 390, height: 844))
        var offset = 0.0
        for chunk in 0..<40 {
            let reports = (0..<50).map {
                SizeReport(indexPath: FlowIndexPath(item: chunk * 50 + $0, section: 0), size: Size(width: 390, height: 120))
            }
            let rect = Rect(x: 0, y: offset, width: 390, height: 844)
            try state.setVisibleRect(rect)
            let anchor = try state.layoutAttributesForElements(in: rect).first!
            let update = try state.reportSizes(reports)
            offset += update.contentOffsetAdjustment.y
            let after = try state.layoutAttributesForItem(at: anchor.indexPath)
            #expect(abs((after.frame.minY - offset) - (anchor.frame.minY - rect.minY)) <= 1e-9)
            offset += 200
        }
        // Every item measured 120 high: the estimate moved there, so the content size
        // is close to the truth although 98% of the items were never measured.
        #expect(state.currentEstimatedItemSize == Size(width: 390, height: 120))
        let truth = 100_000 * 120.0 + 99_999 * 10
        #expect(abs(state.contentSize.height - truth) < 1)
        #expect(initial < truth / 2)
    }

    /// The offset a host answers after an update (its `targetContentOffset`)
    /// is the engine's: where the last batch, viewport or configuration change
    /// put the visible rect, moved by every adjustment since, until the rect
    /// is set elsewhere; a size report alone holds nothing.
    @Test("the engine holds the offset an update asks for until the host scrolls elsewhere")
    func anchoredContentOffset() throws {
        // 10.4's example: 320 × 50 one per line, spacing 10, V.y = 120.
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50), minimumLineSpacing: 10),
            sections: [FlowSection(itemCount: 20)], viewportSize: Size(width: 320, height: 100))
        try state.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        #expect(state.anchoredContentOffset == nil)
        // A report above the anchor moves the rect by +30 but holds nothing.
        var update = try state.reportSize(Size(width: 320, height: 80), forItemAt: FlowIndexPath(item: 0, section: 0))
        #expect(update.contentOffsetAdjustment == Point(x: 0, y: 30))
        #expect(state.anchoredContentOffset == nil)
        // A batch: 3 items inserted above the anchor, +180, held.
        var batch = BatchUpdate()
        batch.insertItems(at: (0..<3).map { FlowIndexPath(item: $0, section: 0) })
        update = try state.performBatchUpdates(batch).update
        #expect(update.contentOffsetAdjustment == Point(x: 0, y: 180))
        #expect(state.anchoredContentOffset == Point(x: 0, y: 330))
        // A later report moves the hold with the rect.
        update = try state.reportSize(Size(width: 320, height: 50), forItemAt: FlowIndexPath(item: 3, section: 0))
        #expect(update.contentOffsetAdjustment == Point(x: 0, y: -30))
        #expect(state.anchoredContentOffset == Point(x: 0, y: 300))
        // The rect set where the hold is keeps it; elsewhere ends it.
        try state.setVisibleRect(Rect(x: 0, y: 300, width: 320, height: 100))
        #expect(state.anchoredContentOffset == Point(x: 0, y: 300))
        try state.setVisibleRect(Rect(x: 0, y: 301, width: 320, height: 100))
        #expect(state.anchoredContentOffset == nil)
        // A configuration change holds the rect where it leaves it.
        update = try state.setConfiguration(
            FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50), minimumLineSpacing: 20))
        #expect(state.anchoredContentOffset == state.visibleRect?.origin)
        #expect(update.contentOffsetAdjustment.y > 0)
    }
}
