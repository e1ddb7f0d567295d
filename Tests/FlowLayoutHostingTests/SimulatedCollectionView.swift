import FlowLayoutHosting

/// A collection view without UIKit: it drives a ``FlowLayoutHost`` in the order
/// UIKit documents for `UICollectionView` and `UICollectionViewLayout`, and
/// records what a user would see.
///
/// One layout pass (`layoutSubviews`): `prepare()` and the content size after
/// an invalidation, the elements in the bounds, then each visible cell
/// measures itself (`preferredLayoutAttributesFitting`) and, when the layout
/// says the size is new, the invalidation context is applied: its content
/// offset adjustment is added to the content offset (a bounds change the
/// layout is asked about, as UIKit does) and its content size adjustment to
/// the content size. Every visible cell measures itself in every pass (UIKit
/// asks once per cell shown): repeats must be harmless. A scroll is a bounds change; a rotation is a bounds
/// change of size, after which UIKit asks `targetContentOffset(forProposedContentOffset:)`.
final class SimulatedCollectionView {
    let layout: FlowLayoutHost
    /// The content offset and size.
    private(set) var bounds: Rect
    /// The content size as UIKit keeps it: read in the pass after an
    /// invalidation, moved by each context's adjustment.
    private(set) var contentSize: Size
    /// What each cell measures to, or `nil` for cells that do not size
    /// themselves (their preferred attributes are the attributes given).
    var measure: ((FlowIndexPath) -> Size)?

    /// Invalidation contexts the layout produced and the view applied.
    private(set) var contextsApplied = 0
    /// Contexts from bounds changes.
    private(set) var boundsContexts: [InvalidationContext] = []
    /// Items whose measured size the layout accepted, with how many times.
    private(set) var acceptedSizes: [FlowIndexPath: Int] = [:]
    /// Measurements the layout declined (the size was already in use).
    private(set) var declinedSizes = 0
    /// The largest on-screen movement of the anchor element across one invalidation.
    private(set) var largestAnchorMovement = 0.0
    /// Invalidations checked for anchor movement.
    private(set) var anchorChecks = 0
    /// The elements shown by the last pass.
    private(set) var shown: [LayoutAttributes] = []
    private var needsPrepare = true

    init(layout: FlowLayoutHost, measure: ((FlowIndexPath) -> Size)? = nil) {
        self.layout = layout
        self.bounds = layout.bounds
        self.contentSize = layout.collectionViewContentSize
        self.measure = measure
    }

    /// The distance along the scroll axis the content can scroll.
    var maximumOffset: Double { max(0, contentSize.height - bounds.height) }

    // MARK: - UIScrollView

    /// Scrolls to `offset` (clamped like a scroll view's pan) and runs a layout pass.
    func scroll(toY offset: Double) throws {
        try setBounds(Rect(x: bounds.minX, y: min(max(offset, 0), maximumOffset), width: bounds.width, height: bounds.height))
        try layoutPass()
    }

    /// Scrolls by `delta` and runs a layout pass.
    func scroll(by delta: Double) throws {
        try scroll(toY: bounds.minY + delta)
    }

    /// Resizes the view (a rotation), keeping the content offset, then moves
    /// to the layout's target content offset, as UIKit does, and runs a pass.
    func resize(to size: Size) throws {
        try setBounds(Rect(origin: bounds.origin, size: size))
        try setContentOffset(layout.targetContentOffset(forProposedContentOffset: bounds.origin))
        try layoutPass()
    }

    /// A fling released at `proposed` with `velocity`: the scroll view asks
    /// where to rest and scrolls there.
    func fling(proposedY proposed: Double, velocityY velocity: Double) throws -> Double {
        let target = try layout.targetContentOffset(
            forProposedContentOffset: Point(x: bounds.minX, y: proposed), withScrollingVelocity: Point(x: 0, y: velocity))
        try scroll(toY: target.y)
        return target.y
    }

    /// `performBatchUpdates`: the data source has changed; the layout prepares
    /// for the updates, UIKit reads the appearing and disappearing attributes
    /// of the cells on screen before and after, asks for the target content
    /// offset, and finalizes.
    func performBatchUpdates(
        _ items: [UpdateItem], sections: (Int) -> FlowSection, itemSizes: (FlowIndexPath) -> Size? = { _ in nil }
    ) throws -> BatchAnimation {
        let before = try layout.layoutAttributesForElements(in: bounds)
        try layout.prepare(forCollectionViewUpdates: items, sections: sections, itemSizes: itemSizes)
        layout.invalidateLayout(with: InvalidationContext(invalidateEverything: true, invalidateDataSourceCounts: true))
        needsPrepare = true
        let target = layout.targetContentOffset(forProposedContentOffset: bounds.origin)
        let afterBounds = Rect(origin: target, size: bounds.size)
        let after = try layout.layoutAttributesForElements(in: afterBounds)
        var animation = BatchAnimation(contentOffset: target)
        for element in after {
            animation.appearing[element.identifier] = start(of: element)
        }
        for element in before {
            animation.disappearing[element.identifier] = end(of: element)
        }
        layout.finalizeCollectionViewUpdates()
        try setContentOffset(target)
        try layoutPass()
        return animation
    }

    private func start(of element: LayoutAttributes) -> TransitionAttributes? {
        switch element.category {
        case .cell: layout.initialLayoutAttributesForAppearingItem(at: element.indexPath)
        case .header, .footer:
            layout.initialLayoutAttributesForAppearingSupplementaryElement(
                ofKind: element.category == .header ? .header : .footer, at: element.indexPath)
        }
    }

    private func end(of element: LayoutAttributes) -> TransitionAttributes? {
        switch element.category {
        case .cell: layout.finalLayoutAttributesForDisappearingItem(at: element.indexPath)
        case .header, .footer:
            layout.finalLayoutAttributesForDisappearingSupplementaryElement(
                ofKind: element.category == .header ? .header : .footer, at: element.indexPath)
        }
    }

    // MARK: - Layout pass

    /// `layoutSubviews`: prepare if invalidated, query the bounds, let each
    /// visible cell measure itself, apply what the layout invalidates.
    func layoutPass() throws {
        if needsPrepare {
            layout.prepare()
            contentSize = layout.collectionViewContentSize
            needsPrepare = false
        }
        let elements = try layout.layoutAttributesForElements(in: bounds)
        for original in elements where original.category == .cell {
            try selfSize(original)
        }
        if needsPrepare {
            layout.prepare()
            contentSize = layout.collectionViewContentSize
            needsPrepare = false
        }
        shown = try layout.layoutAttributesForElements(in: bounds)
    }

    /// One cell's `preferredLayoutAttributesFitting` and what UIKit does with it.
    private func selfSize(_ original: LayoutAttributes) throws {
        // The cell's current attributes: earlier invalidations of this pass may have moved it.
        let current = try layout.layoutAttributesForItem(at: original.indexPath)
        var preferred = current
        preferred.frame.size = measure?(original.indexPath) ?? current.frame.size
        guard try layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: current)
        else {
            declinedSizes += 1
            return
        }
        acceptedSizes[original.indexPath, default: 0] += 1
        let anchor = try firstVisibleElement()
        let context = try layout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: current)
        try apply(context)
        if let anchor { try checkAnchor(anchor) }
    }

    /// Applies a context as UIKit does: hands it back to the layout, moves the
    /// content size and offset by its adjustments.
    private func apply(_ context: InvalidationContext) throws {
        layout.invalidateLayout(with: context)
        contextsApplied += 1
        needsPrepare = true
        contentSize.width += context.contentSizeAdjustment.width
        contentSize.height += context.contentSizeAdjustment.height
        let adjustment = context.contentOffsetAdjustment
        if adjustment != .zero {
            try setContentOffset(Point(x: bounds.minX + adjustment.x, y: bounds.minY + adjustment.y))
        }
    }

    /// Sets the content offset without a pass (a programmatic change).
    private func setContentOffset(_ offset: Point) throws {
        try setBounds(Rect(origin: offset, size: bounds.size))
    }

    /// A bounds change, as `UIScrollView` reports it to the layout. Bounds the
    /// view already has are reported too when the layout holds others (after
    /// an update whose anchored offset was clamped back to where the view
    /// is): a UIKit layout reads the view's bounds, and the drop-in hands them
    /// to its host in `prepare()`.
    private func setBounds(_ newBounds: Rect) throws {
        guard newBounds != bounds || newBounds != layout.bounds else { return }
        if try layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            let context = try layout.invalidationContext(forBoundsChange: newBounds)
            boundsContexts.append(context)
            bounds = newBounds
            try apply(context)
        } else {
            bounds = newBounds
        }
    }

    // MARK: - What the user sees

    /// The element the layout anchors: the first one meeting the bounds that does not pin.
    func firstVisibleElement() throws -> (element: ElementIdentifier, screen: Double)? {
        let config = layout.state.configuration
        for element in try layout.layoutAttributesForElements(in: bounds) {
            if element.category == .header && config.sectionHeadersPinToVisibleBounds { continue }
            if element.category == .footer && config.sectionFootersPinToVisibleBounds { continue }
            return (element.identifier, element.frame.minY - bounds.minY)
        }
        return nil
    }

    /// The on-screen position of an element now.
    func screenPosition(of element: ElementIdentifier) throws -> Double? {
        let frame: Rect? =
            switch element.category {
            case .cell: try layout.layoutAttributesForItem(at: element.indexPath).frame
            case .header: try layout.layoutAttributesForSupplementaryView(ofKind: .header, at: element.indexPath)?.frame
            case .footer: try layout.layoutAttributesForSupplementaryView(ofKind: .footer, at: element.indexPath)?.frame
            }
        return frame.map { $0.minY - bounds.minY }
    }

    private func checkAnchor(_ anchor: (element: ElementIdentifier, screen: Double)) throws {
        guard let now = try screenPosition(of: anchor.element) else { return }
        anchorChecks += 1
        largestAnchorMovement = max(largestAnchorMovement, abs(now - anchor.screen))
    }
}

/// What UIKit animates in a batch update: each element's start (appearing,
/// by its index path after) and end (disappearing, by its index path before).
struct BatchAnimation {
    /// The content offset after the update.
    var contentOffset: Point
    /// Start of each element on screen after the update; `nil` values where the layout gave none.
    var appearing: [ElementIdentifier: TransitionAttributes?] = [:]
    /// End of each element on screen before the update.
    var disappearing: [ElementIdentifier: TransitionAttributes?] = [:]
}

extension ElementIdentifier {
    /// A cell's identifier.
    static func cell(_ item: Int, _ section: Int = 0) -> ElementIdentifier {
        ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: item, section: section))
    }

    /// A header's identifier.
    static func header(_ section: Int) -> ElementIdentifier {
        ElementIdentifier(category: .header, indexPath: FlowIndexPath(item: 0, section: section))
    }
}
