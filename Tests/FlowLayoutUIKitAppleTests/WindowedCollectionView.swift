// The real drop-in in a real UICollectionView in a UIWindow: where UIKit has
// collection views (iOS, Mac Catalyst, visionOS, tvOS). Without UIKit (Linux,
// macOS), and on watchOS, whose UIKit has no collection views, every file of
// this target compiles to nothing; the drop-in is driven there on the test-only
// surface instead (FlowLayoutUIKitTests).
//
// These files are compiled only by Apple's compiler against the real SDK
// (.github/workflows/apple.yml): nothing here has been compiled on Linux.
#if canImport(UIKit) && !os(watchOS)
import FlowLayoutUIKit
import UIKit

/// A cell that sizes itself: its preferred size is the width it is offered and
/// the height its test gives for its item, so every position is a whole point.
final class MeasuringCell: UICollectionViewCell {
    static let reuseIdentifier = "MeasuringCell"

    /// The height `preferredLayoutAttributesFitting(_:)` answers.
    var preferredHeight: CGFloat = 50

    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        guard let attributes = layoutAttributes.copy() as? UICollectionViewLayoutAttributes else { return layoutAttributes }
        attributes.size = CGSize(width: layoutAttributes.size.width, height: preferredHeight)
        return attributes
    }
}

/// One section of items, each an identifier; reorderable.
@MainActor
final class ItemsDataSource: NSObject, UICollectionViewDataSource {
    /// The items, in order.
    var items: [Int]
    /// The height a cell of an item measures to.
    let height: (Int) -> CGFloat
    /// The moves the collection view made (`moveItemAt:to:`), as (from, to).
    private(set) var moves: [(from: Int, to: Int)] = []

    init(items: [Int], height: @escaping (Int) -> CGFloat = { _ in 50 }) {
        self.items = items
        self.height = height
        super.init()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        items.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: MeasuringCell.reuseIdentifier, for: indexPath)
        (cell as? MeasuringCell)?.preferredHeight = height(items[indexPath.item])
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }

    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let item = items.remove(at: sourceIndexPath.item)
        items.insert(item, at: destinationIndexPath.item)
        moves.append((sourceIndexPath.item, destinationIndexPath.item))
    }
}

/// A `FlowCollectionViewLayout` in a `UICollectionView` filling a 320 × 480
/// window, with no content inset (`contentInsetAdjustmentBehavior = .never`),
/// so that the collection view's coordinates are the layout's.
@MainActor
struct WindowedCollectionView {
    let window: UIWindow
    let collectionView: UICollectionView
    let layout: FlowCollectionViewLayout

    init(layout: FlowCollectionViewLayout, size: CGSize = CGSize(width: 320, height: 480)) {
        self.layout = layout
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        collectionView = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        collectionView.contentInsetAdjustmentBehavior = .never
        collectionView.register(MeasuringCell.self, forCellWithReuseIdentifier: MeasuringCell.reuseIdentifier)
        window.addSubview(collectionView)
        window.isHidden = false
    }

    /// A grid layout: items 100 × 50, spacings 10, so in 320 points three
    /// items a line, justified, at x = 0, 110, 220, lines 60 apart
    /// (`flow-layout.md` 2.1, 3.1).
    static func grid() -> FlowCollectionViewLayout {
        let layout = FlowCollectionViewLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        return layout
    }

    /// Where the grid puts item `index`.
    nonisolated static func gridFrame(_ index: Int) -> CGRect {
        CGRect(x: CGFloat(index % 3) * 110, y: CGFloat(index / 3) * 60, width: 100, height: 50)
    }

    /// Lays the collection view out `passes` times: cells that come on screen
    /// report their sizes in the pass that shows them, and the next places them.
    func layOut(passes: Int = 4) {
        for _ in 0..<passes {
            collectionView.setNeedsLayout()
            collectionView.layoutIfNeeded()
        }
    }

    /// The layout's frame of an item of section 0.
    func frame(ofItem item: Int) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }

    /// The items of section 0 on screen, in order.
    var visibleItems: [Int] {
        collectionView.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item).sorted()
    }
}
#endif
