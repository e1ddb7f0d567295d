// Interactive reordering is iOS's (Mac Catalyst and visionOS compile as iOS
// or share its UIKit); tvOS is left out.
#if canImport(UIKit) && (os(iOS) || os(visionOS))
import FlowLayoutUIKit
import Testing
import UIKit

/// Interactive reordering in a real collection view: UIKit asks the layout for
/// the index path under the finger (`targetIndexPath(forInteractivelyMovingItem:withPosition:)`),
/// moves the item there with the layout's invalidation context, and at the end
/// tells the data source the move (`collectionView(_:moveItemAt:to:)`).
@MainActor
@Suite("In a window: interactive reordering")
struct ReorderingInWindowTests {
    static func view() -> (WindowedCollectionView, ItemsDataSource) {
        let view = WindowedCollectionView(layout: WindowedCollectionView.grid())
        let dataSource = ItemsDataSource(items: Array(0..<30))
        view.collectionView.dataSource = dataSource
        view.layOut()
        return (view, dataSource)
    }

    /// The centre of where the grid puts item `index`.
    static func center(_ index: Int) -> CGPoint {
        let frame = WindowedCollectionView.gridFrame(index)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    @Test("item 1 dragged over item 7 and dropped: the data source moves 1 to 7, every item on the grid")
    func reorder() throws {
        let (view, dataSource) = Self.view()
        let collectionView = view.collectionView
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        for target in [4, 7] {
            collectionView.updateInteractiveMovementTargetPosition(Self.center(target))
            view.layOut(passes: 1)
            // The moving cell is at the target's index path, under the finger; the
            // others made room, each on the grid.
            #expect(collectionView.cellForItem(at: IndexPath(item: target, section: 0))?.center == Self.center(target))
            for item in 0..<30 {
                #expect(view.frame(ofItem: item) == WindowedCollectionView.gridFrame(item), "item \(item) moving to \(target)")
            }
        }
        collectionView.endInteractiveMovement()
        view.layOut()
        #expect(dataSource.moves.count == 1)
        #expect(dataSource.moves.first.map { [$0.from, $0.to] } == [1, 7])
        #expect(dataSource.items == [0, 2, 3, 4, 5, 6, 7, 1] + Array(8..<30))
        for item in 0..<30 {
            #expect(view.frame(ofItem: item) == WindowedCollectionView.gridFrame(item), "item \(item)")
        }
    }

    @Test("a cancelled movement puts everything back, and the data source hears nothing")
    func cancel() throws {
        let (view, dataSource) = Self.view()
        let collectionView = view.collectionView
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
        collectionView.updateInteractiveMovementTargetPosition(Self.center(12))
        view.layOut(passes: 1)
        collectionView.cancelInteractiveMovement()
        view.layOut()
        #expect(dataSource.moves.isEmpty)
        #expect(dataSource.items == Array(0..<30))
        for item in 0..<30 {
            #expect(view.frame(ofItem: item) == WindowedCollectionView.gridFrame(item), "item \(item)")
        }
    }
}
#endif
