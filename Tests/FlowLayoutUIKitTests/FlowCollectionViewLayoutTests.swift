import FlowLayoutHosting
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// The shipped `FlowCollectionViewLayout`, compiled unchanged against the
/// UIKit surface and driven by a simulated collection view in UIKit's order.
@MainActor
@Suite("FlowCollectionViewLayout in a simulated collection view")
struct FlowCollectionViewLayoutTests {
    @Test("UIKit's property defaults")
    func defaults() {
        let layout = FlowCollectionViewLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.estimatedItemSize == .zero)
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero)
        #expect(layout.sectionInsetReference == .fromContentInset)
        #expect(layout.headerReferenceSize == .zero)
        #expect(layout.footerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical)
        #expect(!layout.sectionHeadersPinToVisibleBounds)
        #expect(!layout.sectionFootersPinToVisibleBounds)
        #expect(layout.displayScale == nil)
        #expect(layout.options == FlowLayoutOptions())
        #expect(layout.collectionView == nil)
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 100, height: 100)) == nil)
    }

    @Test("100,000 self-sizing cells: the anchor never moves, no cell is invalidated twice, and a rotation keeps it")
    func selfSizingSession() {
        let layout = FlowCollectionViewLayout()
        layout.estimatedItemSize = CGSize(width: 120, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let view = SimulatedCollectionView(
            size: CGSize(width: 400, height: 800), layout: layout, items: identifiers(Array(repeating: 10_000, count: 10)))
        view.measure = realSize
        view.scale = 3  // origins rounded, as on a 3x screen
        view.layoutPass()
        let received = layout.invalidationsReceived - view.contextsApplied
        for frame in 0..<200 { view.scroll(by: CGFloat(20 + frame % 7 * 30)) }
        view.scroll(toY: view.contentSize.height / 2)
        for frame in 0..<200 { view.scroll(by: -CGFloat(25 + frame % 5 * 40)) }
        view.scroll(toY: view.maximumOffsetY)
        for _ in 0..<80 { view.scroll(by: -60) }
        let accepted = view.acceptedSizes.count
        for _ in 0..<80 { view.scroll(by: 60) }

        #expect(view.largestAnchorMovement == 0)
        #expect(view.anchorChecks > 1_000)
        #expect(view.acceptedSizes.values.allSatisfy { $0 == 1 })
        #expect(view.acceptedSizes.count == accepted)
        #expect(view.declinedSizes > 5 * accepted)
        #expect(view.boundsContexts == 0)
        #expect(view.contentSize == layout.collectionViewContentSize)
        #expect(layout.invalidationsReceived == received + view.contextsApplied)
        #expect(layout.preparesReceived > 0)

        // A rotation: the first visible cell keeps its place on screen.
        view.scroll(toY: view.contentSize.height / 3)
        guard let anchor = view.firstVisibleCell() else {
            Issue.record("nothing visible")
            return
        }
        view.resize(to: CGSize(width: 800, height: 400))
        #expect(view.boundsContexts == 1)
        let after = layout.layoutAttributesForItem(at: anchor.indexPath)
        #expect(after.map { $0.frame.minY - view.bounds.minY } == anchor.screen)
        // Lines now span 800: a row holds more cells than before.
        let line = after?.frame ?? .zero
        let row = view.shown.filter {
            $0.representedElementCategory == .cell && $0.frame.minY < line.maxY && $0.frame.maxY > line.minY
        }
        #expect(row.count >= 4)
        #expect(view.contentSize == layout.collectionViewContentSize)
    }

    @Test("origins are rounded to the screen's scale by default; 0 turns rounding off")
    func rounding() throws {
        // flow-layout.md 8.3: scale 3, viewport 393, items 100, spacing 10: the
        // gap is 46.5, the middle item's x 146.5 → round(439.5) / 3 = 440 / 3.
        let layout = FlowCollectionViewLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = SimulatedCollectionView(size: CGSize(width: 393, height: 600), layout: layout, items: identifiers([3]))
        view.scale = 3
        view.layoutPass()
        let middle = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(middle.frame.minX == 440.0 / 3)
        #expect(layout.host?.state.options.displayScale == 3)
        layout.displayScale = 0
        view.layoutPass()
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 146.5)
        layout.displayScale = nil
        view.scale = 2
        view.layoutPass()
        #expect(layout.host?.state.options.displayScale == 2)
    }

    @Test("headers pin below the adjusted content inset, and lines span the width inside it")
    func pinningBelowContentInset() throws {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let view = SimulatedCollectionView(size: CGSize(width: 340, height: 600), layout: layout, items: identifiers([40, 40]))
        view.contentInset = UIEdgeInsets(top: 88, left: 10, bottom: 34, right: 10)
        view.contentOffset = CGPoint(x: -10, y: -88)
        view.layoutPass()
        // At rest, the header is at its natural place, under the inset.
        let header = UICollectionView.elementKindSectionHeader
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 0))?.frame.minY == 0)
        // Lines span 340 − 20: three items of 100 with spacing 10 fit.
        #expect(layout.collectionViewContentSize.width == 320)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 40)
        // Scrolled, the header sticks to the top of the visible bounds below the inset.
        view.scroll(toY: 300)
        let pinned = try #require(
            view.shown.first { $0.representedElementKind == header && $0.indexPath.section == 0 })
        #expect(pinned.frame.minY == view.contentOffset.y + 88)
        #expect(view.boundsContexts > 0)
        // The safe area as reference adds what the content inset does not cover.
        layout.sectionInsetReference = .fromSafeArea
        view.safeArea = UIEdgeInsets(top: 0, left: 30, bottom: 0, right: 30)
        view.layoutPass()
        #expect(layout.host?.state.configuration.sectionInset.left == 20)
    }

    @Test("a property change invalidates the layout and is taken at the next pass")
    func propertyChanges() {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        let view = SimulatedCollectionView(size: CGSize(width: 400, height: 600), layout: layout, items: identifiers([100]))
        view.layoutPass()
        let received = layout.invalidationsReceived
        layout.itemSize = CGSize(width: 90, height: 30)
        #expect(layout.invalidationsReceived == received + 1)
        view.layoutPass()
        #expect(layout.host?.state.configuration.itemSize == Size(width: 90, height: 30))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 40)
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        view.layoutPass()
        // automaticSize: cells size themselves, estimated at itemSize.
        #expect(layout.host?.state.configuration.estimatedItemSize == Size(width: 90, height: 30))
        layout.scrollDirection = .horizontal
        view.layoutPass()
        #expect(layout.host?.state.configuration.scrollDirection == .horizontal)
    }

    @Test("a batch update's appearing and disappearing attributes: inserted cells fade in, the others move")
    func transitions() throws {
        let layout = FlowCollectionViewLayout()
        layout.displayScale = 0
        layout.itemSize = CGSize(width: 100, height: 100)
        let view = SimulatedCollectionView(size: CGSize(width: 320, height: 600), layout: layout, items: identifiers([30]))
        view.layoutPass()
        var items = view.items
        items[0].insert(999, at: 1)
        let insert = UICollectionViewUpdateItem(
            action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(item: 1, section: 0))
        let animation = view.performBatchUpdates([insert], newItems: items, sectionIDs: view.sectionIDs)
        let inserted = try #require(
            animation.appearing[Key(UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0)))] ?? nil)
        #expect(inserted.alpha == 0)
        #expect(inserted.frame == layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame)
        // Item 1 before the update is item 2 after: it ends at its new frame, opaque.
        let moved = try #require(
            animation.disappearing[Key(UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0)))] ?? nil)
        #expect(moved.alpha == 1)
        #expect(moved.frame == layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame)
        // Outside an update there are none.
        #expect(layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 1, section: 0)) == nil)
    }
}
