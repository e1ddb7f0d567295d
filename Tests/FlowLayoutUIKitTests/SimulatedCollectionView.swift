import FlowLayoutHosting
import FlowLayoutUIKitOnSurface
import Foundation
import UIKitSurface

/// A `UICollectionView` on the UIKit surface that calls its layout in the
/// order `uikit-lifecycle.md` gives, and records what a user would see.
///
/// - A layout pass (`layoutSubviews`): `prepare()` and the content size after
///   an invalidation, the elements in the bounds, then each visible cell's
///   preferred attributes (`preferredLayoutAttributesFitting`): when the
///   layout says they invalidate, the context it makes is handed back through
///   `invalidateLayout(with:)`, its content-offset adjustment added to the
///   content offset (a bounds change the layout is asked about) and its
///   content-size adjustment to the content size.
/// - A bounds change asks `shouldInvalidateLayout(forBoundsChange:)`, then
///   `invalidationContext(forBoundsChange:)` and `invalidateLayout(with:)`.
/// - A batch update (`performBatchUpdates`, a diffable data source's
///   `apply`): a context with `invalidateDataSourceCounts`, `prepare()`,
///   `prepare(forCollectionViewUpdates:)`, the elements after, the appearing
///   and disappearing attributes, `targetContentOffset(forProposedContentOffset:)`,
///   `finalizeCollectionViewUpdates()`.
/// - `reloadData()`: a context with `invalidateEverything` and `invalidateDataSourceCounts`.
/// - Interactive movement: `targetIndexPath(forInteractivelyMovingItem:withPosition:)`,
///   the movement's context, the moving item's attributes; the ending context
///   on end or cancel.
@MainActor
final class SimulatedCollectionView: UICollectionView {
    /// The data source: the identifiers of each section's items.
    var items: [[Int]]
    /// The identifier of each section.
    var sectionIDs: [Int]
    /// What each cell measures to, by its identifier; `nil` for cells that
    /// keep the size they are given.
    var measure: ((Int) -> CGSize)?
    /// What each header or footer measures to, by its kind and its section's
    /// identifier; `nil` for those that keep the size they are given.
    var measureSupplementary: ((String, Int) -> CGSize)?
    /// The display scale of the view's trait collection.
    var scale: CGFloat = 0
    /// The safe area, for `sectionInsetReference`.
    var safeArea = UIEdgeInsets.zero

    /// Contexts the view handed back to the layout.
    private(set) var contextsApplied = 0
    /// Contexts made by bounds changes.
    private(set) var boundsContexts = 0
    /// Elements whose preferred size the layout accepted, with how many times:
    /// cells by index path, headers as [−1, section], footers as [−2, section].
    private(set) var acceptedSizes: [IndexPath: Int] = [:]
    /// Preferred sizes the layout declined.
    private(set) var declinedSizes = 0
    /// The largest on-screen movement of the anchor across one invalidation.
    private(set) var largestAnchorMovement: CGFloat = 0
    /// Invalidations checked for anchor movement.
    private(set) var anchorChecks = 0
    /// The elements shown by the last pass.
    private(set) var shown: [UICollectionViewLayoutAttributes] = []
    /// The moving item's attributes during an interactive movement.
    private(set) var movingAttributes: UICollectionViewLayoutAttributes?
    private var needsPrepare = true
    private var movement: (original: IndexPath, current: IndexPath, position: CGPoint)?

    init(size: CGSize, layout: UICollectionViewLayout, items: [[Int]]) {
        self.items = items
        sectionIDs = Array(items.indices)
        super.init(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    }

    required init?(coder: NSCoder) { nil }

    override var numberOfSections: Int { items.count }
    override func numberOfItems(inSection section: Int) -> Int { items[section].count }
    override var traitCollection: UITraitCollection { UITraitCollection(displayScale: scale) }
    override var safeAreaInsets: UIEdgeInsets { safeArea }

    /// The rect of content shown below the adjusted content inset.
    var contentRect: CGRect {
        let inset = adjustedContentInset
        return CGRect(
            x: bounds.minX + inset.left, y: bounds.minY + inset.top, width: bounds.width - inset.left - inset.right,
            height: bounds.height - inset.top - inset.bottom)
    }

    /// The largest content offset along y.
    var maximumOffsetY: CGFloat { max(-adjustedContentInset.top, contentSize.height + adjustedContentInset.bottom - bounds.height) }

    /// A bounds change as `UIScrollView` reports it to the layout.
    override var bounds: CGRect {
        get { super.bounds }
        set {
            guard newValue != super.bounds else { return }
            let layout = collectionViewLayout
            if layout.shouldInvalidateLayout(forBoundsChange: newValue) {
                let context = layout.invalidationContext(forBoundsChange: newValue)
                boundsContexts += 1
                super.bounds = newValue
                apply(context)
            } else {
                super.bounds = newValue
            }
        }
    }

    // MARK: - Scrolling

    /// Scrolls to `y` (clamped as a pan is) and runs a layout pass.
    func scroll(toY y: CGFloat) {
        contentOffset = CGPoint(x: contentOffset.x, y: min(max(y, -adjustedContentInset.top), maximumOffsetY))
        layoutPass()
    }

    /// Scrolls by `delta` and runs a layout pass.
    func scroll(by delta: CGFloat) {
        scroll(toY: contentOffset.y + delta)
    }

    /// Resizes the view (a rotation), then moves to the layout's target
    /// content offset and runs a pass.
    func resize(to size: CGSize) {
        bounds = CGRect(origin: bounds.origin, size: size)
        contentOffset = collectionViewLayout.targetContentOffset(forProposedContentOffset: contentOffset)
        layoutPass()
    }

    // MARK: - Data changes

    /// `reloadData()` with new items.
    func reloadData(_ newItems: [[Int]], sectionIDs newSectionIDs: [Int]? = nil) {
        items = newItems
        sectionIDs = newSectionIDs ?? Array(newItems.indices)
        collectionViewLayout.invalidateLayout(
            with: UICollectionViewLayoutInvalidationContext(invalidateEverything: true, invalidateDataSourceCounts: true))
        needsPrepare = true
        layoutPass()
    }

    /// `performBatchUpdates` (or a diffable data source's `apply`): the items
    /// become `newItems`, described to the layout by `updates`. Returns the
    /// appearing and disappearing attributes UIKit animates.
    @discardableResult
    func performBatchUpdates(_ updates: [UICollectionViewUpdateItem], newItems: [[Int]], sectionIDs newSectionIDs: [Int])
        -> BatchAnimation
    {
        let layout = collectionViewLayout
        let before = layout.layoutAttributesForElements(in: bounds) ?? []
        items = newItems
        sectionIDs = newSectionIDs
        layout.invalidateLayout(
            with: UICollectionViewLayoutInvalidationContext(invalidateEverything: false, invalidateDataSourceCounts: true))
        layout.prepare()
        layout.prepare(forCollectionViewUpdates: updates)
        contentSize = layout.collectionViewContentSize
        needsPrepare = false
        let target = layout.targetContentOffset(forProposedContentOffset: contentOffset)
        let after = layout.layoutAttributesForElements(in: CGRect(origin: target, size: bounds.size)) ?? []
        var animation = BatchAnimation(contentOffset: target)
        for element in after {
            animation.appearing[Key(element)] =
                element.representedElementCategory == .cell
                ? layout.initialLayoutAttributesForAppearingItem(at: element.indexPath)
                : layout.initialLayoutAttributesForAppearingSupplementaryElement(
                    ofKind: element.representedElementKind ?? "", at: element.indexPath)
        }
        for element in before {
            animation.disappearing[Key(element)] =
                element.representedElementCategory == .cell
                ? layout.finalLayoutAttributesForDisappearingItem(at: element.indexPath)
                : layout.finalLayoutAttributesForDisappearingSupplementaryElement(
                    ofKind: element.representedElementKind ?? "", at: element.indexPath)
        }
        layout.finalizeCollectionViewUpdates()
        contentOffset = target
        layoutPass()
        return animation
    }

    // MARK: - Interactive movement

    /// `beginInteractiveMovementForItem(at:)`: the movement starts at the item's centre.
    func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { return false }
        movement = (indexPath, indexPath, attributes.center)
        return true
    }

    /// `updateInteractiveMovementTargetPosition(_:)`: the layout picks the
    /// target, the data source's item moves there, the layout's context is
    /// applied and the moving item placed under the finger.
    func updateInteractiveMovementTargetPosition(_ position: CGPoint) {
        guard let current = movement else { return }
        let layout = collectionViewLayout
        let target = layout.targetIndexPath(forInteractivelyMovingItem: current.current, withPosition: position)
        if target != current.current { moveModelItem(from: current.current, to: target) }
        let context = layout.invalidationContext(
            forInteractivelyMovingItems: [target], withTargetPosition: position, previousIndexPaths: [current.current],
            previousPosition: current.position)
        apply(context)
        movement = (current.original, target, position)
        layoutPass()
        movingAttributes = layout.layoutAttributesForInteractivelyMovingItem(at: target, withTargetPosition: position)
    }

    /// `endInteractiveMovement()`: the data source keeps the move; the layout's
    /// ending context is applied.
    func endInteractiveMovement() {
        guard let current = movement else { return }
        let context = collectionViewLayout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [current.current], previousIndexPaths: [current.current], movementCancelled: false)
        finish(context)
    }

    /// `cancelInteractiveMovement()`: the item goes back to where it started.
    func cancelInteractiveMovement() {
        guard let current = movement else { return }
        if current.current != current.original { moveModelItem(from: current.current, to: current.original) }
        let context = collectionViewLayout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [current.original], previousIndexPaths: [current.current], movementCancelled: true)
        finish(context)
    }

    private func finish(_ context: UICollectionViewLayoutInvalidationContext) {
        movement = nil
        movingAttributes = nil
        apply(context)
        layoutPass()
    }

    private func moveModelItem(from: IndexPath, to: IndexPath) {
        let id = items[from.section].remove(at: from.item)
        items[to.section].insert(id, at: to.item)
    }

    // MARK: - Layout pass

    /// `layoutSubviews`: prepare if invalidated, query the bounds, let each
    /// visible cell size itself, apply what the layout invalidates.
    func layoutPass() {
        prepareIfNeeded()
        let elements = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        for original in elements {
            if original.representedElementCategory == .cell {
                if measure != nil { selfSize(original) }
            } else if measureSupplementary != nil {
                selfSize(original)
            }
        }
        prepareIfNeeded()
        shown = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
    }

    private func prepareIfNeeded() {
        guard needsPrepare || layoutIsInvalid else { return }
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
        needsPrepare = false
        layoutIsInvalid = false
    }

    /// One cell's `preferredLayoutAttributesFitting(_:)` and what UIKit does with it.
    private func selfSize(_ original: UICollectionViewLayoutAttributes) {
        let layout = collectionViewLayout
        let indexPath = original.indexPath
        guard let current = attributes(of: original), let preferred = current.copy() as? UICollectionViewLayoutAttributes
        else { return }
        if let kind = original.representedElementKind {
            guard let measureSupplementary else { return }
            preferred.size = measureSupplementary(kind, sectionIDs[indexPath.section])
        } else {
            guard let measure else { return }
            preferred.size = measure(items[indexPath.section][indexPath.item])
        }
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: current) else {
            declinedSizes += 1
            return
        }
        let key =
            original.representedElementKind.map {
                IndexPath(indexes: [$0 == UICollectionView.elementKindSectionHeader ? -1 : -2, indexPath.section])
            } ?? indexPath
        acceptedSizes[key, default: 0] += 1
        let anchor = firstVisibleElement()
        let context = layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: current)
        apply(context)
        if let anchor, let now = attributes(of: anchor.element) {
            anchorChecks += 1
            largestAnchorMovement = max(largestAnchorMovement, abs(now.frame.minY - bounds.minY - anchor.screen))
        }
    }

    /// Hands a context back to the layout and applies its adjustments.
    private func apply(_ context: UICollectionViewLayoutInvalidationContext) {
        collectionViewLayout.invalidateLayout(with: context)
        contextsApplied += 1
        needsPrepare = true
        contentSize.width += context.contentSizeAdjustment.width
        contentSize.height += context.contentSizeAdjustment.height
        let adjustment = context.contentOffsetAdjustment
        if adjustment != .zero {
            contentOffset = CGPoint(x: contentOffset.x + adjustment.x, y: contentOffset.y + adjustment.y)
        }
    }

    // MARK: - What the user sees

    /// The element the layout anchors: the first meeting the content rect
    /// that does not pin, and its position on screen.
    func firstVisibleElement() -> (element: UICollectionViewLayoutAttributes, screen: CGFloat)? {
        let layout = collectionViewLayout as? FlowCollectionViewLayout
        let first = (collectionViewLayout.layoutAttributesForElements(in: contentRect) ?? []).first {
            switch $0.representedElementKind {
            case UICollectionView.elementKindSectionHeader: !(layout?.sectionHeadersPinToVisibleBounds ?? false)
            case UICollectionView.elementKindSectionFooter: !(layout?.sectionFootersPinToVisibleBounds ?? false)
            default: true
            }
        }
        return first.map { ($0, $0.frame.minY - bounds.minY) }
    }

    /// The current attributes of the element `element` names.
    func attributes(of element: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes? {
        guard let kind = element.representedElementKind else {
            return collectionViewLayout.layoutAttributesForItem(at: element.indexPath)
        }
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: element.indexPath)
    }

    /// The first cell meeting the content rect, and its position on screen.
    func firstVisibleCell() -> (indexPath: IndexPath, screen: CGFloat)? {
        let first = (collectionViewLayout.layoutAttributesForElements(in: contentRect) ?? []).first {
            $0.representedElementCategory == .cell && $0.frame.maxY > contentRect.minY
        }
        return first.map { ($0.indexPath, $0.frame.minY - bounds.minY) }
    }
}

/// An element's identity in a batch animation.
struct Key: Hashable {
    var kind: String?
    var indexPath: IndexPath

    @MainActor init(_ attributes: UICollectionViewLayoutAttributes) {
        kind = attributes.representedElementKind
        indexPath = attributes.indexPath
    }
}

/// What UIKit animates in a batch update.
struct BatchAnimation {
    /// The content offset after the update.
    var contentOffset: CGPoint
    /// Start of each element on screen after the update.
    var appearing: [Key: UICollectionViewLayoutAttributes?] = [:]
    /// End of each element on screen before the update.
    var disappearing: [Key: UICollectionViewLayoutAttributes?] = [:]
}

/// A `UICollectionViewDelegateFlowLayout` that sizes items by identifier and
/// gives per-section metrics, counting what it is asked.
final class SizingDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    /// The size of each item, by identifier.
    let size: (Int) -> CGSize
    /// Each section's metrics, by section identifier.
    let metrics: (Int) -> SectionMetrics
    /// How often each section's items were asked for, by section.
    private(set) var sizeQueries: [Int: Int] = [:]
    /// How often each section's metrics were asked for (its inset), by section.
    private(set) var metricQueries: [Int: Int] = [:]

    struct SectionMetrics {
        var inset = UIEdgeInsets.zero
        var lineSpacing: CGFloat = 10
        var interitemSpacing: CGFloat = 10
        var header = CGSize.zero
        var footer = CGSize.zero
    }

    init(size: @escaping (Int) -> CGSize, metrics: @escaping (Int) -> SectionMetrics) {
        self.size = size
        self.metrics = metrics
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath
    )
        -> CGSize
    {
        sizeQueries[indexPath.section, default: 0] += 1
        let view = collectionView as! SimulatedCollectionView
        return size(view.items[indexPath.section][indexPath.item])
    }

    private func metrics(of view: UICollectionView, _ section: Int) -> SectionMetrics {
        metrics((view as! SimulatedCollectionView).sectionIDs[section])
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int
    )
        -> UIEdgeInsets
    {
        metricQueries[section, default: 0] += 1
        return metrics(of: collectionView, section).inset
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { metrics(of: collectionView, section).lineSpacing }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { metrics(of: collectionView, section).interitemSpacing }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize { metrics(of: collectionView, section).header }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize { metrics(of: collectionView, section).footer }
}
