import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// Interactive reordering as UIKit drives it: the layout picks the target
/// under the finger (`targetIndexPath(forInteractivelyMovingItem:withPosition:)`,
/// a point hit test), moves the item there at once when the target changes
/// (the movement's invalidation context), places the moving item under the
/// finger, and ends or cancels the movement.
@MainActor
@Suite("Interactive reordering")
struct InteractiveMovementTests {
    static let configuration = FlowLayoutConfiguration()

    static func view(counts: [Int]) -> (SimulatedCollectionView, FlowCollectionViewLayout, SizingDelegate) {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        let view = SimulatedCollectionView(size: CGSize(width: 390, height: 700), layout: layout, items: identifiers(counts))
        let delegate = SizingDelegate(size: realSize, metrics: sectionMetrics)
        view.delegate = delegate
        view.layoutPass()
        return (view, layout, delegate)
    }

    /// The centre of the item at `indexPath` now.
    static func center(of indexPath: IndexPath, in layout: FlowCollectionViewLayout) -> CGPoint {
        layout.layoutAttributesForItem(at: indexPath)?.center ?? .zero
    }

    static func check(_ view: SimulatedCollectionView, _ layout: FlowCollectionViewLayout) -> [String] {
        differences(
            layout, in: view.bounds, reference: delegateSections(items: view.items, sectionIDs: view.sectionIDs),
            configuration: configuration, viewport: view.bounds.size, contentSize: false)
    }

    @Test("a reorder from start to end: the item follows the finger, the others make room at each step")
    func reorder() throws {
        let (view, layout, delegate) = Self.view(counts: [60, 40])
        let original = view.items
        let moving = view.items[0][3]
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)))
        var contexts = 0
        for target in [7, 12, 12, 20, 9] {
            let finger = Self.center(of: IndexPath(item: target, section: 0), in: layout)
            let before = view.contextsApplied
            view.updateInteractiveMovementTargetPosition(finger)
            contexts += view.contextsApplied - before
            #expect(view.items[0][target] == moving)
            #expect(Self.check(view, layout) == [])
            let attributes = try #require(view.movingAttributes)
            #expect(attributes.indexPath == IndexPath(item: target, section: 0))
            #expect(attributes.center == finger)
        }
        #expect(contexts >= 5)
        // Into the next section.
        let finger = Self.center(of: IndexPath(item: 2, section: 1), in: layout)
        view.updateInteractiveMovementTargetPosition(finger)
        #expect(view.items[1][2] == moving)
        #expect(view.items[0].count == 59)
        #expect(Self.check(view, layout) == [])
        view.endInteractiveMovement()
        #expect(delegate.sizeQueries[0] == 60)
        #expect(view.items[1][2] == moving)
        #expect(view.items != original)
        #expect(Self.check(view, layout) == [])
        // Over no cell (above the content) the target stays.
        let outside = CGPoint(x: 10, y: -5)
        #expect(
            layout.targetIndexPath(forInteractivelyMovingItem: IndexPath(item: 7, section: 0), withPosition: outside)
                == IndexPath(item: 7, section: 0))
    }

    @Test("a cancelled reorder puts the item back")
    func cancelled() {
        let (view, layout, delegate) = Self.view(counts: [80])
        let original = view.items
        let reference = Self.check(view, layout)
        #expect(reference == [])
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 10, section: 0)))
        for target in [14, 30, 25] {
            view.updateInteractiveMovementTargetPosition(Self.center(of: IndexPath(item: target, section: 0), in: layout))
            #expect(view.items[0][target] == original[0][10])
        }
        view.cancelInteractiveMovement()
        #expect(delegate.sizeQueries[0] == 80)
        #expect(view.items == original)
        #expect(Self.check(view, layout) == [])
    }

    @Test("the hit test finds the cell under a point, as a scan of the reference does")
    func hitTest() throws {
        let (view, layout, delegate) = Self.view(counts: [120, 0, 90])
        view.scroll(toY: view.maximumOffsetY)
        view.scroll(toY: 0)
        let host = try #require(layout.host)
        let reference = ReferenceLayout(
            configuration: Self.configuration, sections: delegateSections(items: view.items, sectionIDs: view.sectionIDs),
            viewportSize: Size(view.bounds.size))
        var random = SeededRandom(seed: 16)
        var hits = 0
        for _ in 0..<400 {
            let point = Point(
                x: random.double(0...390), y: random.double(0...reference.contentSize.height))
            let expected = reference.attributes.first {
                $0.category == .cell && $0.frame.minX <= point.x && point.x <= $0.frame.maxX && $0.frame.minY <= point.y
                    && point.y <= $0.frame.maxY
            }?.indexPath
            let found = try host.indexPathForItem(at: point)
            #expect(found == expected, "at \(point)")
            if found != nil { hits += 1 }
        }
        #expect(hits > 100)
        #expect(delegate.sizeQueries[2] == 90)
    }

    @Test("the movement's contexts: UIKit's index paths and target kept, the moved cells named")
    func contexts() throws {
        let (view, layout, delegate) = Self.view(counts: [50])
        #expect(delegate.sizeQueries[0] == 50)
        let from = IndexPath(item: 2, section: 0)
        let to = IndexPath(item: 6, section: 0)
        let finger = Self.center(of: to, in: layout)
        let context = layout.invalidationContext(
            forInteractivelyMovingItems: [to], withTargetPosition: finger, previousIndexPaths: [from],
            previousPosition: Self.center(of: from, in: layout))
        #expect(context.targetIndexPathsForInteractivelyMovingItems == [to])
        #expect(context.previousIndexPathsForInteractivelyMovingItems == [from])
        #expect(context.interactiveMovementTarget == finger)
        // The moved cell first, then every cell between whose place changed.
        let named = try #require(context.invalidatedItemIndexPaths)
        #expect(named.first == to)
        #expect(Set((2...6).map { IndexPath(item: $0, section: 0) }).isSubset(of: Set(named)))
        #expect(context.contentOffsetAdjustment == .zero)
        // Ending a cancelled movement moves it back and names it again.
        let ending = layout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [from], previousIndexPaths: [to], movementCancelled: true)
        #expect(ending.invalidatedItemIndexPaths?.first == from)
        withExtendedLifetime(view) {}
    }
}
