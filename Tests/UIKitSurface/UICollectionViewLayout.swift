import Foundation

/// UIKit's `UICollectionViewLayout`: every override point a drop-in flow layout
/// uses, with the SDK's labels, types and optionality. The base
/// implementations do what UIKit documents for them (`uikit-lifecycle.md` 6).
@MainActor open class UICollectionViewLayout: NSObject, @preconcurrency NSCoding {
    /// The collection view this layout is attached to; set by the view.
    weak var attachedCollectionView: UICollectionView?
    /// How often `invalidateLayout(with:)` reached this class: subclasses must call super.
    package private(set) var invalidationsReceived = 0
    /// How often `prepare()` reached this class: subclasses should call super.
    package private(set) var preparesReceived = 0

    /// A layout attached to no collection view.
    public override init() {
        super.init()
    }

    /// A layout decoded from an archive: the surface decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Encodes nothing.
    open func encode(with coder: NSCoder) {}

    /// The collection view using this layout.
    open var collectionView: UICollectionView? { attachedCollectionView }

    /// The class of the invalidation contexts the base implementations create.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// The class of the attributes a layout creates.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// Invalidates the whole layout.
    open func invalidateLayout() {
        invalidateLayout(with: makeContext())
    }

    /// Invalidates what `context` names. Subclasses must call super.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        invalidationsReceived += 1
        attachedCollectionView?.layoutIsInvalid = true
    }

    /// Prepares a layout pass. Subclasses should call super.
    open func prepare() {
        preparesReceived += 1
    }

    /// The attributes of the elements meeting `rect`: `nil` in the base class.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell at `indexPath`: `nil` in the base class.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of a supplementary view: `nil` in the base class.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// Whether a bounds change invalidates the layout: `false` in the base class.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context of a bounds change: a fresh context in the base class.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeContext()
    }

    /// Whether a cell's preferred attributes invalidate the layout: `false` in the base class.
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// The context of a cell's preferred attributes: a fresh context in the base class.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        makeContext()
    }

    /// Where a scroll with `velocity` comes to rest: the proposal in the base class.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint)
        -> CGPoint
    { proposedContentOffset }

    /// The content offset after an update or a layout change: the proposal in the base class.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// The size of the content: zero in the base class.
    open var collectionViewContentSize: CGSize { .zero }

    /// Announces the changes of a batch update.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Ends the set-up of a batch update's animations.
    open func finalizeCollectionViewUpdates() {}

    /// Where an appearing cell starts: `nil` in the base class.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where a disappearing cell ends: `nil` in the base class.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an appearing supplementary view starts: `nil` in the base class.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where a disappearing supplementary view ends: `nil` in the base class.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The index path an item moved interactively to `position` goes to: in
    /// the base class, the item whose frame holds the position, else the
    /// previous index path.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        let probe = CGRect(x: position.x, y: position.y, width: 0, height: 0)
        let hit = layoutAttributesForElements(in: probe)?.first {
            $0.representedElementCategory == .cell && $0.frame.contains(position)
        }
        return hit?.indexPath ?? previousIndexPath
    }

    /// The attributes of an item being moved: in the base class, its
    /// attributes centred on `position`.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> UICollectionViewLayoutAttributes
    {
        let attributes =
            (layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes)
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.center = position
        return attributes
    }

    /// The context of a step of an interactive movement: a fresh context
    /// filled with the movement's index paths and target.
    open func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeContext()
        context.movement = (previousIndexPaths, targetIndexPaths, targetPosition)
        return context
    }

    /// The context of the end of an interactive movement: a fresh context
    /// filled with the movement's index paths.
    open func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeContext()
        context.movement = (previousIndexPaths, indexPaths, .zero)
        return context
    }

    private func makeContext() -> UICollectionViewLayoutInvalidationContext {
        let type = Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
        return (type ?? UICollectionViewLayoutInvalidationContext.self).init()
    }
}

/// UIKit's `UICollectionViewFlowLayout`: here only its nested type and its
/// class constant, which a drop-in replacement uses.
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// What a flow layout's section insets are measured from.
    public enum SectionInsetReference: Int, @unchecked Sendable {
        /// From the collection view's adjusted content inset.
        case fromContentInset = 0
        /// From the safe area.
        case fromSafeArea = 1
        /// From the layout margins.
        case fromLayoutMargins = 2
    }

    /// The estimated item size that asks cells to size themselves.
    public static let automaticSize: CGSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
}
