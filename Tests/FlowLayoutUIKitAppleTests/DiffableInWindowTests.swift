#if canImport(UIKit) && !os(watchOS)
import FlowLayoutUIKit
import Testing
import UIKit

/// A diffable data source in a real collection view: the first `apply` loads
/// the items (a reload); a later one is one batch update of the differences,
/// which the layout takes through `prepare(forCollectionViewUpdates:)`.
@MainActor
@Suite("In a window: a diffable data source")
struct DiffableInWindowTests {
    @Test("an apply of deletes, inserts and a move: each identifier where the grid puts its new position")
    func apply() async throws {
        let view = WindowedCollectionView(layout: WindowedCollectionView.grid())
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view.collectionView) {
            collectionView, indexPath, _ in
            collectionView.dequeueReusableCell(withReuseIdentifier: MeasuringCell.reuseIdentifier, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<30))
        await dataSource.apply(snapshot, animatingDifferences: false)
        view.layOut()
        #expect(view.collectionView.numberOfItems(inSection: 0) == 30)
        #expect(view.frame(ofItem: 29) == WindowedCollectionView.gridFrame(29))

        snapshot.deleteItems([2, 3, 17])
        snapshot.insertItems([100, 101], beforeItem: 10)
        snapshot.moveItem(20, afterItem: 25)
        await dataSource.apply(snapshot, animatingDifferences: false)
        view.layOut()

        let order = snapshot.itemIdentifiers
        #expect(order.count == 29)
        #expect(view.collectionView.numberOfItems(inSection: 0) == 29)
        for (position, identifier) in order.enumerated() {
            #expect(dataSource.indexPath(for: identifier) == IndexPath(item: position, section: 0))
            #expect(view.frame(ofItem: position) == WindowedCollectionView.gridFrame(position), "item \(position) (\(identifier))")
        }
        // 10 lines of 50, 10 apart.
        #expect(view.layout.collectionViewContentSize == CGSize(width: 320, height: 10 * 50 + 9 * 10))
    }
}
#endif
