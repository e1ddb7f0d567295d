/// Where scrolling comes to rest (`flow-layout.md` 8.5) and where the content
/// offset goes after an update (7.2, 10.4).
extension FlowLayoutHost {
    /// UIKit's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`:
    /// where a scroll gesture released at `proposedContentOffset` comes to
    /// rest, under ``/FlowLayoutCore/FlowLayoutOptions/snapping`` (the proposal
    /// itself with snapping off, as UIKit's default).
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)``
    ///   for a NaN or infinite component.
    /// - Complexity: O(log S + log R + a few lines).
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point)
        throws(FlowLayoutError) -> Point
    {
        try state.targetContentOffset(forProposedContentOffset: proposedContentOffset, velocity: velocity)
    }

    /// UIKit's `targetContentOffset(forProposedContentOffset:)`, asked after an
    /// animated update or a layout change: after a batch update, a size change
    /// or a configuration change, the offset that keeps the anchor element
    /// where it was on screen, clamped to `[0, max(0, content − viewport)]`
    /// along the scroll axis (the anchor moves only when the content cannot
    /// hold it there). Otherwise, and once the host's bounds have moved since,
    /// the proposal.
    ///
    /// - Complexity: O(1).
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        guard let anchored = state.anchoredContentOffset else { return proposedContentOffset }
        let direction = state.configuration.scrollDirection
        let limit = Swift.max(0, direction.cross(state.contentSize) - direction.cross(state.viewportSize))
        return direction.point(main: direction.main(anchored), cross: Swift.min(Swift.max(direction.cross(anchored), 0), limit))
    }
}
