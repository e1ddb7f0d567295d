import FlowLayoutHosting
import Testing

/// Self-sizing through the host, as UIKit drives it: cells measure themselves
/// as they appear, the layout invalidates only for sizes that are new, and the
/// anchor element never moves on screen (`flow-layout.md` 7).
@Suite("Self-sizing through the host")
struct SelfSizingTests {
    /// What item `i` of a section measures to: whole points, so that every
    /// position is exact and movement is exactly zero or not.
    static func realSize(_ indexPath: FlowIndexPath) -> Size {
        let i = indexPath.section * 7919 + indexPath.item
        return Size(width: Double(80 + (i * 37 % 5) * 25), height: Double(40 + (i * 53 % 9) * 15))
    }

    static func selfSizing(headers: Double = 0) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(
            estimatedItemSize: Size(width: 120, height: 100), sectionInset: EdgeInsets(all: 10),
            headerReferenceSize: Size(width: 0, height: headers))
    }

    @Test("100,000 self-sizing items: the anchor never moves and no size invalidates twice")
    func hundredThousandItems() throws {
        let sections = (0..<10).map { _ in FlowSection(itemCount: 10_000) }
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing(headers: 30), sections: sections, bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(host.state.totalItemCount == 100_000)
        let view = SimulatedCollectionView(layout: host, measure: Self.realSize)
        try view.layoutPass()
        // Down from the top, at varying speeds.
        for frame in 0..<250 { try view.scroll(by: Double(20 + frame % 7 * 30)) }
        // A jump into unmeasured content, then up through it: every cell that
        // appears at the top grows or shrinks above what is on screen.
        try view.scroll(toY: view.contentSize.height / 2)
        for frame in 0..<250 { try view.scroll(by: -Double(25 + frame % 5 * 40)) }
        // From the end up, then down again over what was measured.
        try view.scroll(toY: view.maximumOffset)
        for _ in 0..<100 { try view.scroll(by: -60) }
        let accepted = view.acceptedSizes.count
        for _ in 0..<100 { try view.scroll(by: 60) }

        #expect(view.largestAnchorMovement == 0)
        #expect(view.anchorChecks > 1_000)
        // Every accepted size is one invalidation, each item's at most once; the
        // second scroll over measured cells invalidates nothing.
        #expect(view.acceptedSizes.values.allSatisfy { $0 == 1 })
        #expect(view.acceptedSizes.count == accepted)
        #expect(host.counters.sizeChanges == view.acceptedSizes.count)
        #expect(view.contextsApplied == view.acceptedSizes.count)
        #expect(view.declinedSizes > 5 * view.acceptedSizes.count)
        #expect(host.counters.unchangedSizes == view.declinedSizes)
        // Scrolling (the adjustments included) invalidated nothing.
        #expect(view.boundsContexts.isEmpty)
        #expect(host.counters.boundsInvalidations == 0)
        // What UIKit holds as the content size is the layout's.
        #expect(view.contentSize == host.collectionViewContentSize)
    }

    @Test("a size equal to the one in use invalidates nothing; a new one invalidates once")
    func unchangedSizes() throws {
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing(), sections: [FlowSection(itemCount: 50)],
            bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        var original = try host.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0))
        // The estimate, reported for an unmeasured item: nothing to do.
        #expect(try !host.shouldInvalidateLayout(forPreferredLayoutAttributes: original, withOriginalAttributes: original))
        var preferred = original
        preferred.frame.size = Size(width: 120, height: 64)
        #expect(try host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        let context = try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        host.invalidateLayout(with: context)
        // Three items of 120 fit a line of 380: item 3 shares the second line
        // with items 4 and 5, still 100 tall, so only item 3 moved (re-centred).
        #expect(context.invalidatedItemIndexPaths == [FlowIndexPath(item: 3, section: 0)])
        #expect(try host.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0)).frame.minY == 10 + 100 + 10 + 18)
        #expect(context.contentSizeAdjustment == .zero)
        #expect(context.contentOffsetAdjustment == .zero)
        // The same size again, from the old or the new attributes: false.
        original = try host.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0))
        #expect(original.frame.size == preferred.frame.size)
        #expect(try !host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
        #expect(host.counters.sizeChanges == 1)
        #expect(host.counters.unchangedSizes == 2)
    }

    @Test("the context names exactly the cells in view whose frames changed")
    func invalidatedIndexPaths() throws {
        // Items 190 wide in a 400-wide view: two per line, 100 tall.
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 190, height: 100)),
            sections: [FlowSection(itemCount: 40)], bounds: Rect(x: 0, y: 0, width: 400, height: 330))
        var preferred = try host.layoutAttributesForItem(at: FlowIndexPath(item: 2, section: 0))
        preferred.frame.size = Size(width: 190, height: 140)
        let context = try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        // Lines at 0, 110, 220 (items 0-1, 2-3, 4-5). Item 2's line grows by 40:
        // item 3 is re-centred (y 130), items 4 and 5 move down 40; item 6's
        // line (330) comes into view at 370? No: the view ends at 330, and line
        // 4 now starts at 370, so items 6 and 7 (at 330, touching before) leave it.
        #expect(
            context.invalidatedItemIndexPaths
                == [2, 3, 4, 5, 6, 7].map { FlowIndexPath(item: $0, section: 0) })
        #expect(context.contentSizeAdjustment.height == 40)
        #expect(context.invalidatedSupplementaryIndexPaths == nil)
    }

    @Test("pixel rounding: a measured size is shown as it is, its origin on the grid, and invalidates once, not forever")
    func snappedSizesDoNotLoop() throws {
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing(), sections: [FlowSection(itemCount: 200)],
            bounds: Rect(x: 0, y: 0, width: 400, height: 800), options: FlowLayoutOptions(displayScale: 2))
        let view = SimulatedCollectionView(layout: host) { _ in Size(width: 100.3, height: 60.2) }
        // Passes until the view is full of measured cells, then more.
        for _ in 0..<4 { try view.layoutPass() }
        // Origins are rounded, sizes are not (8.3).
        #expect(view.shown.contains { $0.category == .cell && $0.frame.size == Size(width: 100.3, height: 60.2) })
        #expect(
            view.shown.allSatisfy {
                ($0.frame.minX * 2).rounded() == $0.frame.minX * 2 && ($0.frame.minY * 2).rounded() == $0.frame.minY * 2
            })
        let accepted = view.acceptedSizes.count
        for _ in 0..<5 { try view.layoutPass() }
        #expect(view.acceptedSizes.count == accepted)
        #expect(view.acceptedSizes.values.allSatisfy { $0 == 1 })
    }

    @Test("headers and footers keep their reference sizes: their preferred attributes invalidate nothing")
    func supplementaryPreferredAttributes() throws {
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing(headers: 40), sections: [FlowSection(itemCount: 5)],
            bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        var header = try #require(try host.layoutAttributesForSupplementaryView(ofKind: .header, at: FlowIndexPath(item: 0, section: 0)))
        let original = header
        header.frame.size.height = 90
        #expect(try !host.shouldInvalidateLayout(forPreferredLayoutAttributes: header, withOriginalAttributes: original))
    }

    @Test("a bad preferred size or index path throws with its path and changes nothing")
    func badPreferredAttributes() throws {
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing(), sections: [FlowSection(itemCount: 5)],
            bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        let before = host.state
        var preferred = try host.layoutAttributesForItem(at: FlowIndexPath(item: 1, section: 0))
        preferred.frame.size.height = .nan
        #expect(throws: FlowLayoutError.invalidValue(path: "preferredAttributes.frame.height", value: .nan)) {
            try host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        }
        #expect(throws: FlowLayoutError.invalidValue(path: "preferredAttributes.sizeReports[0].size.height", value: .nan)) {
            try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        }
        preferred.frame.size.height = 30
        preferred.indexPath = FlowIndexPath(item: 5, section: 0)
        #expect(
            throws: FlowLayoutError.itemOutOfRange(
                path: "preferredAttributes.indexPath", indexPath: FlowIndexPath(item: 5, section: 0), itemCount: 5)
        ) {
            try host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        }
        #expect(host.state.contentSize == before.contentSize)
        #expect(
            try host.layoutAttributesForElements(in: .infinite)
                == (try {
                    var s = before; return try s.layoutAttributesForElements(in: .infinite)
                }()))
    }
}
