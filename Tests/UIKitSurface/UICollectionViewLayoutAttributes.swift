import Foundation

#if canImport(CoreGraphics)
import CoreGraphics
#endif

/// UIKit's `UICollectionViewLayoutAttributes`: where one element sits.
@MainActor open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying, UIDynamicItem {
    private var category = UICollectionView.ElementCategory.cell
    private var kind: String?

    /// The frame. Setting it sets the center and size.
    open var frame: CGRect = .zero
    /// The center of the frame.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// The size of the frame.
    open var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    /// The bounds: the frame's size at the origin. Setting it sets the size.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// The affine transform.
    open var transform: CGAffineTransform = .identity
    /// The opacity.
    open var alpha: CGFloat = 1
    /// The stacking order.
    open var zIndex: Int = 0
    /// Whether the element is hidden.
    open var isHidden: Bool = false
    /// The element's index path.
    open var indexPath = IndexPath(indexes: [0, 0])
    /// Cell, supplementary or decoration view.
    open var representedElementCategory: UICollectionView.ElementCategory { category }
    /// The kind of a supplementary or decoration view; `nil` for a cell.
    open var representedElementKind: String? { kind }

    /// Attributes of a cell at index path [0, 0]. (UIKit's Objective-C `init`,
    /// which `copy(with:)` calls on the receiver's class.)
    public required override init() {
        super.init()
    }

    /// The attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// The attributes of a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .supplementaryView
        kind = elementKind
    }

    /// A copy of the receiver's class with the same values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self.init()
        copy.category = category
        copy.kind = kind
        copy.frame = frame
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.transform = transform
        return copy
    }
}

/// UIKit's `UICollectionViewLayoutInvalidationContext`: what a layout
/// invalidation covers. What the collection view sets (counts, everything,
/// interactive movement) is read-only, as in UIKit; a simulation sets it
/// through the package-only initializer.
@MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {
    private var everything = false
    private var counts = false
    private var items: [IndexPath]?
    private var supplementaries: [String: [IndexPath]]?
    /// The index paths and target of an interactive movement.
    var movement: (previous: [IndexPath], target: [IndexPath], position: CGPoint)?

    /// An empty context. (UIKit's Objective-C `init`, which the layout calls on
    /// its `invalidationContextClass`.)
    public required override init() {
        super.init()
    }

    /// A context as the collection view makes one for `reloadData()` or a
    /// batch update.
    package convenience init(invalidateEverything: Bool, invalidateDataSourceCounts: Bool) {
        self.init()
        everything = invalidateEverything
        counts = invalidateDataSourceCounts
    }

    /// Whether the whole layout is invalid (`reloadData()`).
    open var invalidateEverything: Bool { everything }
    /// Whether section and item counts changed.
    open var invalidateDataSourceCounts: Bool { counts }

    /// Names cells whose attributes changed.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        items = (items ?? []) + indexPaths
    }

    /// Names supplementary views of `elementKind` whose attributes changed.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = supplementaries ?? [:]
        all[elementKind, default: []] += indexPaths
        supplementaries = all
    }

    /// The cells named.
    open var invalidatedItemIndexPaths: [IndexPath]? { items }
    /// The supplementary views named, by kind.
    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaries }
    /// What to add to the content offset.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// What to add to the content size.
    open var contentSizeAdjustment: CGSize = .zero
    /// The index paths of the moving items before this step of a movement.
    open var previousIndexPathsForInteractivelyMovingItems: [IndexPath]? { movement?.previous }
    /// The index paths of the moving items after this step of a movement.
    open var targetIndexPathsForInteractivelyMovingItems: [IndexPath]? { movement?.target }
    /// Where the moving items are.
    open var interactiveMovementTarget: CGPoint { movement?.position ?? .zero }
}

/// UIKit's `UICollectionViewUpdateItem`: one change of a batch update.
@MainActor open class UICollectionViewUpdateItem: NSObject {
    /// What the update does.
    public enum Action: Int, @unchecked Sendable {
        /// Inserts an item or section.
        case insert = 0
        /// Deletes an item or section.
        case delete = 1
        /// Reloads an item or section.
        case reload = 2
        /// Moves an item or section.
        case move = 3
        /// Does nothing.
        case none = 4
    }

    private let before: IndexPath?
    private let after: IndexPath?
    private let action: Action

    /// An update item as the collection view makes one.
    package init(action: Action, indexPathBeforeUpdate: IndexPath?, indexPathAfterUpdate: IndexPath?) {
        self.action = action
        before = indexPathBeforeUpdate
        after = indexPathAfterUpdate
        super.init()
    }

    /// The position before the update; `nil` for an insertion.
    open var indexPathBeforeUpdate: IndexPath? { before }
    /// The position after the update; `nil` for a deletion.
    open var indexPathAfterUpdate: IndexPath? { after }
    /// What the update does.
    open var updateAction: Action { action }
}
