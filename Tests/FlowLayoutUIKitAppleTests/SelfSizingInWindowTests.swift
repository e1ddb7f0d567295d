#if canImport(UIKit) && !os(watchOS)
import FlowLayoutUIKit
import Testing
import UIKit

/// Self-sizing cells in a real collection view: UIKit asks each cell for its
/// preferred attributes as it comes on screen and hands them to the layout
/// (`shouldInvalidateLayout(forPreferredLayoutAttributes:…)`, then
/// `invalidationContext(forPreferredLayoutAttributes:…)`); the layout places
/// the measured sizes and keeps what is on screen still.
@MainActor
@Suite("In a window: self-sizing cells")
struct SelfSizingInWindowTests {
    /// Heights 40 to 100, whole points.
    nonisolated static func height(_ item: Int) -> CGFloat { CGFloat(40 + (item % 5) * 15) }

    static func view(items: Int) -> (WindowedCollectionView, ItemsDataSource) {
        let layout = FlowCollectionViewLayout()
        // Full-width estimates: one item a line (flow-layout.md 2.1), at x = 0.
        layout.estimatedItemSize = CGSize(width: 320, height: 100)
        layout.minimumLineSpacing = 10
        let view = WindowedCollectionView(layout: layout)
        let dataSource = ItemsDataSource(items: Array(0..<items), height: height)
        view.collectionView.dataSource = dataSource
        view.layOut()
        return (view, dataSource)
    }

    @Test("the cells on screen take their measured heights, stacked 10 apart from the top")
    func measuredHeights() throws {
        let (view, dataSource) = Self.view(items: 200)
        let visible = view.visibleItems
        #expect(visible.first == 0)
        #expect(visible.count >= 5)
        var y: CGFloat = 0
        for item in visible {
            let frame = try #require(view.frame(ofItem: item))
            #expect(frame == CGRect(x: 0, y: y, width: 320, height: Self.height(dataSource.items[item])), "item \(item)")
            #expect(view.collectionView.cellForItem(at: IndexPath(item: item, section: 0))?.frame == frame, "item \(item)")
            y += frame.height + 10
        }
        // The content counts the measured items as measured, the others at the estimate.
        #expect(view.collectionView.contentSize.height > y)
    }

    @Test("far down, the items measured as they come on screen do not move the first one on screen")
    func anchorStill() throws {
        let (view, _) = Self.view(items: 2_000)
        view.collectionView.contentOffset = CGPoint(x: 0, y: 50_000)
        view.layOut(passes: 1)
        let first = try #require(view.visibleItems.first)
        let before = try #require(view.frame(ofItem: first)).minY - view.collectionView.contentOffset.y
        view.layOut()
        let after = try #require(view.frame(ofItem: first)).minY - view.collectionView.contentOffset.y
        #expect(after == before)
        // Every item on screen has its measured height by now.
        for item in view.visibleItems {
            #expect(view.frame(ofItem: item)?.height == Self.height(item), "item \(item)")
        }
    }
}
#endif
