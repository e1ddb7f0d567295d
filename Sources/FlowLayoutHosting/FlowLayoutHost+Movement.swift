/// Interactive reordering (UIKit's `beginInteractiveMovementForItem(at:)` and
/// what follows): a hit test for the item under the finger, and each change of
/// the target applied at once, as a one-item move, so the layout shows the
/// item's new place while the finger moves.
extension FlowLayoutHost {
    /// The index path of the cell whose frame holds `point` (edges included;
    /// the first in element order where two touch), or `nil` over a gap, a
    /// header or a footer: ``/FlowLayoutCore/FlowLayoutState/indexPathForItem(at:)``
    /// after supplying the sections the point reaches.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` at
    ///   `point.x` or `point.y` for a NaN or infinite component.
    /// - Complexity: O(log S + log R + k) for the k elements touching the point.
    public func indexPathForItem(at point: Point) throws(FlowLayoutError) -> FlowIndexPath? {
        let probe = Rect(origin: point, size: .zero)
        try Validation.check(rect: probe, path: "point")
        try supplySections(reaching: probe)
        return try state.indexPathForItem(at: point)
    }

    /// UIKit's `invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:previousPosition:)`
    /// for one item: moves the item from `previousIndexPath` to
    /// `targetIndexPath` (a one-item batch: the items between shift by one)
    /// and returns the context naming the moved item and every element in view
    /// whose frame changed. Nothing is anchored: UIKit keeps the content offset
    /// through a movement.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path out of
    ///   range (at `previousIndexPath` or `targetIndexPath`); nothing changes.
    /// - Complexity: that of a one-item batch update, and O(k) for the k
    ///   elements in view.
    public func invalidationContext(forMovingItemAt previousIndexPath: FlowIndexPath, to targetIndexPath: FlowIndexPath)
        throws(FlowLayoutError) -> InvalidationContext
    {
        let moved = ElementIdentifier(category: .cell, indexPath: targetIndexPath)
        guard previousIndexPath != targetIndexPath else {
            var context = InvalidationContext()
            context.invalidate([moved])
            return context
        }
        try supplySections(through: Swift.max(previousIndexPath.section, targetIndexPath.section))
        let before = try currentElementsInView()
        let sizeBefore = state.contentSize
        do throws(FlowLayoutError) {
            _ = try state.moveItem(at: previousIndexPath, to: targetIndexPath)
        } catch {
            throw error.prefixingPath(with: "previousIndexPath")
        }
        elementsInView = nil
        let after = try currentElementsInView()
        let sizeAfter = state.contentSize
        var context = InvalidationContext(
            contentSizeAdjustment: Size(width: sizeAfter.width - sizeBefore.width, height: sizeAfter.height - sizeBefore.height))
        context.invalidate([moved] + Self.changedElements(before: before, after: after).filter { $0 != moved })
        return context
    }
}
