/// What an update does instead of keeping an anchor still, when the content's
/// end decides (`flow-layout.md` 7.4, 8.6): decided before the change, by the
/// one anchored-update step (``FlowLayoutState/update(_:)``).
enum EndRule {
    /// Content at the end, shorter than the viewport (8.6): it cannot scroll,
    /// and the update makes no adjustment.
    case fixed
    /// Following the end (7.4): V stays at the end; the adjustment is the
    /// change of the content's extent (none when the end is at the origin:
    /// mirrored along the scroll axis, scrolling horizontally right to left).
    /// The extent after is exact: a change that leaves sections pending (a
    /// new width) lays them out.
    case follows

    /// The rule for an update about to change `state`, whose content size
    /// the host last knew as `contentSize`, or `nil` when the anchor decides
    /// (7.2, 10.4). `mayFollow`: whether the kind of update
    /// follows the end (size reports, viewport changes, frames, batches and
    /// snapshots do; configuration and option changes do not).
    ///
    /// - Complexity: O(1). (`inout`, though it only reads: a state passed
    ///   borrowed is copied whole, some hundreds of instructions.)
    static func before(_ state: inout FlowLayoutState, contentSize: Size, mayFollow: Bool) -> EndRule? {
        let direction = state.configuration.scrollDirection
        let extent = direction.cross(contentSize)
        let follows = mayFollow && state.options.followsEnd
        // Content at the end, shorter than the viewport, is at its end: it
        // follows the end as it grows past the viewport (7.4 with 8.6; while
        // it stays shorter the change of its extent, the viewport's, is 0).
        if state.contentShift > 0 { return follows ? .follows : .fixed }
        guard follows else { return nil }
        let span = direction.crossSpan(state.visibleRectOrViewport)
        // The content is longer than V, and V's trailing edge is at its end or past it.
        guard extent > span.max - span.min else { return nil }
        if state.mirrorsAlongScrollAxis { return span.min <= 0.5 ? .follows : nil }
        return span.max >= extent - 0.5 ? .follows : nil
    }

    /// The adjustment along the scroll axis, the content's extent having
    /// gone from `before` to `after`.
    func adjustment(from before: Double, to after: Double, mirrored: Bool) -> Double {
        switch self {
        case .fixed: 0
        case .follows: mirrored ? 0 : after - before
        }
    }
}
