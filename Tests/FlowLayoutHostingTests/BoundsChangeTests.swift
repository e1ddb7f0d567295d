import FlowLayoutHosting
import Testing

/// Bounds changes through the host: scrolls invalidate nothing but pinned
/// headers and footers (`flow-layout.md` 7.3, 8.1); a size change re-lays out
/// and keeps the anchor still (7.2, 7.3).
@Suite("Bounds changes through the host")
struct BoundsChangeTests {
    /// 8.1's example: viewport 320 × 100, sections of a 40 header and 4 items
    /// 320 × 50, spacing 10, no insets: each section 270 long.
    static func pinnedExample(footers: Bool = false) throws -> FlowLayoutHost {
        let configuration = FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40),
            footerReferenceSize: Size(width: 0, height: footers ? 20 : 0), sectionHeadersPinToVisibleBounds: !footers,
            sectionFootersPinToVisibleBounds: footers)
        return try FlowLayoutHost(
            configuration: configuration, sections: Array(repeating: FlowSection(itemCount: 4), count: 5),
            bounds: Rect(x: 0, y: 0, width: 320, height: 100))
    }

    @Test("a scroll invalidates nothing and takes the bounds in")
    func scrollInvalidatesNothing() throws {
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(headerReferenceSize: Size(width: 0, height: 40)),
            sections: Array(repeating: FlowSection(itemCount: 100), count: 3), bounds: Rect(x: 0, y: 0, width: 320, height: 480))
        let view = SimulatedCollectionView(layout: host)
        try view.layoutPass()
        for _ in 0..<40 { try view.scroll(by: 70) }
        #expect(try !host.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 12, width: 320, height: 480)))
        #expect(host.bounds == Rect(x: 0, y: 12, width: 320, height: 480))
        #expect(view.boundsContexts.isEmpty)
        #expect(view.contextsApplied == 0)
        #expect(host.counters.boundsChangesTakenIn == 41)
    }

    @Test("pinned headers: a scroll invalidates only the pinned headers in view, which follow it (8.1's example)")
    func pinnedHeaders() throws {
        let host = try Self.pinnedExample()
        let view = SimulatedCollectionView(layout: host)
        try view.layoutPass()
        try view.scroll(toY: 100)
        let header0 = FlowIndexPath(item: 0, section: 0)
        let header1 = FlowIndexPath(item: 0, section: 1)
        #expect(view.boundsContexts.last == InvalidationContext(invalidatedSupplementaryIndexPaths: [.header: [header0]]))
        #expect(view.shown.first { $0.identifier == .header(0) }?.frame == Rect(x: 0, y: 100, width: 320, height: 40))
        #expect(view.shown.first { $0.identifier == .header(0) }?.zIndex == 10)
        try view.scroll(toY: 250)
        #expect(
            view.boundsContexts.last == InvalidationContext(invalidatedSupplementaryIndexPaths: [.header: [header0, header1]]))
        #expect(view.shown.first { $0.identifier == .header(0) }?.frame.minY == 230)
        #expect(view.shown.first { $0.identifier == .header(1) }?.frame.minY == 270)
        #expect(view.boundsContexts.allSatisfy { $0.invalidatedItemIndexPaths == nil && !$0.invalidateEverything })
        #expect(view.boundsContexts.allSatisfy { $0.contentOffsetAdjustment == .zero })
        #expect(host.counters.boundsInvalidations == 2)
    }

    @Test("pinned footers: a scroll names the pinned footers in view before or after it")
    func pinnedFooters() throws {
        let host = try Self.pinnedExample(footers: true)
        let view = SimulatedCollectionView(layout: host)
        try view.layoutPass()
        // Section 0 spans 0 ..< 290 (header 40, lines 230, footer 20); in a view
        // at 0 its footer pins to the view's bottom, 80.
        #expect(view.shown.first { $0.category == .footer }?.frame.minY == 80)
        try view.scroll(toY: 300)
        let footer = { (section: Int) in FlowIndexPath(item: 0, section: section) }
        #expect(view.boundsContexts.last?.invalidatedSupplementaryIndexPaths == [.footer: [footer(0), footer(1)]])
        #expect(view.shown.first { $0.category == .footer }?.frame.minY == 380)
    }

    @Test("a rotation re-lays out, keeps the anchor on screen, and matches a layout made at the new size")
    func rotation() throws {
        func size(_ item: Int, _ section: Int) -> Size {
            let width: Int = 60 + (item * 7 + section) % 5 * 40
            let height: Int = 40 + item % 4 * 20
            return Size(width: Double(width), height: Double(height))
        }
        let sections: [FlowSection] = (0..<20).map { section in FlowSection(itemSizes: (0..<60).map { size($0, section) }) }
        let configuration = FlowLayoutConfiguration(headerReferenceSize: Size(width: 0, height: 30))
        let host = try FlowLayoutHost(configuration: configuration, sections: sections, bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        let view = SimulatedCollectionView(layout: host)
        try view.scroll(toY: 9_000)
        for size in [Size(width: 800, height: 400), Size(width: 400, height: 800), Size(width: 600, height: 900)] {
            let anchor = try #require(try view.firstVisibleElement())
            try view.resize(to: size)
            #expect(try view.screenPosition(of: anchor.element) == anchor.screen)
            #expect(view.boundsContexts.last?.invalidateEverything == true)
            var fresh = try FlowLayoutState(
                configuration: configuration, sections: sections, viewportSize: size, options: host.state.options)
            #expect(view.shown == (try fresh.layoutAttributesForElements(in: view.bounds)))
            #expect(view.contentSize == host.collectionViewContentSize)
        }
        #expect(view.contextsApplied == 3)
    }

    @Test("a change of the extent along the scroll axis alone invalidates nothing")
    func heightChange() throws {
        let host = try FlowLayoutHost(sections: [FlowSection(itemCount: 500)], bounds: Rect(x: 0, y: 0, width: 400, height: 800))
        let view = SimulatedCollectionView(layout: host)
        try view.scroll(toY: 1_000)
        let before = view.shown
        try view.resize(to: Size(width: 400, height: 500))
        #expect(view.boundsContexts.isEmpty)
        #expect(host.state.viewportSize == Size(width: 400, height: 500))
        #expect(view.shown == before.filter { $0.frame.minY <= 1_500 })
    }

    @Test("bad bounds throw with their path and change nothing")
    func badBounds() throws {
        let host = try Self.pinnedExample()
        #expect(throws: FlowLayoutError.invalidValue(path: "newBounds.y", value: .infinity)) {
            try host.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: .infinity, width: 320, height: 100))
        }
        #expect(throws: FlowLayoutError.invalidValue(path: "newBounds.width", value: -1)) {
            try host.invalidationContext(forBoundsChange: Rect(x: 0, y: 0, width: -1, height: 100))
        }
        #expect(throws: FlowLayoutError.invalidValue(path: "bounds.height", value: .nan)) {
            try FlowLayoutHost(sections: [], bounds: Rect(x: 0, y: 0, width: 1, height: .nan))
        }
        #expect(host.bounds == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(host.state.viewportSize == Size(width: 320, height: 100))
    }
}
