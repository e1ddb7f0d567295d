import FlowLayoutHosting
import Testing

/// Flings through the host: `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
/// forwards to the core's snapping (`flow-layout.md` 8.5).
@Suite("Snapping flings through the host")
struct SnappingTests {
    /// 8.5's example: lines every 60 from 0 (items 320 × 50, spacing 10), viewport 100.
    static func view(_ snapping: FlowLayoutOptions.ScrollSnapping) throws -> SimulatedCollectionView {
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(itemCount: 40)], bounds: Rect(x: 0, y: 0, width: 320, height: 100),
            options: FlowLayoutOptions(snapping: snapping))
        return SimulatedCollectionView(layout: host)
    }

    @Test("line starts: 8.5's example, p = 95")
    func lineStart() throws {
        let view = try Self.view(.lineStart)
        #expect(try view.fling(proposedY: 95, velocityY: 0) == 120)
        #expect(view.bounds.minY == 120)
        #expect(try view.fling(proposedY: 95, velocityY: -2) == 60)
        #expect(try view.fling(proposedY: 95, velocityY: 2) == 120)
        #expect(view.shown.first?.indexPath == FlowIndexPath(item: 2, section: 0))
    }

    @Test("pages, item centres, and off (the proposal, UIKit's default)")
    func otherModes() throws {
        #expect(try Self.view(.page).fling(proposedY: 95, velocityY: 1) == 100)
        #expect(try Self.view(.page).fling(proposedY: 95, velocityY: -1) == 0)
        // Item centres: item 2's centre (145) at the view's centre (50) → 95.
        #expect(try Self.view(.itemCenter).fling(proposedY: 100, velocityY: -1) == 95)
        #expect(try Self.view(.none).fling(proposedY: 95, velocityY: 3) == 95)
        // Clamped to the content: 40 lines of 60 less the spacing, 2390, minus 100.
        #expect(try Self.view(.lineStart).fling(proposedY: 5_000, velocityY: 1) == 2_290)
    }

    @Test("a NaN proposal throws with its path")
    func badProposal() throws {
        let host = try Self.view(.lineStart).layout
        #expect(throws: FlowLayoutError.invalidValue(path: "proposedContentOffset.y", value: .nan)) {
            try host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: .nan), withScrollingVelocity: .zero)
        }
    }
}
