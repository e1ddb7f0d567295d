/// Scrolling to an item and where scrolling comes to rest (`flow-layout.md` 8.4,
/// 8.5): the item is placed by ``ScrollPlacement``, the resting offset chosen
/// among ``Snapping``'s candidates. Offsets are presented offsets (the visible
/// rect's origin), clamped to `[0, max(0, content − viewport)]` and, with
/// pixel snapping, on the pixel grid.
extension FlowLayoutState {
    /// The content offset that shows an item at `position` in the visible rect,
    /// keeping the visible rect's offset across the scroll axis.
    ///
    /// The item's section is laid out if pending (and those before it, as for
    /// every query); unmeasured items count at their estimate. The engine then
    /// holds the item at that position: while the host's visible rect stays
    /// where this offset (moved by each adjustment) puts it, updates keep the
    /// item's edge that `position` names (its centre, for `center`) still on
    /// screen, so measuring the items around it never moves it. A visible rect
    /// elsewhere, or a batch update, ends the hold.
    ///
    /// - Parameters:
    ///   - indexPath: the item.
    ///   - position: where in the visible rect it goes.
    /// - Returns: the content offset: the visible rect's new origin.
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R + the item's line), once the sections up to
    ///   the item's are laid out.
    public mutating func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition) throws(FlowLayoutError)
        -> Point
    {
        try sections.checkItem(indexPath, path: "indexPath")
        let frame = attributes(ofItemAt: indexPath).frame
        let metrics = sections.metrics(ofSection: indexPath.section)
        let placement = ScrollPlacement(&self)
        let (offset, kept) = placement.offset(
            showing: frame, at: position, headerCover: configuration.pins(.header) ? metrics.headerExtent : 0,
            footerCover: configuration.pins(.footer) ? metrics.footerExtent : 0)
        let direction = configuration.scrollDirection
        let origin = direction.point(main: direction.main(visibleRectOrViewport.origin), cross: placement.resting(offset))
        hold = AnchorHold(origin: origin, target: ScrollTarget(indexPath: indexPath, kept: kept))
        checkInvariants()
        return origin
    }

    /// Where a scroll gesture released at `proposed` with `velocity` comes to rest:
    /// UIKit's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// under ``FlowLayoutOptions/snapping`` (`flow-layout.md` 8.5).
    ///
    /// The candidates are the offsets that put a line's or header's leading edge
    /// at the visible rect's leading edge (`lineStart`), an item's centre at its
    /// centre (`itemCenter`), or multiples of the viewport's extent (`page`). At
    /// zero velocity the nearest candidate wins (the smaller, on a tie); moving
    /// forward, the first at or after the proposal; moving back, the last at or
    /// before it; then the offset is clamped as in 8.4. Without a candidate on
    /// the side the velocity asks for, the proposal is kept (then clamped). With
    /// snapping off the proposal is returned as it is, as UIKit does.
    ///
    /// - Parameters:
    ///   - proposed: where the scroll view would stop.
    ///   - velocity: the scroll velocity; only its sign along the scroll axis is read.
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a NaN or infinite
    ///   component (`proposedContentOffset.y`, `velocity.x`).
    /// - Complexity: O(log S + log R + a few lines), once the sections before the
    ///   proposal are laid out.
    public mutating func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point)
        throws(FlowLayoutError) -> Point
    {
        for (value, path): (Double, FieldPath) in [
            (proposed.x, "proposedContentOffset.x"), (proposed.y, "proposedContentOffset.y"),
            (velocity.x, "velocity.x"), (velocity.y, "velocity.y"),
        ] where !value.isFinite {
            throw .invalidValue(path: path, value: value)
        }
        guard options.snapping != .none else { return proposed }
        let direction = configuration.scrollDirection
        let along = direction.cross(proposed)
        let snapping = Snapping(&self)
        let candidates = snapping.candidates(options.snapping, around: along, in: &sections)
        let chosen = Snapping.resting(at: along, speed: direction.cross(velocity), among: candidates)
        let offset = ScrollPlacement(&self).clamped(chosen)
        checkInvariants()
        return direction.point(main: direction.main(proposed), cross: offset)
    }
}
