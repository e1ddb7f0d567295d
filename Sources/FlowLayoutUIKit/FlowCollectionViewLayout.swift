#if FLOWLAYOUT_UIKIT_SURFACE
// In tests only (the FlowLayoutUIKitOnSurface target, which compiles this file
// again): the iOS SDK's declarations this file uses, declared as the SDK
// declares them (Tests/UIKitSurface). It comes first so that the copy is on
// the surface on every platform, beside the real UIKit too: its tests drive it
// with the surface's types, and no module imports both.
import UIKitSurface
#elseif canImport(UIKit) && !os(watchOS)
// watchOS has a UIKit, but no collection views.
import UIKit
#endif

#if FLOWLAYOUT_UIKIT_SURFACE || (canImport(UIKit) && !os(watchOS))
import Foundation
import FlowLayoutHosting

/// A drop-in replacement for `UICollectionViewFlowLayout`, backed by the
/// incremental, virtualized engine: `collectionView.collectionViewLayout =
/// FlowCollectionViewLayout()`.
///
/// It has `UICollectionViewFlowLayout`'s properties, with UIKit's names and
/// defaults, and asks `UICollectionViewDelegateFlowLayout` for sizes, insets,
/// spacings and reference sizes as UIKit does, but per section, when a query
/// first reaches the section. Beyond UIKit, ``options`` holds the engine's
/// settings (alignment, anchoring, snapping, right-to-left); self-sizing cells
/// never move what is on screen, and a batch update or rotation keeps the
/// first visible item still.
///
/// Like UIKit, it rounds element origins to the screen's scale (the collection
/// view's `traitCollection.displayScale`; see ``displayScale``), and pinned
/// headers and footers stick below the collection view's adjusted content
/// inset (under a navigation bar), not its raw bounds.
///
/// Every override forwards to one ``FlowLayoutHost``, which is tested on
/// every platform; this file is compiled on Linux against a declaration of the
/// UIKit surface it uses and driven there in UIKit's call order.
open class FlowCollectionViewLayout: UICollectionViewLayout {
    // MARK: - UICollectionViewFlowLayout's properties

    /// The spacing between lines of a section. Default: 10.
    open var minimumLineSpacing: CGFloat = 10 { didSet { propertiesChanged() } }
    /// The spacing between items of a line. Default: 10.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { propertiesChanged() } }
    /// The size of items the delegate does not size. Default: 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { propertiesChanged() } }
    /// The size assumed for cells that size themselves; zero (the default)
    /// turns self-sizing off. `UICollectionViewFlowLayout.automaticSize` turns
    /// it on with ``itemSize`` as the estimate.
    open var estimatedItemSize = CGSize.zero { didSet { propertiesChanged() } }
    /// The scroll direction. Default: vertical.
    open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { propertiesChanged() } }
    /// The size of each section's header; zero along the scroll axis omits it.
    open var headerReferenceSize = CGSize.zero { didSet { propertiesChanged() } }
    /// The size of each section's footer; zero along the scroll axis omits it.
    open var footerReferenceSize = CGSize.zero { didSet { propertiesChanged() } }
    /// The margins around each section's lines. Default: zero.
    open var sectionInset = UIEdgeInsets.zero { didSet { propertiesChanged() } }
    /// What ``sectionInset`` is measured from across the scroll axis: the
    /// content inset (the default), the safe area or the layout margins.
    open var sectionInsetReference = UICollectionViewFlowLayout.SectionInsetReference.fromContentInset {
        didSet { propertiesChanged() }
    }
    /// Whether headers stick to the top of the visible bounds (below the
    /// adjusted content inset) while their section is on screen.
    open var sectionHeadersPinToVisibleBounds = false { didSet { propertiesChanged() } }
    /// Whether footers stick to the bottom of the visible bounds (above the
    /// adjusted content inset) while their section is on screen.
    open var sectionFootersPinToVisibleBounds = false { didSet { propertiesChanged() } }

    // MARK: - Beyond UIKit

    /// The engine's settings beyond UIKit: line and cross alignment, the
    /// anchor updates keep still, estimate refinement, right-to-left,
    /// snapping. Its `displayScale` is replaced by ``displayScale``.
    open var options = FlowLayoutOptions() { didSet { propertiesChanged() } }
    /// Whether updates keep the user at the end of the content while they are
    /// there (`flow-layout.md` 7.4): an appended message, a reply streaming
    /// in, an image finishing its load; once they scroll up, the first visible
    /// item stays still. ``options``' `followsEnd`; off by default.
    open var followsEnd: Bool {
        get { options.followsEnd }
        set { options.followsEnd = newValue }
    }
    /// Where content shorter than the collection view sits (`flow-layout.md`
    /// 8.6): `.start` (the default, UIKit's) or `.end`, a chat's first messages
    /// at the bottom without inverting the list. ``options``' `contentAlignment`.
    open var contentAlignment: FlowLayoutOptions.ContentAlignment {
        get { options.contentAlignment }
        set { options.contentAlignment = newValue }
    }
    /// The columns of every section that its delegate does not give a count
    /// of its own (``FlowCollectionViewLayoutDelegate``): a waterfall layout
    /// (`flow-layout.md` 12), each item a column wide under the shortest column
    /// when it arrives, and kept there. `nil`, the default, lays items out in
    /// lines, as UIKit does.
    open var waterfall: WaterfallColumns? { didSet { propertiesChanged() } }
    /// The pixels per point origins are rounded to: `nil` (the default) for
    /// the collection view's `traitCollection.displayScale`, as UIKit rounds;
    /// 0 turns rounding off.
    open var displayScale: CGFloat? { didSet { propertiesChanged() } }
    /// Whether headers and footers size themselves, as cells do: their
    /// `preferredLayoutAttributesFitting(_:)` is taken, with the reference size
    /// as the estimate, and the first visible element stays still. UIKit's
    /// flow layout ignores their preferred sizes; so does this layout by
    /// default (`false`).
    open var headersAndFootersSizeThemselves = false { didSet { host?.headersAndFootersSizeThemselves = headersAndFootersSizeThemselves } }

    /// The engine behind the overrides, once the layout has been prepared in
    /// a collection view.
    public private(set) var host: FlowLayoutHost?
    /// Whether the sections must be read again (a `reloadData()`, a refused update).
    private var needsReload = true
    /// Whether a property changed since the host last took them.
    private var needsProperties = false
    /// The collection view the engine was made for.
    private weak var preparedView: UICollectionView?

    /// A layout with UIKit's defaults.
    public override init() {
        super.init()
    }

    /// A layout decoded from an archive (a storyboard): UIKit's defaults.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: - Layout

    /// Creates the engine at the first pass and after `reloadData()`, and hands
    /// it changed properties, bounds insets or display scale.
    open override func prepare() {
        super.prepare()
        guard let view = collectionView else { return }
        let bounds = Rect(contentRect(of: view.bounds, in: view))
        // A new collection view, or a delegate that now adopts (or no longer
        // adopts) the flow layout protocol, reads everything again.
        let asksDelegate = view.delegate is any UICollectionViewDelegateFlowLayout
        if needsReload || host == nil || preparedView !== view || host?.suppliesSectionContent != asksDelegate {
            rebuild(in: view, bounds: bounds)
        } else if let host {
            if needsProperties || host.state.configuration != configuration(in: view)
                || host.state.options != resolvedOptions(in: view)
            {
                _ = try? host.setConfiguration(configuration(in: view))
                _ = try? host.setOptions(resolvedOptions(in: view))
            }
            if bounds != host.bounds, (try? host.shouldInvalidateLayout(forBoundsChange: bounds)) == true {
                _ = try? host.invalidationContext(forBoundsChange: bounds)
            }
        }
        needsProperties = false
        host?.prepare()
    }

    /// The size of the content: exact for the sections laid out, estimated for the rest.
    open override var collectionViewContentSize: CGSize { host?.collectionViewContentSize.cgSize ?? .zero }

    /// The cells, headers and footers meeting `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let host, let elements = try? host.layoutAttributesForElements(in: Rect(rect)) else { return nil }
        return elements.map(makeAttributes)
    }

    /// The attributes of the cell at `indexPath`.
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        (try? host?.layoutAttributesForItem(at: indexPath)).map(makeAttributes)
    }

    /// The attributes of a section's header or footer; `nil` when omitted.
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        (try? host?.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath))?.map(makeAttributes)
    }

    // MARK: - Invalidation

    /// `false` for a scroll (taken in at once) unless headers or footers pin;
    /// `true` for a size change that moves frames (a rotation).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let host, let view = collectionView else { return false }
        return (try? host.shouldInvalidateLayout(forBoundsChange: contentRect(of: newBounds, in: view))) ?? false
    }

    /// Takes in the new bounds: pinned headers and footers named, or, for a
    /// size change, the relayout with the adjustment that keeps the anchor.
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let host, let view = collectionView,
            let made = try? host.invalidationContext(forBoundsChange: contentRect(of: newBounds, in: view))
        {
            copy(made, into: context)
        }
        return context
    }

    /// Whether a cell's measured size (or a header's or footer's, when they
    /// size themselves) differs from the one in use: only then does it
    /// invalidate, so a view measuring itself again never loops.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        guard let host, let preferred = layoutAttributes(preferredAttributes) else { return false }
        return (try? host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred))
            ?? false
    }

    /// Applies a cell's (or a self-sizing header's or footer's) measured size
    /// and returns the context that keeps the anchor element still on screen.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if let host, let preferred = layoutAttributes(preferredAttributes),
            let made = try? host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: preferred)
        {
            copy(made, into: context)
        }
        return context
    }

    /// Records a `reloadData()` (everything and the counts invalid): the next
    /// pass reads the sections again. A batch update's new counts arrive
    /// through ``prepare(forCollectionViewUpdates:)`` instead.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if context.invalidateEverything && context.invalidateDataSourceCounts { needsReload = true }
        host?.invalidateLayout(
            with: InvalidationContext(
                invalidateEverything: context.invalidateEverything,
                invalidateDataSourceCounts: context.invalidateDataSourceCounts))
    }

    // MARK: - Batch updates

    /// Applies a batch update (`performBatchUpdates`, a diffable data source's
    /// `apply`) as one batch, keeping the first visible item still.
    open override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        guard let host, let view = collectionView, !needsReload else { return }
        let items = updateItems.compactMap { item in
            UpdateItem(
                updateAction: Self.action(item.updateAction), indexPathBeforeUpdate: item.indexPathBeforeUpdate,
                indexPathAfterUpdate: item.indexPathAfterUpdate)
        }
        let delegate = FlowDelegate(view: view, layout: self)
        do {
            try host.prepare(
                forCollectionViewUpdates: items, sections: { self.sectionContent($0, in: view, delegate: delegate) },
                itemSizes: { delegate?.sizeForItem(at: $0.indexPath).map(Size.init) })
        } catch {
            // UIKit has checked the update against the data source; start over.
            needsReload = true
        }
    }

    /// Drops the update's transition frames.
    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        host?.finalizeCollectionViewUpdates()
    }

    /// Where an appearing cell starts: its frame before the update, or its
    /// frame after with alpha 0 when inserted.
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        host?.initialLayoutAttributesForAppearingItem(at: itemIndexPath).map(makeAttributes)
            ?? super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    }

    /// Where a disappearing cell ends: its frame after the update, or where it
    /// was with alpha 0 when deleted.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        host?.finalLayoutAttributesForDisappearingItem(at: itemIndexPath).map(makeAttributes)
            ?? super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    }

    /// As ``initialLayoutAttributesForAppearingItem(at:)``, for a header or footer.
    open override func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        host?.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
            .map(makeAttributes)
            ?? super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }

    /// As ``finalLayoutAttributesForDisappearingItem(at:)``, for a header or footer.
    open override func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        host?.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
            .map(makeAttributes)
            ?? super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath)
    }

    // MARK: - Content offset

    /// Where a scroll comes to rest, under ``options``' snapping (the proposal without).
    open override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let host, let view = collectionView else { return proposedContentOffset }
        let inset = view.adjustedContentInset
        let proposed = Point(x: Double(proposedContentOffset.x + inset.left), y: Double(proposedContentOffset.y + inset.top))
        guard let target = try? host.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: Point(velocity))
        else { return proposedContentOffset }
        return CGPoint(x: CGFloat(target.x) - inset.left, y: CGFloat(target.y) - inset.top)
    }

    /// After an update, a rotation or a property change: the offset that
    /// keeps the first visible item still; otherwise the proposal.
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        guard let host, let view = collectionView else { return proposedContentOffset }
        let inset = view.adjustedContentInset
        let proposed = Point(x: Double(proposedContentOffset.x + inset.left), y: Double(proposedContentOffset.y + inset.top))
        let target = host.targetContentOffset(forProposedContentOffset: proposed)
        return CGPoint(x: CGFloat(target.x) - inset.left, y: CGFloat(target.y) - inset.top)
    }

    // MARK: - Interactive movement

    /// The cell under `position` (any section), or the previous index path
    /// over a gap, a header or a footer.
    open override func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        guard let host, let hit = try? host.indexPathForItem(at: Point(position)) else { return previousIndexPath }
        return hit.indexPath
    }

    /// Moves each item from its previous index path to its target at once, so
    /// the layout shows where it will land while the finger moves, and names
    /// the cells that moved.
    open override func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forInteractivelyMovingItems: targetIndexPaths, withTargetPosition: targetPosition,
            previousIndexPaths: previousIndexPaths, previousPosition: previousPosition)
        move(from: previousIndexPaths, to: targetIndexPaths, into: context)
        return context
    }

    /// Ends a movement: a cancelled one moves the items back to their
    /// original index paths; a finished one is already in place.
    open override func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths, movementCancelled: movementCancelled)
        move(from: previousIndexPaths, to: indexPaths, into: context)
        return context
    }

    // MARK: - Implementation

    /// Marks the properties changed and invalidates the layout, as UIKit's
    /// flow layout does when one is set.
    private func propertiesChanged() {
        needsProperties = true
        invalidateLayout()
    }

    /// A new engine over the collection view's sections; with a delegate that
    /// adopts `UICollectionViewDelegateFlowLayout`, each section's content is
    /// asked for when a query first reaches it.
    private func rebuild(in view: UICollectionView, bounds: Rect) {
        let counts = (0..<view.numberOfSections).map { FlowSection(itemCount: Swift.max(0, view.numberOfItems(inSection: $0))) }
        // The options carry the scale already resolved (0: rounding off), so the
        // host is given no screen scale of its own to fall back on.
        let made = try? FlowLayoutHost(
            configuration: configuration(in: view), sections: counts, bounds: bounds,
            options: resolvedOptions(in: view), screenScale: 0)
        if let made, FlowDelegate(view: view, layout: self) != nil {
            // Nothing held strongly: the delegate is read from the view at each
            // ask (UIKit's delegate is weak; holding it would make a cycle).
            made.provideSectionContent { [weak self] section in
                guard let self, let view = self.collectionView else { return FlowSection(itemCount: 0) }
                return self.sectionContent(section, in: view, delegate: FlowDelegate(view: view, layout: self))
            }
        }
        made?.headersAndFootersSizeThemselves = headersAndFootersSizeThemselves
        host = made
        preparedView = view
        needsReload = false
    }

    /// The content of `section`: its item count, and what the delegate answers
    /// for it (sizes of every item, insets, spacings, reference sizes).
    private func sectionContent(_ section: Int, in view: UICollectionView, delegate: FlowDelegate?) -> FlowSection {
        let count = Swift.max(0, view.numberOfItems(inSection: section))
        var content = FlowSection(itemCount: count)
        guard let delegate else { return content }
        if count > 0, let first = delegate.sizeForItem(at: IndexPath(item: 0, section: section)) {
            var sizes = [Size(first)]
            sizes.reserveCapacity(count)
            for item in 1..<count {
                sizes.append(Size(delegate.sizeForItem(at: IndexPath(item: item, section: section)) ?? itemSize))
            }
            content = FlowSection(itemSizes: sizes)
        }
        if let inset = delegate.inset(forSection: section) { content.sectionInset = effectiveInset(inset, in: view) }
        content.minimumLineSpacing = delegate.lineSpacing(forSection: section).map(Double.init)
        content.minimumInteritemSpacing = delegate.interitemSpacing(forSection: section).map(Double.init)
        content.headerReferenceSize = delegate.headerSize(forSection: section).map(Size.init)
        content.footerReferenceSize = delegate.footerSize(forSection: section).map(Size.init)
        if let count = delegate.columnCount(forSection: section) {
            // 0 keeps the section's items in lines; a count outside 1…64 is refused (12.6).
            content.kind = count == 0 ? .flow : .waterfall(.count(count))
        }
        return content
    }

    /// UIKit's properties as the engine's configuration.
    private func configuration(in view: UICollectionView) -> FlowLayoutConfiguration {
        let automatic = estimatedItemSize == UICollectionViewFlowLayout.automaticSize
        return FlowLayoutConfiguration(
            scrollDirection: scrollDirection == .horizontal ? .horizontal : .vertical, itemSize: Size(itemSize),
            estimatedItemSize: automatic ? Size(itemSize) : Size(estimatedItemSize),
            minimumLineSpacing: Double(minimumLineSpacing), minimumInteritemSpacing: Double(minimumInteritemSpacing),
            sectionInset: effectiveInset(sectionInset, in: view), headerReferenceSize: Size(headerReferenceSize),
            footerReferenceSize: Size(footerReferenceSize), sectionHeadersPinToVisibleBounds: sectionHeadersPinToVisibleBounds,
            sectionFootersPinToVisibleBounds: sectionFootersPinToVisibleBounds, waterfall: waterfall)
    }

    /// ``options`` with the display scale origins are rounded to.
    private func resolvedOptions(in view: UICollectionView) -> FlowLayoutOptions {
        var resolved = options
        let scale = displayScale ?? view.traitCollection.displayScale
        resolved.displayScale = scale.isFinite && scale > 0 ? Double(scale) : 0
        return resolved
    }

    /// A section inset measured from ``sectionInsetReference``: across the
    /// scroll axis, the part of the safe area or the layout margins that the
    /// adjusted content inset does not already cover is added.
    private func effectiveInset(_ inset: UIEdgeInsets, in view: UICollectionView) -> EdgeInsets {
        let reference: UIEdgeInsets
        switch sectionInsetReference {
        case .fromSafeArea: reference = view.safeAreaInsets
        case .fromLayoutMargins: reference = view.layoutMargins
        default: reference = view.adjustedContentInset
        }
        let content = view.adjustedContentInset
        var result = EdgeInsets(
            top: Double(inset.top), left: Double(inset.left), bottom: Double(inset.bottom), right: Double(inset.right))
        if scrollDirection == .horizontal {
            result.top += Double(Swift.max(0, reference.top - content.top))
            result.bottom += Double(Swift.max(0, reference.bottom - content.bottom))
        } else {
            result.left += Double(Swift.max(0, reference.left - content.left))
            result.right += Double(Swift.max(0, reference.right - content.right))
        }
        return result
    }

    /// The rect of content a collection view of `bounds` shows: its bounds
    /// inset by the adjusted content inset. Pinned headers stick to its edges
    /// (below a navigation bar), and its size is the extent lines span.
    private func contentRect(of bounds: CGRect, in view: UICollectionView) -> CGRect {
        let inset = view.adjustedContentInset
        return CGRect(
            x: bounds.minX + inset.left, y: bounds.minY + inset.top,
            width: Swift.max(0, bounds.width - inset.left - inset.right),
            height: Swift.max(0, bounds.height - inset.top - inset.bottom))
    }

    /// Moves the items of an interactive movement in the engine and names
    /// what moved in `context`.
    private func move(from previous: [IndexPath], to targets: [IndexPath], into context: UICollectionViewLayoutInvalidationContext) {
        guard let host else { return }
        for (from, to) in zip(previous, targets) {
            guard let source = FlowIndexPath(from), let target = FlowIndexPath(to),
                let made = try? host.invalidationContext(forMovingItemAt: source, to: target)
            else { continue }
            copy(made, into: context)
        }
    }

    /// The engine's attributes of preferred attributes UIKit hands over: a
    /// cell's, and a header's or footer's when ``headersAndFootersSizeThemselves``
    /// (otherwise they keep their reference sizes, as in UIKit).
    private func layoutAttributes(_ attributes: UICollectionViewLayoutAttributes) -> LayoutAttributes? {
        guard let indexPath = FlowIndexPath(attributes.indexPath) else { return nil }
        let category: ElementCategory
        switch (attributes.representedElementCategory, attributes.representedElementKind) {
        case (.cell, _): category = .cell
        case (.supplementaryView, UICollectionView.elementKindSectionHeader?) where headersAndFootersSizeThemselves:
            category = .header
        case (.supplementaryView, UICollectionView.elementKindSectionFooter?) where headersAndFootersSizeThemselves:
            category = .footer
        default: return nil
        }
        return LayoutAttributes(category: category, indexPath: indexPath, frame: Rect(attributes.frame))
    }

    /// UIKit attributes of the engine's.
    private func makeAttributes(_ element: LayoutAttributes) -> UICollectionViewLayoutAttributes {
        let indexPath = IndexPath(item: element.indexPath.item, section: element.indexPath.section)
        let attributes: UICollectionViewLayoutAttributes
        switch element.category {
        case .cell: attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        case .header:
            attributes = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: indexPath)
        case .footer:
            attributes = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, with: indexPath)
        }
        attributes.frame = element.frame.cgRect
        attributes.zIndex = element.zIndex
        return attributes
    }

    /// UIKit attributes of a transition's start or end.
    private func makeAttributes(_ transition: TransitionAttributes) -> UICollectionViewLayoutAttributes {
        let attributes = makeAttributes(transition.attributes)
        attributes.alpha = CGFloat(transition.alpha)
        return attributes
    }

    /// Copies what the engine's context names into UIKit's.
    private func copy(_ made: InvalidationContext, into context: UICollectionViewLayoutInvalidationContext) {
        context.contentOffsetAdjustment.x += CGFloat(made.contentOffsetAdjustment.x)
        context.contentOffsetAdjustment.y += CGFloat(made.contentOffsetAdjustment.y)
        context.contentSizeAdjustment.width += CGFloat(made.contentSizeAdjustment.width)
        context.contentSizeAdjustment.height += CGFloat(made.contentSizeAdjustment.height)
        if let items = made.invalidatedItemIndexPaths, !items.isEmpty {
            context.invalidateItems(at: items.map { IndexPath(item: $0.item, section: $0.section) })
        }
        for (kind, paths) in made.invalidatedSupplementaryIndexPaths ?? [:] where !paths.isEmpty {
            let name = kind == .header ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
            context.invalidateSupplementaryElements(ofKind: name, at: paths.map { IndexPath(item: $0.item, section: $0.section) })
        }
    }

    /// The engine's action of UIKit's.
    private static func action(_ action: UICollectionViewUpdateItem.Action) -> UpdateItem.Action {
        switch action {
        case .insert: .insert
        case .delete: .delete
        case .reload: .reload
        case .move: .move
        default: .none
        }
    }
}
#endif
