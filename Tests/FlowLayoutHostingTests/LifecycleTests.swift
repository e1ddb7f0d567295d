import FlowLayoutHosting
import Testing

/// The host's own lifecycle calls: `reloadData`, a configuration change, a
/// host over an existing layout, `prepare()` and plain invalidation.
@Suite("Host lifecycle")
struct LifecycleTests {
    static let selfSizing = FlowLayoutConfiguration(estimatedItemSize: Size(width: 190, height: 100))

    @Test("reloadData replaces the sections and forgets measured sizes; bad sections change nothing")
    func reloadData() throws {
        let host = try FlowLayoutHost(
            configuration: Self.selfSizing, sections: [FlowSection(itemCount: 10)], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        var preferred = try host.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0))
        preferred.frame.size.height = 60
        _ = try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        #expect(host.state.storedSizeCount == 1)
        // Item 0, centred in a line of 100, moved down 20: the bounds followed it.
        let bounds = host.bounds
        #expect(bounds == Rect(x: 0, y: 20, width: 400, height: 300))
        #expect(throws: FlowLayoutError.invalidCount(path: "sections[1].itemCount", count: -2)) {
            try host.reloadData(sections: [FlowSection(itemCount: 3), FlowSection(itemCount: -2)])
        }
        #expect(host.state.totalItemCount == 10 && host.state.storedSizeCount == 1)
        try host.reloadData(sections: [FlowSection(itemCount: 3), FlowSection(itemCount: 4)])
        #expect(host.state.numberOfSections == 2 && host.state.totalItemCount == 7)
        #expect(host.state.storedSizeCount == 0)
        #expect(host.bounds == bounds)
    }

    @Test("a configuration change keeps the anchor through the target content offset")
    func configurationChange() throws {
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 400, height: 50)),
            sections: [FlowSection(itemCount: 100)], bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let view = SimulatedCollectionView(layout: host)
        try view.scroll(toY: 600)
        // Item 10 is first in view at 600 (60 a line); with spacing 20 it is at 700.
        let context = try host.setConfiguration(
            FlowLayoutConfiguration(itemSize: Size(width: 400, height: 50), minimumLineSpacing: 20))
        #expect(context.invalidateEverything && context.contentOffsetAdjustment == Point(x: 0, y: 100))
        #expect(host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 600)) == Point(x: 0, y: 700))
        #expect(throws: FlowLayoutError.invalidValue(path: "configuration.minimumLineSpacing", value: -1)) {
            try host.setConfiguration(FlowLayoutConfiguration(minimumLineSpacing: -1))
        }
        #expect(host.state.configuration.minimumLineSpacing == 20)
    }

    @Test("a host over an existing layout takes its bounds in; prepare and invalidate only count")
    func existingState() throws {
        let state = try FlowLayoutState(
            configuration: Self.selfSizing, sections: [FlowSection(itemCount: 50)], viewportSize: Size(width: 400, height: 300))
        let host = try FlowLayoutHost(state: state, bounds: Rect(x: 0, y: 220, width: 600, height: 300))
        #expect(host.state.viewportSize == Size(width: 600, height: 300))
        #expect(host.bounds == Rect(x: 0, y: 220, width: 600, height: 300))
        let before = host.state
        host.prepare()
        host.invalidateLayout()
        host.invalidateLayout(with: InvalidationContext(invalidateEverything: true))
        #expect(host.counters.prepares == 1 && host.counters.fullInvalidations == 1 && host.counters.contextsReceived == 1)
        #expect(host.collectionViewContentSize == before.contentSize)
        #expect(InvalidationContext().isEmpty && !InvalidationContext(invalidateEverything: true).isEmpty)
        #expect(throws: FlowLayoutError.invalidValue(path: "bounds.x", value: .nan)) {
            try FlowLayoutHost(state: state, bounds: Rect(x: .nan, y: 0, width: 1, height: 1))
        }
    }
}
