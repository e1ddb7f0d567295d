#if canImport(UIKit) && !os(watchOS)
import FlowLayoutUIKit
import Testing
import UIKit

/// A batch update in a real collection view: `performBatchUpdates` hands the
/// layout UIKit's update items (`prepare(forCollectionViewUpdates:)`), then
/// asks where the content offset goes (`targetContentOffset(forProposedContentOffset:)`).
@MainActor
@Suite("In a window: performBatchUpdates")
struct BatchUpdateInWindowTests {
    static func view(items: Int) -> (WindowedCollectionView, ItemsDataSource) {
        let view = WindowedCollectionView(layout: WindowedCollectionView.grid())
        let dataSource = ItemsDataSource(items: Array(0..<items))
        view.collectionView.dataSource = dataSource
        view.layOut()
        return (view, dataSource)
    }

    @Test("deletes and inserts: every item where the grid puts it, and the content size of the new count")
    func deleteAndInsert() throws {
        let (view, dataSource) = Self.view(items: 30)
        UIView.performWithoutAnimation {
            view.collectionView.performBatchUpdates {
                // UIKit's order: deletes at their index paths before, inserts at theirs after.
                dataSource.items.remove(at: 4)
                dataSource.items.insert(contentsOf: [100, 101], at: 0)
                view.collectionView.deleteItems(at: [IndexPath(item: 4, section: 0)])
                view.collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
            }
        }
        view.layOut()
        #expect(view.collectionView.numberOfItems(inSection: 0) == 31)
        for item in 0..<31 {
            #expect(view.frame(ofItem: item) == WindowedCollectionView.gridFrame(item), "item \(item)")
        }
        // 11 lines of 50, 10 apart.
        #expect(view.layout.collectionViewContentSize == CGSize(width: 320, height: 11 * 50 + 10 * 10))
        // Lines 0 to 7 fill the 480 points (line 8 would start at 480).
        #expect(Array(view.visibleItems.prefix(24)) == Array(0..<24))
    }

    @Test("three items inserted above the first visible line keep it still: the offset moves down a line")
    func insertAboveKeepsAnchor() throws {
        let (view, dataSource) = Self.view(items: 90)
        view.collectionView.contentOffset = CGPoint(x: 0, y: 300)
        view.layOut()
        // Line 5 (items 15, 16, 17) is at the top of the screen.
        #expect(view.visibleItems.first == 15)
        UIView.performWithoutAnimation {
            view.collectionView.performBatchUpdates {
                dataSource.items.insert(contentsOf: [100, 101, 102], at: 0)
                view.collectionView.insertItems(at: (0..<3).map { IndexPath(item: $0, section: 0) })
            }
        }
        view.layOut()
        // The old item 15 is item 18, at y = 360: one line lower, and so is the offset.
        #expect(dataSource.items[18] == 15)
        #expect(view.frame(ofItem: 18) == WindowedCollectionView.gridFrame(18))
        #expect(view.collectionView.contentOffset.y == 360)
        #expect(view.visibleItems.first == 18)
    }
}
#endif
